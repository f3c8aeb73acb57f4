/**
 * SERVE_MIGRATIONS: folders of migrations the stack serves beside the product
 * (`ref=dir`, comma-separated), each as its own project at /p/{ref} with
 * PostgREST, GoTrue and its own keys, so a schema other than Lockstep's can
 * be tried against the local stack from `npm start` (issue 19).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SLUG_PATTERN } from './stack';

export interface MigrationsFolder {
  ref: string;
  dir: string;
}

/** Reads the variable; throws a message naming the bad entry, so a typo never starts a stack without it. */
export function parseServeMigrations(value: string | undefined, cwd: string): MigrationsFolder[] {
  if (!value?.trim()) return [];
  const seen = new Set<string>();
  return value.split(',').map((entry) => {
    const at = entry.indexOf('=');
    const ref = entry.slice(0, at).trim();
    const dir = entry.slice(at + 1).trim();
    if (at < 1 || !dir) throw new Error(`SERVE_MIGRATIONS: "${entry.trim()}" is not ref=folder`);
    if (!SLUG_PATTERN.test(ref)) throw new Error(`SERVE_MIGRATIONS: "${ref}" is not a project ref (lower-case letters, digits and -)`);
    if (seen.has(ref)) throw new Error(`SERVE_MIGRATIONS: "${ref}" is named twice`);
    seen.add(ref);
    const full = resolve(cwd, dir);
    if (!existsSync(full) || !statSync(full).isDirectory()) throw new Error(`SERVE_MIGRATIONS: ${full} is not a folder`);
    return { ref, dir: full };
  });
}
