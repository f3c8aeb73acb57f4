/**
 * `npm run bench`: every figure the issues name, each printed with its bar,
 * all written to .bench/results.json as [{id, figure, unit, bar, ok}].
 * Timings are compared within one run (ratios); nothing here is a unit test.
 * Pick sections with: npm run bench -- stack sync, or one file of a section
 * by its name: npm run bench -- field-qr-sheet. Each file runs in its own
 * process (section.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BenchResult } from './result';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface Section {
  name: string;
  file: string;
  fn: string;
}

const SECTIONS: Section[] = [
  { name: 'stack', file: 'stack.ts', fn: 'runStackBench' },
  { name: 'stack', file: 'stack-hostile.ts', fn: 'runHostileBench' },
  { name: 'stack', file: 'stack-start.ts', fn: 'runStartBench' },
  { name: 'stack', file: 'stack-tenants.ts', fn: 'runTenantsBench' },
  { name: 'sync', file: 'sync.ts', fn: 'runSyncBench' },
  { name: 'shell', file: 'shell.ts', fn: 'runShellBench' },
  { name: 'field', file: 'field.ts', fn: 'runFieldBench' },
  { name: 'field', file: 'field-qr-sheet.ts', fn: 'runQrSheetBench' },
  { name: 'reports', file: 'reports.ts', fn: 'runReportsBench' },
  { name: 'platform', file: 'platform.ts', fn: 'runPlatformBench' },
  { name: 'dashboard', file: 'dashboard.ts', fn: 'runDashboardBench' },
  { name: 'transport', file: 'transport.ts', fn: 'runTransportBench' },
  { name: 'parking', file: 'parking.ts', fn: 'runParkingBench' },
  { name: 'photos', file: 'photos.ts', fn: 'runPhotosBench' },
  { name: 'real', file: 'security-dashboard.ts', fn: 'runSecurityDashboardBench' },
  { name: 'real', file: 'real.ts', fn: 'runRealBench' },
  { name: 'lighthouse', file: 'lighthouse.ts', fn: 'runLighthouseBench' },
  { name: 'photos', file: 'photos-queue.ts', fn: 'runPhotosQueueBench' },
  { name: 'sweeps', file: 'sweeps.ts', fn: 'runSweepsBench' },
];

async function previousResults(file: string): Promise<BenchResult[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as BenchResult[]) : [];
  } catch {
    return [];
  }
}

/** One section file in a fresh process; its figures, or an error when it failed. */
async function runSection(s: Section, dir: string): Promise<BenchResult[]> {
  const out = join(dir, `${s.file}.json`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'section.ts'), s.file, s.fn], {
    env: { ...process.env, BENCH_OUT: out },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`${s.file} exited with ${code}`);
  return JSON.parse(await readFile(out, 'utf8')) as BenchResult[];
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const results: BenchResult[] = [];
  let failed = false;
  const dir = await mkdtemp(join(tmpdir(), 'lockstep-bench-'));
  for (const s of SECTIONS) {
    if (wanted.length && !wanted.includes(s.name) && !wanted.includes(s.file.replace(/\.ts$/, ''))) continue;
    const path = join(import.meta.dirname, s.file);
    if (!existsSync(path)) continue;
    console.log(`\n== ${s.name} (${s.file})`);
    try {
      for (const r of await runSection(s, dir)) {
        results.push(r);
        console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.id.padEnd(34)} ${String(r.figure).padStart(10)} ${r.unit.padEnd(4)} bar: ${r.bar}`);
      }
    } catch (e) {
      failed = true;
      console.error(`section ${s.name} failed:`, e);
    }
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(ROOT, '.bench'), { recursive: true });
  const file = join(ROOT, '.bench', 'results.json');
  // A run of some sections keeps the other sections' last figures; a full run writes them all afresh.
  const kept = wanted.length ? (await previousResults(file)).filter((r) => !results.some((n) => n.id === r.id)) : [];
  await writeFile(file, JSON.stringify([...kept, ...results], null, 2) + '\n');
  const missed = results.filter((r) => !r.ok);
  console.log(
    `\n${results.length} figures, ${missed.length} missing their bar${missed.length ? ': ' + missed.map((r) => r.id).join(', ') : ''}. Written to .bench/results.json`,
  );
  process.exit(failed ? 1 : 0);
}

void main();
