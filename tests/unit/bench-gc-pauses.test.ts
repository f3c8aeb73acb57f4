/**
 * The dashboard bench's GC attribution (tests/bench/long-tasks.ts): a long task is reported with the V8 GC pauses
 * inside it, read from a trace on the page's clock. Wrong here, the reported own-work figure would hide or invent
 * a long task of the app's.
 */
import { describe, expect, it } from 'vitest';
import { gcPausesOf, gcWithin, longestOf } from '../bench/long-tasks';

const MAIN = { pid: 7, tid: 70 };
const HELPER = { pid: 7, tid: 71 };
// The page saw the mark at 500 ms; the trace has it at 10,500,000 us: the page's 0 is the trace's 10,000,000 us.
const mark = { name: 'lockstep:background-start', cat: 'blink.user_timing', ph: 'R', ts: 10_500_000, ...MAIN };
const gc = (name: string, fromMs: number, ms: number, thread = MAIN) => ({
  name,
  cat: 'devtools.timeline,disabled-by-default-v8.gc',
  ph: 'X',
  ts: 10_000_000 + fromMs * 1000,
  dur: ms * 1000,
  ...thread,
});
const trace = (events: object[]) => JSON.stringify({ traceEvents: [mark, ...events] });

describe("the bench's GC pauses", () => {
  it('puts them on the page clock, merges nested phases, and leaves out helper threads and other events', () => {
    const pauses = gcPausesOf(
      trace([
        gc('V8.GC_MARK_COMPACTOR', 1000, 40),
        gc('V8.GC_MC_EVACUATE', 1020, 15),
        gc('V8.GC_SCAVENGER', 1200, 3),
        gc('V8.GC_MC_BACKGROUND_MARKING', 900, 200, HELPER),
        { name: 'FunctionCall', cat: 'devtools.timeline', ph: 'X', ts: 10_990_000, dur: 80_000, ...MAIN },
      ]),
      'lockstep:background-start',
      500,
    );
    expect(pauses).toEqual([
      [1000, 1040],
      [1200, 1203],
    ]);
  });

  it('places nothing without the mark, so a task is never credited with a GC it cannot place', () => {
    expect(gcPausesOf(trace([gc('V8.GC_MARK_COMPACTOR', 1000, 40)]), 'another-mark', 500)).toBeNull();
    expect(longestOf([[990, 90]], null)).toBe(90);
  });

  it('places nothing when the mark is there twice (two documents in one trace: which clock is unknown)', () => {
    expect(
      gcPausesOf(
        JSON.stringify({ traceEvents: [mark, { ...mark, ts: 12_000_000 }, gc('V8.GC_MARK_COMPACTOR', 1000, 40)] }),
        'lockstep:background-start',
        500,
      ),
    ).toBeNull();
  });

  it('counts only the part of a pause inside the task', () => {
    const pauses: [number, number][] = [
      [1000, 1040],
      [1200, 1203],
    ];
    expect(gcWithin(pauses, [990, 80])).toBe(40);
    expect(gcWithin(pauses, [1020, 200])).toBe(23);
    expect(gcWithin(pauses, [1300, 60])).toBe(0);
    // 90 ms with 40 of GC is 50 of its own; 60 ms with no GC is 60.
    expect(longestOf([[990, 90]], pauses)).toBe(50);
    expect(
      longestOf(
        [
          [990, 90],
          [1300, 60],
        ],
        pauses,
      ),
    ).toBe(60);
  });
});
