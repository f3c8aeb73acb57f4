import { describe, expect, it } from 'vitest';
import { activeSweep, checkOutcome, sweepKindLabel, sweepProgress } from '../../src/features/sweeps/sweep-progress';

const START = Date.UTC(2026, 2, 2, 20);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const SWEEP = { id: 's1', campus_id: 'c1', kind: 'lockup', door_group: 'exterior', started_at: iso(START), ended_at: null };

function sd(n: string, over: Record<string, unknown> = {}) {
  return {
    id: `sd-${n}`,
    sweep_id: 's1',
    door_id: `d-${n}`,
    door_number: n,
    outcome: null,
    checked_at: null,
    checked_by_name: null,
    problem: null,
    ...over,
  };
}
const DOORS = ['EA10', 'EA2', 'EA1', 'D3'].map((n) => sd(n));
function check(n: string, at: number, over: Record<string, unknown> = {}) {
  return {
    id: `l-${n}-${at}`,
    door_id: `d-${n}`,
    user_id: 'u1',
    door_status: 'operational',
    door_problem: null,
    created_at: iso(at),
    ...over,
  };
}

describe('sweepProgress', () => {
  it('none reached: every door remains, in door-number order (EA2 before EA10)', () => {
    const p = sweepProgress(SWEEP, DOORS, [], START + 5 * MIN);
    expect(p).toMatchObject({ total: 4, secured: 0, problems: 0, remaining: 4, securedText: '0 of 4 secured', running: true });
    expect(p.remainingDoors.map((d) => d.doorNumber)).toEqual(['D3', 'EA1', 'EA2', 'EA10']);
    expect(p.elapsedText).toBe('5 min 00 s');
  });

  it('all secured: nothing remains; an ended sweep measures to its end', () => {
    const doors = DOORS.map((d) => ({ ...d, outcome: 'secured', checked_at: iso(START + MIN), checked_by_name: 'Ana' }));
    const p = sweepProgress({ ...SWEEP, ended_at: iso(START + 62 * MIN) }, doors, [], START + 999 * MIN);
    expect(p).toMatchObject({ secured: 4, remaining: 0, securedText: '4 of 4 secured', running: false, elapsedText: '1 h 02 min' });
    expect(p.doors[0]).toMatchObject({ doorNumber: 'D3', checkedBy: 'Ana', checkedAt: START + MIN, pending: false });
  });

  it('problems are counted apart from secured doors, with their text', () => {
    const doors = [
      sd('EA1', { outcome: 'problem', checked_at: iso(START + MIN), checked_by_name: 'Ana', problem: 'Latch broken' }),
      sd('EA2'),
    ];
    const p = sweepProgress(SWEEP, doors, [], START + 2 * MIN);
    expect(p).toMatchObject({ secured: 0, problems: 1, remaining: 1, securedText: '0 of 2 secured' });
    expect(p.doors[0]!.problem).toBe('Latch broken');
  });

  it("counts this device's checks not yet synced, and a later one replaces the stored outcome", () => {
    const doors = [sd('EA1', { outcome: 'secured', checked_at: iso(START + MIN), checked_by_name: 'Ana' }), sd('EA2'), sd('EA10')];
    const pending = [
      check('EA2', START + 3 * MIN),
      check('EA1', START + 4 * MIN, { door_status: 'maintenance' }),
      check('EA10', START + 5 * MIN, { door_problem: 'none' }),
    ];
    const p = sweepProgress(SWEEP, doors, pending, START + 6 * MIN, () => 'Me');
    expect(p).toMatchObject({ secured: 2, problems: 1, remaining: 0 });
    expect(p.doors.map((d) => [d.doorNumber, d.outcome, d.checkedBy, d.pending, d.problem])).toEqual([
      ['EA1', 'problem', 'Me', true, 'Door reported maintenance'],
      ['EA2', 'secured', 'Me', true, null],
      ['EA10', 'secured', 'Me', true, null],
    ]);
  });

  it('ignores checks outside the window, of other doors, older than the stored one, or already stored', () => {
    const doors = [
      sd('EA1', { outcome: 'secured', checked_at: iso(START + 10 * MIN), checked_by_name: 'Ana', door_log_id: 'l-stored' }),
      sd('EA2'),
    ];
    const ended = { ...SWEEP, ended_at: iso(START + 20 * MIN) };
    const pending = [
      check('EA2', START - 1),
      check('EA2', START + 20 * MIN + 1),
      check('EA9', START + MIN),
      check('EA1', START + 5 * MIN, { door_problem: 'Bent' }),
      { ...check('EA1', START + 10 * MIN), id: 'l-stored' },
    ];
    const p = sweepProgress(ended, doors, pending, START + 60 * MIN);
    expect(p).toMatchObject({ secured: 1, problems: 0, remaining: 1, total: 2 });
    expect(p.doors[0]!.pending).toBe(false);
    // Both ends of the window count, as the server's trigger has it.
    const edges = sweepProgress(ended, doors, [check('EA2', START)], START + 60 * MIN);
    expect(edges.remaining).toBe(0);
  });

  it('reads only the rows of its own sweep', () => {
    const p = sweepProgress(SWEEP, [...DOORS, sd('X1', { sweep_id: 'other' })], [], START);
    expect(p.total).toBe(4);
  });
});

describe('activeSweep', () => {
  it('is the campus sweep with no end', () => {
    const sweeps = [
      { ...SWEEP, id: 'old', ended_at: iso(START - MIN), started_at: iso(START - 60 * MIN) },
      { ...SWEEP, id: 'other-campus', campus_id: 'c2' },
      SWEEP,
    ];
    expect(activeSweep(sweeps, 'c1')?.id).toBe('s1');
    expect(activeSweep(sweeps.slice(0, 1), 'c1')).toBeNull();
  });
});

describe('labels and outcomes', () => {
  it('names kinds and decides outcomes as the server does', () => {
    expect(sweepKindLabel('lockdown_drill')).toBe('Lockdown drill');
    expect(sweepKindLabel('nonsense')).toBe('Sweep');
    expect(checkOutcome({ door_status: 'operational', door_problem: 'No' })).toBe('secured');
    expect(checkOutcome({ door_status: 'out_of_service', door_problem: null })).toBe('problem');
  });
});
