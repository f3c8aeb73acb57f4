/**
 * Runs one section file of `npm run bench` in a process of its own (run.ts
 * starts one per file), so no section is timed in a heap, event loop or
 * open handles that an earlier one left behind. Writes its figures as JSON
 * to the path in BENCH_OUT.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchResult } from './result';

async function main(): Promise<void> {
  const [file, fn] = process.argv.slice(2);
  const out = process.env.BENCH_OUT;
  if (!file || !fn || !out) throw new Error('usage: BENCH_OUT=<path> section.ts <file> <function>');
  const mod = (await import(join(import.meta.dirname, file))) as Record<string, () => Promise<BenchResult[]>>;
  const run = mod[fn];
  if (!run) throw new Error(`${file} does not export ${fn}`);
  await writeFile(out, JSON.stringify(await run()));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
