/** `npm start` rebuilds the PWA only when its inputs changed since the last build (supabase/local/build-stamp.ts). */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { computeBuildStamp, decideBuild, writeBuildStamp } from '../../supabase/local/build-stamp';

describe('build stamp', () => {
  let root: string;
  let dist: string;
  const inputs = ['src', 'index.html', 'vite.config.ts'];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lockstep-stamp-'));
    mkdirSync(join(root, 'src', 'app'), { recursive: true });
    writeFileSync(join(root, 'src', 'app', 'main.tsx'), 'export {}');
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    writeFileSync(join(root, 'vite.config.ts'), 'export default {}');
    dist = join(root, 'dist');
  });

  async function built(): Promise<void> {
    const first = await decideBuild(root, dist, 'auto', inputs);
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), 'built');
    await writeBuildStamp(dist, first.stamp ?? '');
  }

  it('gives the same stamp for an unchanged tree and skips the build', async () => {
    expect(await computeBuildStamp(root, inputs)).toBe(await computeBuildStamp(root, inputs));
    expect((await decideBuild(root, dist, 'auto', inputs)).build).toBe(true);
    await built();
    expect(await decideBuild(root, dist, 'auto', inputs)).toMatchObject({ build: false, reason: 'up to date' });
  });

  it('rebuilds after a source file is touched, added or its config changed', async () => {
    await built();
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'src', 'app', 'main.tsx'), later, later);
    expect(await decideBuild(root, dist, 'auto', inputs)).toMatchObject({ build: true, reason: 'sources changed' });
    await built();
    writeFileSync(join(root, 'src', 'app', 'extra.ts'), 'export const x = 1;');
    expect((await decideBuild(root, dist, 'auto', inputs)).build).toBe(true);
    await built();
    writeFileSync(join(root, 'vite.config.ts'), 'export default { base: "/" }');
    expect((await decideBuild(root, dist, 'auto', inputs)).build).toBe(true);
  });

  it('rebuilds a dist without a stamp or without the app', async () => {
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), 'built elsewhere');
    expect(await decideBuild(root, dist, 'auto', inputs)).toMatchObject({ build: true, reason: 'no build stamp' });
    const empty = join(root, 'empty-dist');
    expect(await decideBuild(root, empty, 'auto', inputs)).toMatchObject({ build: true, reason: 'no build yet' });
  });

  it('honours --no-build (unless there is no app to serve) and --build', async () => {
    await built();
    writeFileSync(join(root, 'src', 'app', 'main.tsx'), 'export const changed = true;');
    expect(await decideBuild(root, dist, 'skip', inputs)).toMatchObject({ build: false, reason: '--no-build' });
    expect((await decideBuild(root, join(root, 'nothing'), 'skip', inputs)).build).toBe(true);
    await built();
    expect(await decideBuild(root, dist, 'force', inputs)).toMatchObject({ build: true, reason: '--build' });
  });
});
