/**
 * The sync engine's modules loaded after a screen's paint a task at a time:
 * supabase-js's five parts, supabase-js itself (clients.ts), then the engine.
 * Imported in one go, the graph is evaluated in one task: supabase-js alone
 * was 47-64 ms at 4x, and the header's sync controls, which import the
 * engine, made one of 45-53 ms with it (Long Animation Frames). Every
 * after-paint loader awaits this first (the screen's later sync, the
 * header's controls), so whichever asks first evaluates nothing at once.
 * package.json names each part at the version supabase-js pins
 * (tests/unit/supabase-parts.test.ts): they are the very modules it imports.
 */
import { nextTask } from '../lib/next-task';

const SUPABASE_PARTS: readonly (() => Promise<unknown>)[] = [
  () => import('@supabase/functions-js'),
  () => import('@supabase/postgrest-js'),
  () => import('@supabase/storage-js'),
  () => import('@supabase/realtime-js'),
  () => import('@supabase/auth-js'),
];

const STEPS: readonly (() => Promise<unknown>)[] = [...SUPABASE_PARTS, () => import('./clients'), () => import('./tenant-sync')];

let loading: Promise<void> | null = null;

async function loadInSteps(): Promise<void> {
  // A task between the evaluations: a module already fetched could otherwise be evaluated in the task of the last.
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
}

/** Resolves once the engine's modules are evaluated; a failed load (offline, say) is tried again on the next call. */
export function loadSyncModules(): Promise<void> {
  loading ??= loadInSteps().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
