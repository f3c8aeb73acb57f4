/**
 * The parts of supabase-js the sync engine evaluates one task at a time
 * before it (src/data/sync-modules.ts) are the very modules
 * supabase-js imports: package.json names each at the version supabase-js
 * pins, and npm installed one copy of each, so an update of supabase-js
 * alone fails here instead of quietly loading a second copy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const json = (path: string) =>
  JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { version?: string; dependencies?: Record<string, string> };

describe('supabase-js parts', () => {
  const pinned = json('node_modules/@supabase/supabase-js/package.json').dependencies ?? {};
  const ours = json('package.json').dependencies ?? {};
  const source = readFileSync(join(ROOT, 'src/data/sync-modules.ts'), 'utf8');

  it('package.json names every part at the version supabase-js pins, and the sync start imports each', () => {
    expect(Object.keys(pinned).length).toBeGreaterThan(3);
    for (const [name, version] of Object.entries(pinned)) {
      expect([name, ours[name]]).toEqual([name, version]);
      expect(source).toContain(`import('${name}')`);
    }
  });

  it('one copy of each is installed, the one supabase-js resolves', () => {
    for (const [name, version] of Object.entries(pinned)) {
      expect(existsSync(join(ROOT, 'node_modules/@supabase/supabase-js/node_modules', name))).toBe(false);
      expect(json(`node_modules/${name}/package.json`).version).toBe(version);
    }
  });
});
