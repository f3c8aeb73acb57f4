/**
 * `npm start`'s build of the PWA, in a child process (vite's own CLI under
 * the same node), so the serving process never holds the bundler's memory;
 * the stamp is written only once the build has succeeded.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { writeBuildStamp } from './build-stamp';

export async function buildInChild(root: string, distDir: string, stamp: string | null): Promise<void> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (c, signal) => resolve(signal ? null : c));
  });
  if (code !== 0) throw new Error(`vite build failed (exit ${code ?? 'signal'})`);
  if (stamp) await writeBuildStamp(distDir, stamp);
}
