/**
 * A profiling aid for the security dashboard's start (issue 16, decision 031), not a figure: `npm run bench` does not
 * run it. The same set-up as security-dashboard.ts (demo stack, signed in, 5,000 doors and 200,000 logs in the
 * device's cache, CPU 4x slower), then LOADS full loads, each printed with its long tasks (PerformanceObserver).
 * Each load also prints its animation frames of 50 ms or more (FRAME_MS=n: of n ms or more) (Long Animation Frames: the scripts that ran, by
 * invoker and function, and the rendering), which names an untraced long task at little cost.
 * On this shared machine counts of long tasks vary too much between runs to compare two builds; what a task is made
 * of does not, so compare with TRACE or PROFILE:
 *
 *   TRACE=1    a Chromium trace per load: each main-thread task over 40 ms with its events over 1 ms (tracing adds
 *              1.3-2x to every task)
 *   PROFILE=1  V8's sampler at 100 us until the board painted: time under each chunk's top-level code (a module's evaluation), and each
 *              function's self time, summed over the loads (PROFILE=after: the 3 s after it painted instead)
 *   TIMELINE=1 a Chromium trace per load: every main-thread task over 4 ms until the board painted, with its
 *              largest events, and the main thread's busy and idle time until then (where the load's time goes)
 *   V8_COMPILE=1 with TIMELINE, also trace V8's compiler (parsing, and source positions collected late)
 *   ICU_PROBE=1 print the first call of each of the page's locale-aware built-ins (localeCompare, toLocaleString,
 *              Intl's constructors), with its time and stack: the first of each loads ICU's data in a new process, one
 *              task of 30-120 ms at 4x
 *   ERR_PROBE=1 print each Error the page makes in its first 3 s, with its stack (with Playwright's inspector
 *              attached, making one captures a detailed stack, which can re-parse a whole bundled module)
 *   TRACE_OUT=dir with TRACE or TIMELINE, also write each load's trace to dir/load-<n>.json (for DevTools' Performance panel)
 *   IN_TASK=fn@file with PROFILE: the samples under that function (e.g. x@client-, React's scheduler task) by the
 *              innermost frame outside that file: which app code (components, hooks) its tasks ran
 *   REACT_COMMITS=n  each of React's commits of n ms or more after the navigation: what it rendered, from React's
 *              own timers (react-commits.ts; builds with react-dom's profiling build into .bench/profile-dashboard-react-dist)
 *   CALLERS=fn with PROFILE: fn's self time by its four nearest callers (e.g. CALLERS=appendChild; CALLER_DEPTH=n: n callers)
 *   IDLE_S=n   leave the page idle n seconds before each load (the bench's extra loads come after 70 s idle)
 *   FORGET=1   delete the board's kept latest checks before each load (the first visit's path)
 *   NEW_TAB=1  each load in a tab of its own, the last one closed (a new renderer process). Playwright's inspector is
 *              attached, which in a new process adds V8 re-parsing react-dom's module (ERR_PROBE); the bench's
 *              reopened loads run without it (raw-cdp.ts)
 *   NEW_LOGS=n add n door logs to the cache before each load (the bench's timed loads add 200: the returning user's path)
 *   ALLOC=1    what each function allocated, from the navigation to 3 s after the paint (V8's sampling heap profiler,
 *              collected objects included), summed over the loads (ALLOC=idle: during IDLE_S before each load but the first,
 *              on the page the load before left)
 *   HEAP=1     after the last load, what the JS heap holds (a heap snapshot after a full GC, by constructor)
 *   ENTRIES=1  print when the document, each script and each performance mark arrived
 *   CONSOLE=s  print the page's console messages containing s
 *   DIST=name  serve .bench/<name> as built, e.g. a build of another commit (default: build this tree into
 *              .bench/profile-dashboard-dist)
 *
 *   LOADS=10 TRACE=1 node_modules/.bin/node --import tsx tests/bench/profile-dashboard.ts
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { seedBigCache } from './big-cache';
import { buildAppInto, serveDemoStack, signInSecurityAdmin } from './demo-stack';
import { addAllocations, heapSummary, startAllocationSampling } from './heap-summary';
import { longWorkBetween, WATCH_LONG_TASKS, type TraceEvent } from './long-tasks';
import { printReactCommits, RECORD_REACT_COMMITS } from './react-commits';
import { addDoorLogs, forgetKeptChecks } from './security-dashboard';

/** ICU_PROBE: wraps each locale-aware built-in so its first call in the page is noted with its time, duration and stack. */
const PROBE_ICU = `{
  const seen = (window.__icu = []);
  const wrap = (owner, key, label) => {
    const orig = owner[key];
    let first = true;
    // Constructed with the original as new.target, so an Intl object keeps its own prototype.
    const call = (self, args, target) => (target ? Reflect.construct(orig, args, target === wrapped ? orig : target) : orig.apply(self, args));
    const wrapped = function (...args) {
      if (!first) return call(this, args, new.target);
      first = false;
      const t0 = performance.now();
      const out = call(this, args, new.target);
      const stack = (new Error().stack || '').split('\\n').slice(2, 6).map((l) => l.trim().replace(/^at /, '').replace(/https?:[/][/][^/]+[/]assets[/]/, '')).join(' < ');
      seen.push(label + ' at ' + t0.toFixed(0) + ' ms took ' + (performance.now() - t0).toFixed(1) + ' ms: ' + stack);
      return out;
    };
    wrapped.prototype = orig.prototype;
    Object.setPrototypeOf(wrapped, orig);
    owner[key] = wrapped;
  };
  wrap(String.prototype, 'localeCompare', 'localeCompare');
  wrap(Number.prototype, 'toLocaleString', 'Number toLocaleString');
  for (const k of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) wrap(Date.prototype, k, 'Date ' + k);
  for (const k of ['Collator', 'NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'ListFormat']) wrap(Intl, k, 'Intl.' + k);
}`;

const ROOT = resolve(import.meta.dirname, '..', '..');
const LOADS = Number(process.env.LOADS ?? 10);
const TASK_US = 40_000;

function describe(e: TraceEvent): string {
  const url = e.args?.data?.url ? `(${e.args.data.url.split('/').pop()})` : '';
  const fn = e.args?.data?.functionName ? `[${e.args.data.functionName}]` : '';
  const type = e.args?.data?.type ? `<${e.args.data.type}>` : e.args?.elementCount ? `<${e.args.elementCount} elements>` : '';
  return `${e.name}${type}${url}${fn}`;
}

/** The trace's events, and the complete events of the page's main thread (the renderer that parsed the HTML). */
function mainThreadOf(text: string): { events: TraceEvent[]; main: TraceEvent; onMain: TraceEvent[] } | null {
  const events = (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.find((m) => events.some((e) => e.pid === m.pid && e.name === 'ParseHTML'));
  if (!main) return null;
  return { events, main, onMain: events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined) };
}

/** The renderer's main-thread tasks over 40 ms, with what ran inside them. */
function printLongTraceTasks(text: string, load: number): void {
  const thread = mainThreadOf(text);
  if (!thread) return;
  const { onMain } = thread;
  const t0 = onMain[0]?.ts ?? 0;
  // Every major GC's pause on the main thread, long or not: what a mark-compact costs this page.
  const pauses = onMain.filter((e) => e.name === 'V8.GC_MARK_COMPACTOR');
  if (pauses.length)
    console.log(
      `  load ${load}: mark-compact pauses ${pauses.map((e) => `${((e.dur ?? 0) / 1000).toFixed(1)} ms at ${((e.ts - t0) / 1000).toFixed(0)}`).join(', ')}`,
    );
  for (const task of onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) > TASK_US)) {
    const end = task.ts + (task.dur ?? 0);
    const inner = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 1_000).slice(0, 30);
    const lines = inner.map((e) => `${describe(e)} ${((e.dur ?? 0) / 1000).toFixed(1)} ms at +${((e.ts - task.ts) / 1000).toFixed(0)}`);
    console.log(
      `  load ${load}: task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(1)} ms\n    ${lines.join('\n    ')}`,
    );
  }
}

/** Where a load's time goes until the board painted: the main thread's tasks over 4 ms in order, and busy vs idle. */
function printTimeline(text: string, load: number, paintedMs: number): void {
  const thread = mainThreadOf(text);
  if (!thread) return;
  const { events, main, onMain } = thread;
  const navigation = events.find((e) => e.pid === main.pid && e.name === 'navigationStart');
  // Without it, times count from the first event traced, which comes before the navigation.
  if (!navigation) console.log('  (no navigationStart in the trace: times below count from its first event)');
  const start = navigation?.ts ?? onMain[0]?.ts ?? 0;
  const end = start + paintedMs * 1000;
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts >= start && e.ts < end);
  let busy = 0;
  const lines: string[] = [];
  for (const task of tasks) {
    busy += task.dur ?? 0;
    if ((task.dur ?? 0) < 4_000) continue;
    const taskEnd = task.ts + (task.dur ?? 0);
    const inner = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts < taskEnd && (e.dur ?? 0) > 2_000 && e.name !== 'ThreadControllerImpl::RunTask')
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4);
    lines.push(
      `${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms (cpu ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(4)})  ${inner.map((e) => `${describe(e)} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', ')}`,
    );
  }
  const kinds = [
    'FunctionCall',
    'EvaluateScript',
    'v8.evaluateModule',
    'v8.compile',
    'v8.compileModule',
    'ParseHTML',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Commit',
    'MajorGC',
    'MinorGC',
  ];
  const sums = kinds.map((k) => {
    const ms = onMain.filter((e) => e.name === k && e.ts >= start && e.ts < end).reduce((t, e) => t + (e.dur ?? 0), 0) / 1000;
    return `${k} ${ms.toFixed(0)}`;
  });
  console.log(
    `  load ${load}: painted at ${paintedMs} ms, main thread busy ${(busy / 1000).toFixed(0)} ms of it (${sums.join(', ')})\n${lines.join('\n')}`,
  );
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
const selfTime = new Map<string, number>();
/** CALLERS=name: the self time of the function of that name, by its CALLER_DEPTH nearest callers. */
const CALLER_DEPTH = Number(process.env.CALLER_DEPTH ?? 4);
const callers = new Map<string, number>();
const [IN_TASK_FN, IN_TASK_FILE] = (process.env.IN_TASK ?? '').split('@');
const inTask = new Map<string, number>();

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
    const f = byId.get(id)!.callFrame;
    selfTime.set(frameName(f), (selfTime.get(frameName(f)) ?? 0) + ms);
    if (IN_TASK_FN && IN_TASK_FILE) {
      const stack = [...ancestors(id)];
      if (stack.some((a) => a.functionName === IN_TASK_FN && a.url.includes(IN_TASK_FILE))) {
        const own = stack.find((a) => a.url !== '' && !a.url.includes(IN_TASK_FILE));
        const key = own ? frameName(own) : `${IN_TASK_FILE} itself`;
        inTask.set(key, (inTask.get(key) ?? 0) + ms);
      }
    }
    if (process.env.CALLERS && f.functionName === process.env.CALLERS) {
      const chain = [...ancestors(id)]
        .slice(1, 1 + CALLER_DEPTH)
        .map(frameName)
        .join(' < ');
      callers.set(chain, (callers.get(chain) ?? 0) + ms);
    }
  });
  printBusyStretches(p, byId, ancestors);
}

const frameName = (f: CpuNode['callFrame']) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

/**
 * The profile's stretches of 40 ms or more without an idle sample (a long task, give or take), each with the
 * functions it spent most time under (inclusive): what made the task long.
 */
function printBusyStretches(p: CpuProfile, byId: Map<number, CpuNode>, ancestors: (id: number) => Iterable<CpuNode['callFrame']>): void {
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let at = 0;
  let stretch: { from: number; samples: [number, number][] } | null = null;
  const flush = () => {
    if (!stretch) return;
    const ms = stretch.samples.reduce((t, [, d]) => t + d, 0);
    if (ms >= 40) {
      const under = new Map<string, number>();
      for (const [id, d] of stretch.samples) {
        const seen = new Set<string>();
        for (const f of ancestors(id)) {
          const name = frameName(f);
          if (f.url && !seen.has(name)) under.set(name, (under.get(name) ?? 0) + d);
          seen.add(name);
        }
      }
      const top = [...under].sort((a, b) => b[1] - a[1]).slice(0, 14);
      console.log(
        `  busy ${ms.toFixed(0)} ms from +${(stretch.from / 1000).toFixed(0)} ms of the profile:\n${top.map(([k, v]) => `      ${v.toFixed(1).padStart(6)} ${k}`).join('\n')}`,
      );
    }
    stretch = null;
  };
  p.samples.forEach((id, k) => {
    const d = (p.timeDeltas[k] ?? 0) / 1000;
    at += p.timeDeltas[k] ?? 0;
    if (idle.has(id)) return flush();
    stretch ??= { from: at, samples: [] };
    stretch.samples.push([id, d]);
  });
  flush();
}

function printTotals(title: string, totals: Map<string, number>): void {
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`${title} (ms, summed over ${LOADS} loads):\n${rows.map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ${k}`).join('\n')}`);
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

async function main(): Promise<void> {
  const reactCommits = process.env.REACT_COMMITS ? Number(process.env.REACT_COMMITS) : null;
  const dist = join(
    ROOT,
    '.bench',
    process.env.DIST ?? (reactCommits === null ? 'profile-dashboard-dist' : 'profile-dashboard-react-dist'),
  );
  if (!process.env.DIST) await buildAppInto(dist, { reactProfiling: reactCommits !== null });
  const demo = await serveDemoStack(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: demo.base, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(WATCH_LONG_TASKS);
    if (reactCommits !== null) await context.addInitScript(RECORD_REACT_COMMITS);
    if (process.env.ERR_PROBE)
      await context.addInitScript(`{ const E = Error; const seen = (e) => { if (performance.now() < 3000) console.log('ERRPROBE ' + String(e && e.stack).slice(0, 400)); return e; };
        globalThis.Error = new Proxy(E, { construct: (t, a, n) => seen(Reflect.construct(t, a, n)), apply: (t, th, a) => seen(Reflect.apply(t, th, a)) }); }`);
    if (process.env.ICU_PROBE) await context.addInitScript(PROBE_ICU);
    let page = await context.newPage();
    // CONSOLE=text: the page's console messages containing it (a temporary console.debug in the app, say).
    const wanted = process.env.CONSOLE;
    if (wanted) context.on('console', (m) => m.text().includes(wanted) && console.log(`  page: ${m.text()}`));
    await signInSecurityAdmin(page);
    await seedBigCache(page, { doors: 5_000, logs: 200_000, maintenance: 0, users: 0, campuses: 20 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    let cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let over = 0;
    const allocated = new Map<string, number>();
    // Load 0 warms the caches and is not printed.
    for (let i = 0; i <= LOADS; i++) {
      if (process.env.NEW_TAB && i > 0) {
        // The app opened again in a new process. The tab first shows a file of the app's origin, so the profile
        // and trace started below stay with the process that then loads the board (a cross-site first navigation
        // could swap it).
        if (process.env.NEW_LOGS) await addDoorLogs(page, Number(process.env.NEW_LOGS), 5_000);
        // Closed first, as in the bench: with the old tab open, Chromium could put the new one in its process.
        await page.close();
        page = await context.newPage();
        await page.goto('/favicon.svg');
        cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      const profileAfter = process.env.PROFILE === 'after';
      if (process.env.PROFILE && !profileAfter) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      if (process.env.TRACE || process.env.TIMELINE)
        await browser.startTracing(page, {
          categories: [
            'toplevel',
            'devtools.timeline',
            'v8',
            'disabled-by-default-devtools.timeline',
            // Its navigationStart is the timeline's origin: without it, the first event traced, which is the
            // door logs' writes before the navigation, and every time printed was late by them.
            'blink.user_timing',
            ...(process.env.V8_COMPILE ? ['disabled-by-default-v8.compile', 'v8.execute'] : []),
          ],
        });
      const allocIdle = process.env.ALLOC === 'idle' && i > 0;
      if (allocIdle) await startAllocationSampling(cdp);
      if (process.env.IDLE_S) await page.waitForTimeout(Number(process.env.IDLE_S) * 1000);
      if (allocIdle) await addAllocations(cdp, allocated);
      if (process.env.FORGET) await forgetKeptChecks(page);
      if (process.env.NEW_LOGS && !(process.env.NEW_TAB && i > 0)) await addDoorLogs(page, Number(process.env.NEW_LOGS), 5_000);
      if (process.env.ALLOC === '1') await startAllocationSampling(cdp);
      await page.goto('/tenant/lincoln-isd/security', { waitUntil: 'commit' });
      await page.getByTestId('door-tile').first().waitFor({ timeout: 60_000 });
      // The profile covers the load until the board painted, not the sync after it.
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, 'lockstep:background-start', { timeout: 60_000 });
      const heapAtPaint = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
      let profile =
        process.env.PROFILE && !profileAfter ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : null;
      if (profileAfter) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      await page.waitForTimeout(3_000);
      if (profileAfter) profile = ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile;
      if (process.env.ALLOC === '1') await addAllocations(cdp, i === 0 ? new Map() : allocated);
      const work = await longWorkBetween(page, 0, Number.POSITIVE_INFINITY);
      const seen = await page.evaluate(() => ({
        painted: Math.round(performance.getEntriesByName('lockstep:background-start')[0]?.startTime ?? -1),
        // What arrived when: the document, each script and the marks, as start-end (ms from the navigation).
        entries: [
          ...performance.getEntriesByType('navigation'),
          ...performance.getEntriesByType('resource'),
          ...performance.getEntriesByType('mark'),
        ]
          .filter((e) => e.startTime < 3_000)
          .map((e) => {
            if (e.entryType === 'navigation') {
              // The navigation's phases: the page before's unload, the worker's answer, the document's parse.
              const n = e as PerformanceNavigationTiming;
              const at = (k: keyof PerformanceNavigationTiming) => `${k} ${Math.round(Number(n[k]))}`;
              return [
                'unloadEventStart',
                'unloadEventEnd',
                'fetchStart',
                'workerStart',
                'requestStart',
                'responseStart',
                'responseEnd',
                'domInteractive',
              ]
                .map((k) => at(k as keyof PerformanceNavigationTiming))
                .join(', ');
            }
            const end = 'responseEnd' in e ? (e as PerformanceResourceTiming).responseEnd : e.startTime;
            return `${Math.round(e.startTime)}-${Math.round(end)} ${e.name.split('/').pop()}`;
          }),
      }));
      const heapAfter = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
      const trace = process.env.TRACE || process.env.TIMELINE ? await browser.stopTracing() : null;
      if (i === 0) continue;
      if (reactCommits !== null) await printReactCommits(page, reactCommits);
      if (profile) addProfile(profile);
      if (trace && process.env.TRACE_OUT) writeFileSync(join(process.env.TRACE_OUT, `load-${i}.json`), trace);
      if (trace && process.env.TRACE) printLongTraceTasks(trace.toString('utf8'), i);
      if (trace && process.env.TIMELINE) printTimeline(trace.toString('utf8'), i, seen.painted);
      if (work.tasks.some(([, d]) => d >= 50)) over++;
      console.log(
        `load ${i}: long tasks [start, ms] ${JSON.stringify(work.tasks)}; background start at ${seen.painted} ms; JS heap ${mb(heapAtPaint.usedSize)} of ${mb(heapAtPaint.totalSize)} MB at the paint, ${mb(heapAfter.usedSize)} of ${mb(heapAfter.totalSize)} MB 3 s later`,
      );
      if (process.env.ICU_PROBE)
        console.log(`  first ICU calls:\n    ${((await page.evaluate('window.__icu || []')) as string[]).join('\n    ')}`);
      if (process.env.ENTRIES) console.log(`  entries:\n    ${seen.entries.join('\n    ')}`);
      const longFrames = work.frames.filter((f) => f.duration >= Number(process.env.FRAME_MS ?? 50)).map((f) => f.text);
      if (longFrames.length) console.log(`  long animation frames:\n    ${longFrames.join('\n    ')}`);
    }
    console.log(`${over} of ${LOADS} loads had a task of 50 ms or more`);
    if (process.env.ALLOC) printTotals('allocated by function (bytes / 1e6)', new Map([...allocated].map(([k, v]) => [k, v / 1e6])));
    if (process.env.HEAP) console.log(await heapSummary(cdp));
    if (process.env.PROFILE) {
      printTotals("time under each chunk's top-level code", underModules);
      printTotals('self time by function', selfTime);
      const busy = [...selfTime].filter(([k]) => !k.startsWith('(idle)')).reduce((t, [, v]) => t + v, 0);
      console.log(`busy (every sample but idle), per load: ${(busy / LOADS).toFixed(0)} ms`);
      if (IN_TASK_FN) printTotals(`under ${process.env.IN_TASK}, by the innermost frame outside ${IN_TASK_FILE}`, inTask);
      if (process.env.CALLERS) printTotals(`${process.env.CALLERS}'s self time by caller`, callers);
    }
  } finally {
    await browser.close();
    await demo.close();
  }
}

void main();
