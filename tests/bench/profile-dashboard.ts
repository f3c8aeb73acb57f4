/**
 * A profiling aid for the security dashboard's start (issue 16, decision 031), not a figure: `npm run bench` does not
 * run it. The same set-up as security-dashboard.ts (demo stack, signed in, 5,000 doors and 200,000 logs in the
 * device's cache, CPU 4x slower), then LOADS full loads, each printed with its long tasks (PerformanceObserver).
 * On this shared machine counts of long tasks vary too much between runs to compare two builds; what a task is made
 * of does not, so compare with TRACE or PROFILE:
 *
 *   TRACE=1    a Chromium trace per load: each main-thread task over 40 ms with its events over 1 ms (tracing adds
 *              1.3-2x to every task)
 *   PROFILE=1  V8's sampler at 100 us: time under each chunk's top-level code (a module's evaluation), summed
 *              over the loads
 *   DIST=name  serve .bench/<name> as built, e.g. a build of another commit (default: build this tree into
 *              .bench/profile-dashboard-dist)
 *
 *   LOADS=10 TRACE=1 node_modules/.bin/node --import tsx tests/bench/profile-dashboard.ts
 */
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { seedBigCache } from './big-cache';
import { buildAppInto, serveDemoStack, signInSecurityAdmin } from './demo-stack';

const ROOT = resolve(import.meta.dirname, '..', '..');
const LOADS = Number(process.env.LOADS ?? 10);
const TASK_US = 40_000;
const WATCH = `
  globalThis.__name = (f) => f;
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

function describe(e: TraceEvent): string {
  const url = e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : '';
  const fn = e.args?.data?.functionName ? `[${e.args.data.functionName}]` : '';
  return `${e.name}${url}${fn}`;
}

/** The renderer's main-thread tasks over 40 ms, with what ran inside them. */
function printLongTraceTasks(text: string, load: number): void {
  const events = (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.find((m) => events.some((e) => e.pid === m.pid && e.name === 'ParseHTML'));
  if (!main) return;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const t0 = onMain[0]?.ts ?? 0;
  for (const task of onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) > TASK_US)) {
    const end = task.ts + (task.dur ?? 0);
    const inner = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 1_000).slice(0, 30);
    const lines = inner.map((e) => `${describe(e)} ${((e.dur ?? 0) / 1000).toFixed(1)} ms at +${((e.ts - task.ts) / 1000).toFixed(0)}`);
    console.log(
      `  load ${load}: task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(1)} ms\n    ${lines.join('\n    ')}`,
    );
  }
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
  timeDeltas: number[];
}

const underModules = new Map<string, number>();

function addProfile(p: CpuProfile): void {
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const ancestors = function* (id: number) {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) yield byId.get(cur)!.callFrame;
  };
  p.samples.forEach((id, k) => {
    const ms = (p.timeDeltas[k] ?? 0) / 1000;
    let module: string | null = null;
    // V8 names a module's top-level code with an empty name at line -1: the outermost one is the module evaluated.
    for (const f of ancestors(id)) {
      if (f.functionName === '' && f.lineNumber <= 0 && f.columnNumber <= 0 && f.url.endsWith('.js')) module = f.url.split('/').pop()!;
    }
    if (module) underModules.set(module, (underModules.get(module) ?? 0) + ms);
  });
}

function printTotals(title: string, totals: Map<string, number>): void {
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`${title} (ms, summed over ${LOADS} loads):\n${rows.map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ${k}`).join('\n')}`);
}

async function main(): Promise<void> {
  const dist = join(ROOT, '.bench', process.env.DIST ?? 'profile-dashboard-dist');
  if (!process.env.DIST) await buildAppInto(dist);
  const demo = await serveDemoStack(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: demo.base, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(WATCH);
    const page = await context.newPage();
    await signInSecurityAdmin(page);
    await seedBigCache(page, { doors: 5_000, logs: 200_000, maintenance: 0, users: 0, campuses: 20 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let over = 0;
    // Load 0 warms the caches and is not printed.
    for (let i = 0; i <= LOADS; i++) {
      if (process.env.PROFILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      if (process.env.TRACE)
        await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'] });
      await page.goto('/tenant/lincoln-isd/security', { waitUntil: 'commit' });
      await page.getByTestId('door-tile').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(3_000);
      const seen = await page.evaluate(() => ({
        tasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
        painted: Math.round(performance.getEntriesByName('lockstep:background-start')[0]?.startTime ?? -1),
      }));
      const profile = process.env.PROFILE ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : null;
      const trace = process.env.TRACE ? await browser.stopTracing() : null;
      if (i === 0) continue;
      if (profile) addProfile(profile);
      if (trace) printLongTraceTasks(trace.toString('utf8'), i);
      if (seen.tasks.some(([, d]) => d >= 50)) over++;
      console.log(`load ${i}: long tasks [start, ms] ${JSON.stringify(seen.tasks)}; background start at ${seen.painted} ms`);
    }
    console.log(`${over} of ${LOADS} loads had a task of 50 ms or more`);
    if (process.env.PROFILE) {
      printTotals("time under each chunk's top-level code", underModules);
    }
  } finally {
    await browser.close();
    await demo.close();
  }
}

void main();
