/**
 * Whether `npm start` must rebuild the PWA: a fingerprint of the build's
 * inputs (every file's path, size and mtime: a stat per file, a few ms for
 * the whole tree, where hashing contents would read megabytes) is kept in
 * dist/.build-stamp by the last successful build; a differing or missing
 * stamp, or a dist without index.html, means the sources changed since.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What vite build reads, relative to the project root (directories are walked). */
export const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

export const STAMP_FILE = '.build-stamp';

async function listInputs(root: string, inputs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const input of inputs) {
    const path = join(root, input);
    const s = await stat(path).catch(() => null);
    if (!s) continue;
    if (!s.isDirectory()) {
      out.push(path);
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true, recursive: true });
    for (const e of entries) if (e.isFile()) out.push(join(e.parentPath, e.name));
  }
  return out.sort();
}

/** The fingerprint of the build inputs under `root` as they are now. */
export async function computeBuildStamp(root: string, inputs: string[] = BUILD_INPUTS): Promise<string> {
  const files = await listInputs(root, inputs);
  const stats = await Promise.all(files.map((f) => stat(f)));
  const hash = createHash('sha256');
  files.forEach((f, i) => {
    const s = stats[i];
    hash.update(`${relative(root, f)}\0${s?.size ?? -1}\0${s?.mtimeMs ?? -1}\n`);
  });
  return hash.digest('hex');
}

export async function readBuildStamp(distDir: string): Promise<string | null> {
  return readFile(join(distDir, STAMP_FILE), 'utf8').then(
    (s) => s.trim(),
    () => null,
  );
}

export async function writeBuildStamp(distDir: string, stamp: string): Promise<void> {
  await writeFile(join(distDir, STAMP_FILE), stamp + '\n');
}

/** auto: build when the inputs changed; force: --build; skip: --no-build (still builds a dist that has no app at all). */
export type BuildMode = 'auto' | 'force' | 'skip';

export interface BuildDecision {
  build: boolean;
  /** The inputs' fingerprint, to write once the build succeeds (null when not computed). */
  stamp: string | null;
  reason: string;
}

export async function decideBuild(root: string, distDir: string, mode: BuildMode, inputs: string[] = BUILD_INPUTS): Promise<BuildDecision> {
  const hasApp = existsSync(join(distDir, 'index.html'));
  if (mode === 'skip' && hasApp) return { build: false, stamp: null, reason: '--no-build' };
  // Computed before the build runs: an edit made while it runs leaves a stale stamp, so the next start builds again.
  const stamp = await computeBuildStamp(root, inputs);
  if (mode === 'force') return { build: true, stamp, reason: '--build' };
  if (!hasApp) return { build: true, stamp, reason: 'no build yet' };
  const previous = await readBuildStamp(distDir);
  if (previous === null) return { build: true, stamp, reason: 'no build stamp' };
  if (previous !== stamp) return { build: true, stamp, reason: 'sources changed' };
  return { build: false, stamp, reason: 'up to date' };
}
