/**
 * What a page's long tasks were, without tracing's overhead: an init script that keeps every long task
 * (PerformanceObserver 'longtask') and every long animation frame, with the scripts that ran in it (by invoker
 * and function) and its rendering time. A long task a figure counts is then named in the bench's own output, in
 * the run where it happened (on this shared machine it may not come again).
 */
import type { Browser, Page } from '@playwright/test';
import { START_MARK_PREFIX } from '../../src/lib/start-mark';

export type Task = [start: number, duration: number];

export interface Frame {
  start: number;
  duration: number;
  text: string;
}

/** A user-timing mark the app made (src/lib/start-mark.ts, content-ready.ts): [name, ms from the navigation]. */
export type Mark = [name: string, at: number];

/** What was long in a page, and the app's marks, which name the steps that ran in each long task. */
export interface LongWork {
  tasks: Task[];
  frames: Frame[];
  marks?: Mark[];
}

export const WATCH_LONG_TASKS = `
  globalThis.__name = (f) => f;
  window.__longTasks = [];
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    const r = Math.round;
    for (const f of list.getEntries()) {
      const scripts = f.scripts.filter((s) => s.duration >= 5).map((s) =>
        (s.invoker || s.invokerType) + ' ' + (s.sourceURL.split('/').pop() || '') + (s.sourceFunctionName ? ':' + s.sourceFunctionName : '') + ' ' + r(s.duration) + (s.forcedStyleAndLayoutDuration ? ' (forced style/layout ' + r(s.forcedStyleAndLayoutDuration) + ')' : ''));
      const render = f.renderStart ? r(f.startTime + f.duration - f.renderStart) : 0;
      const style = f.styleAndLayoutStart ? r(f.startTime + f.duration - f.styleAndLayoutStart) : 0;
      const blocking = r(f.blockingDuration);
      window.__frames.push({ start: f.startTime, duration: f.duration,
        text: r(f.startTime) + ' ms, ' + r(f.duration) + ' ms (blocking ' + blocking + '): ' + (scripts.join(', ') || 'no script over 5 ms') + '; rendering ' + render + ' (style and layout ' + style + ')' });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });`;

/** In the page: the long tasks and long animation frames that started between `from` and `to` (ms from the navigation). */
export function longWorkExpression(from: number, to: number): string {
  return `(() => {
    const within = (s) => s >= ${from} && s <= ${to};
    return {
      tasks: window.__longTasks.filter(([s]) => within(s)).map(([s, d]) => [Math.round(s * 10) / 10, Math.round(d * 10) / 10]),
      frames: window.__frames.filter((f) => within(f.start)),
      marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('lockstep:') && within(m.startTime))
        .map((m) => [m.name.replace(${JSON.stringify(START_MARK_PREFIX)}, '').replace(/^lockstep:/, ''), Math.round(m.startTime * 10) / 10]),
    };
  })()`;
}

export function longWorkBetween(page: Page, from: number, to: number): Promise<LongWork> {
  return page.evaluate(longWorkExpression(from, to)) as Promise<LongWork>;
}

/** The app's marks made during the task, with when (ms into the task): the steps it ran. */
function marksIn(marks: readonly Mark[] | undefined, [start, duration]: Task): string {
  // Times kept to 0.1 ms: the start's tasks follow each other closely, so a wider margin would take in a
  // neighbour's mark (some marks are made as a task begins, others as it ends).
  const inside = (marks ?? []).filter(([, at]) => at >= start && at <= start + duration + 0.1);
  return inside.length ? ` [${inside.map(([n, at]) => `${n} +${Math.round(at - start)}`).join(', ')}]` : ' [no mark]';
}

/**
 * Where each long task fell (with the GC pauses in it, when traced, and the app's marks made in it), and the
 * animation frames that held one.
 */
export function listed(work: LongWork & { pauses?: Pauses | null }, minFrameMs = 50): string {
  if (!work.tasks.length) return 'none';
  const gc = (t: Task) =>
    work.pauses === undefined ? '' : work.pauses === null ? ' (GC untraced)' : ` (GC ${Math.round(gcWithin(work.pauses, t))})`;
  const tasks = work.tasks
    .map((t) => `${Math.round(t[1])} at ${Math.round(t[0])}${gc(t)}${work.marks ? marksIn(work.marks, t) : ''}`)
    .join(' and ');
  const frames = work.frames.filter((f) => f.duration >= minFrameMs).map((f) => `\n      frame ${f.text}`);
  return tasks + frames.join('');
}

/** The longest task; given the traced GC pauses, each task less those within it (the page's own work). */
export const longestOf = (tasks: readonly Task[], pauses: Pauses | null = null) =>
  tasks.reduce((m, t) => Math.max(m, t[1] - (pauses ? gcWithin(pauses, t) : 0)), 0);

/** V8's garbage-collection pauses on the page's main thread, as [start, end] (ms from the navigation), merged. */
export type Pauses = [number, number][];

/** A Chromium trace event, as the bench and the profiling aid read them. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** the thread's CPU time: throttling's pauses and other processes' turns left out */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; elementCount?: number; data?: { url?: string; functionName?: string; type?: string } };
}

/**
 * Only V8's GC events and the page's user-timing marks, so far fewer events than a full timeline trace (which adds
 * 1.3-2x to every task). A mark of known startTime puts the trace's clock on the page's.
 */
export const GC_TRACE_CATEGORIES = ['disabled-by-default-v8.gc', 'blink.user_timing'];

/**
 * The GC pauses on the thread that made the mark `mark` (the page's main thread), which the page saw at `markAt`
 * ms; null when the trace has no such mark (it could not be placed: nothing is credited to GC). Only complete
 * events count: V8 writes its GC phases as such, and any other form is left out, which can only credit less.
 */
export function gcPausesOf(traceJson: string, mark: string, markAt: number): Pauses | null {
  const events = (JSON.parse(traceJson) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name === mark && e.cat.includes('user_timing'));
  const at = marks[0];
  if (!at || marks.length > 1) return null;
  const shift = at.ts / 1000 - markAt;
  const spans = events
    .filter((e) => e.pid === at.pid && e.tid === at.tid && e.ph === 'X' && e.name.startsWith('V8.GC') && e.dur)
    .map((e) => [e.ts / 1000 - shift, (e.ts + (e.dur ?? 0)) / 1000 - shift] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const merged: Pauses = [];
  for (const [s, e] of spans) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/**
 * Runs `run` with V8's GC pauses traced (GC_TRACE=0: untraced, for comparing what tracing costs), on the clock of
 * the page's mark `mark`, made once per document by the page; null: the bench makes its own mark first.
 */
export async function withGcPauses<T>(
  browser: Browser,
  page: Page,
  mark: string | null,
  run: () => Promise<T>,
): Promise<{ value: T; pauses: Pauses | null }> {
  if (process.env.GC_TRACE === '0') return { value: await run(), pauses: null };
  await browser.startTracing(page, { categories: GC_TRACE_CATEGORIES });
  let traced: Buffer | null = null;
  try {
    const name = mark ?? 'bench-gc-trace';
    if (!mark) await page.evaluate((n) => performance.mark(n), name);
    const value = await run();
    const markAt = await page.evaluate((n) => performance.getEntriesByName(n)[0]?.startTime ?? null, name);
    traced = await browser.stopTracing();
    return { value, pauses: markAt === null ? null : gcPausesOf(traced.toString('utf8'), name, markAt) };
  } finally {
    // Stopped here only when the run failed: the failure is what to report.
    if (!traced) await browser.stopTracing().catch(() => undefined);
  }
}

/** How much of the task [start, start + duration] was a GC pause (ms). */
export function gcWithin(pauses: Pauses, [start, duration]: Task): number {
  const end = start + duration;
  return pauses.reduce((t, [s, e]) => t + Math.max(0, Math.min(e, end) - Math.max(s, start)), 0);
}
