/**
 * Work order rules (src/features/maintenance/model.ts, work-order-form.ts): what is overdue, the
 * list's filters and order, "my work", the address round trip, and the
 * forms' validation.
 */
import { describe, expect, it } from 'vitest';
import type { CacheRow } from '../../src/data';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  filterWorkOrders,
  isOverdue,
  localDateIso,
  myWork,
  workOrderRights,
  type WorkOrderContext,
} from '../../src/features/maintenance/model';
import {
  commentSchema,
  resolutionSchema,
  workOrderChangeSchema,
  changedFields,
  followRow,
  workOrderFormValues,
} from '../../src/features/maintenance/work-order-form';

const TODAY = '2026-11-24';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const ctx: WorkOrderContext = {
  campuses: new Map([
    ['c1', { id: 'c1', campus_name: 'North' }],
    ['c2', { id: 'c2', campus_name: 'South' }],
  ]),
  doors: new Map([
    ['d1', { id: 'd1', door_number: 'D104', campus_id: 'c1' }],
    ['d2', { id: 'd2', door_number: 'D104', campus_id: 'c2' }],
    ['d3', { id: 'd3', door_number: 'EA2', campus_id: 'c1' }],
  ]),
  users: new Map([[A, { id: A, first_name: 'Riley', last_name: 'Fixer' }]]),
};

const rec = (id: string, over: Partial<CacheRow> = {}): CacheRow => ({
  id,
  door_id: 'd1',
  status: 'open',
  priority: 'medium',
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});

const rows: CacheRow[] = [
  rec('low-late', { priority: 'low', due_date: '2026-11-23', assigned_to: A }),
  rec('high', { priority: 'high', door_id: 'd2' }),
  rec('due-today', { due_date: TODAY, door_id: 'd3', assigned_to: A }),
  rec('working', { status: 'in_progress', assigned_to: B }),
  rec('done', { status: 'resolved', due_date: '2026-11-01', assigned_to: A, resolved_at: '2026-11-22T09:00:00Z' }),
];

describe('work orders', () => {
  it('are overdue only after their due day, and never once resolved', () => {
    expect(isOverdue(rows[0]!, TODAY)).toBe(true);
    expect(isOverdue(rows[2]!, TODAY)).toBe(false);
    expect(isOverdue(rows[4]!, TODAY)).toBe(false);
    expect(isOverdue(rec('x'), TODAY)).toBe(false);
  });

  it('list the overdue first, then by priority and due date, resolved last', () => {
    const all = filterWorkOrders(rows, { ...DEFAULT_FILTERS, status: 'all' }, TODAY, ctx).map((r) => r.id);
    expect(all).toEqual(['low-late', 'high', 'due-today', 'working', 'done']);
  });

  it('filter by campus (through the door: D104 of South is not D104 of North), door, priority, status, assignee and overdue', () => {
    const ids = (f: Partial<typeof DEFAULT_FILTERS>) => filterWorkOrders(rows, { ...DEFAULT_FILTERS, ...f }, TODAY, ctx).map((r) => r.id);
    expect(ids({})).toEqual(['low-late', 'high', 'due-today', 'working']);
    expect(ids({ campusId: 'c2' })).toEqual(['high']);
    expect(ids({ doorId: 'd3' })).toEqual(['due-today']);
    expect(ids({ priority: 'high' })).toEqual(['high']);
    expect(ids({ status: 'in_progress' })).toEqual(['working']);
    expect(ids({ status: 'resolved' })).toEqual(['done']);
    expect(ids({ assignee: A })).toEqual(['low-late', 'due-today']);
    expect(ids({ assignee: 'unassigned' })).toEqual(['high']);
    expect(ids({ overdueOnly: true })).toEqual(['low-late']);
  });

  it("'my work' is what is assigned to me, what is left first", () => {
    expect(myWork(rows, A, TODAY, ctx).map((r) => r.id)).toEqual(['low-late', 'due-today', 'done']);
  });

  it('keep their filters in the address, and ignore what they do not know', () => {
    const f = { ...DEFAULT_FILTERS, campusId: 'c1', priority: 'high' as const, overdueOnly: true };
    const p = filtersToParams(f, new URLSearchParams('order=x'));
    expect(p.get('order')).toBe('x');
    expect(p.has('status')).toBe(false);
    expect(filtersFromParams(p)).toEqual(f);
    expect(filtersFromParams(new URLSearchParams('priority=urgent&status=gone'))).toEqual(DEFAULT_FILTERS);
  });

  it('validate what an admin sets: blank due date and assignee clear them, anything else must be a date and a user', () => {
    expect(workOrderChangeSchema.parse({ priority: 'high', due_date: '', assigned_to: '' })).toEqual({
      priority: 'high',
      due_date: null,
      assigned_to: null,
    });
    expect(workOrderChangeSchema.parse({ priority: 'low', due_date: '2026-12-01', assigned_to: A })).toEqual({
      priority: 'low',
      due_date: '2026-12-01',
      assigned_to: A,
    });
    const bad = workOrderChangeSchema.safeParse({ priority: 'urgent', due_date: '1/12/2026', assigned_to: 'bob' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['priority', 'Choose a priority'],
      ['due_date', 'Enter the due date as a date'],
      ['assigned_to', 'Choose someone from the list'],
    ]);
  });

  it('need words in a comment and in the resolution notes', () => {
    expect(commentSchema.safeParse('   ').error?.issues[0]?.message).toBe('Write a comment first');
    expect(resolutionSchema.safeParse(' ').error?.issues[0]?.message).toBe('Say what was done to resolve it');
    expect(resolutionSchema.parse('  Closer replaced ')).toBe('Closer replaced');
    expect(commentSchema.safeParse('x'.repeat(2001)).success).toBe(false);
  });

  it('are managed by admins and worked by the assignee', () => {
    expect(workOrderRights(rows[0]!, A, false)).toEqual({ manage: false, work: true });
    expect(workOrderRights(rows[1]!, A, false)).toEqual({ manage: false, work: false });
    expect(workOrderRights(rows[1]!, B, true)).toEqual({ manage: true, work: true });
  });

  it("save only what the admin changed, and follow the row's other fields when a pull changes them", () => {
    const base = workOrderFormValues(rec('r', { priority: 'medium', due_date: '2026-12-01', assigned_to: A }));
    expect(base).toEqual({ priority: 'medium', due_date: '2026-12-01', assigned_to: A });
    const edited = { ...base, due_date: '2026-12-05' };
    expect(changedFields(base, edited)).toEqual(['due_date']);
    // Another admin reassigned it meanwhile: the form shows that, and keeps this admin's date.
    const pulled = { ...base, assigned_to: B };
    expect(followRow(base, edited, pulled)).toEqual({ priority: 'medium', due_date: '2026-12-05', assigned_to: B });
    expect(changedFields(pulled, followRow(base, edited, pulled))).toEqual(['due_date']);
    expect(workOrderFormValues(rec('blank'))).toEqual({ priority: 'medium', due_date: '', assigned_to: '' });
  });

  it("say today's date as the device's calendar shows it", () => {
    expect(localDateIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
