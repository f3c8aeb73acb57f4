/**
 * Warm `npm start` (bar: under 3 s): the real command line, `node --import
 * tsx supabase/local/cli.ts start`, from launch to the first 200 on `/`, with
 * the data dir already seeded and the build current. One cold start first
 * (fresh data dir: build if needed, seed), then three warm ones; the median
 * is the figure. Also reported: the serving process's RSS once it answers.
 * Its own data dir and dist (DIST_DIR), so a running stack is never touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, round, type BenchResult } from './result';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(ROOT, '.bench', 'start-dist');
const WARM_RUNS = 3;
const BAR_MS = 3000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => done(port));
    });
  });
}

interface Started {
  ms: number;
  rssMb: number;
  built: boolean;
}

async function rssMbOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Launches the stack, waits for `/` to answer 200, stops it. */
async function startOnce(dataDir: string, timeoutMs: number): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', 'start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: DIST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the stack exited (${child.exitCode}):\n${output}`);
      if (performance.now() - t0 > timeoutMs) throw new Error(`no 200 on / within ${timeoutMs} ms:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.arrayBuffer().then(() => r.status),
        () => 0,
      );
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - t0;
    return { ms, rssMb: await rssMbOf(child.pid ?? 0), built: output.includes('Building the PWA') };
  } finally {
    await stop(child);
  }
}

export async function runStartBench(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lockstep-start-'));
  try {
    await startOnce(dataDir, 600_000);
    const warm: Started[] = [];
    // A start that had to build (someone edited the sources meanwhile) is not a warm start: run it again.
    for (let tries = 0; warm.length < WARM_RUNS && tries < WARM_RUNS * 3; tries++) {
      const run = await startOnce(dataDir, 600_000);
      if (!run.built) warm.push(run);
    }
    if (warm.length < WARM_RUNS) throw new Error('the sources kept changing: no warm start to measure');
    const ms = round(median(warm.map((r) => r.ms)), 0);
    return [
      { id: 'stack.warm-start-ms', figure: ms, unit: 'ms', bar: `< ${BAR_MS}`, ok: ms < BAR_MS },
      { id: 'stack.serve-rss-mb', figure: round(median(warm.map((r) => r.rssMb)), 1), unit: 'MB', bar: 'reported', ok: true },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
