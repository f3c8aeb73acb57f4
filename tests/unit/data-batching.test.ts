import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_ROWS, splitBatch, takeFirstBatch } from '../../src/data/outbox-batching';
import type { OutboxOp, StoredOutboxEntry } from '../../src/data/outbox-types';
import type { SyncedTable } from '../../src/data/sync-tables';

let seq = 0;
function entry(table: SyncedTable, op: OutboxOp, row_id = `r${seq + 1}`, payload: Record<string, unknown> = { a: 1 }): StoredOutboxEntry {
  seq += 1;
  return { seq, table, op, row_id, payload, created_at: '2026-01-01T00:00:00Z', attempts: 0 };
}

describe('takeFirstBatch', () => {
  it('takes consecutive entries of one table and op, up to 500', () => {
    const head = Array.from({ length: 1200 }, () => entry('door_log', 'insert'));
    expect(takeFirstBatch(head).length).toBe(MAX_BATCH_ROWS);
    expect(takeFirstBatch(head, 7).length).toBe(7);
  });

  it('never lets an entry overtake an earlier one of another table', () => {
    const head = [entry('doors', 'upsert'), entry('door_log', 'insert'), entry('doors', 'upsert')];
    expect(takeFirstBatch(head).map((e) => e.seq)).toEqual([head[0]?.seq]);
  });

  it('groups inserts with different columns (sent with missing=default) but not upserts', () => {
    const inserts = [entry('door_log', 'insert', 'a', { x: 1 }), entry('door_log', 'insert', 'b', { x: 1, notes: 'n' })];
    expect(takeFirstBatch(inserts).length).toBe(2);
    const upserts = [entry('doors', 'upsert', 'a', { x: 1 }), entry('doors', 'upsert', 'b', { x: 1, name: 'n' })];
    expect(takeFirstBatch(upserts).length).toBe(1);
  });

  it('never puts a create (insert, DO NOTHING) and a later edit of the same row in one request', () => {
    const head = [
      entry('incidents', 'insert', 'x', { title: 't' }),
      entry('incidents', 'insert', 'y', { title: 't', severity: 'high' }),
      entry('incidents', 'upsert', 'x', { title: 't2' }),
      entry('incidents', 'insert', 'z', { title: 't' }),
    ];
    const creates = takeFirstBatch(head);
    expect(creates.map((e) => e.row_id)).toEqual(['x', 'y']);
    expect(takeFirstBatch(head.slice(creates.length)).map((e) => e.row_id)).toEqual(['x']);
  });

  it('sends updates one by one and starts a new request when a row id repeats', () => {
    expect(takeFirstBatch([entry('users', 'update'), entry('users', 'update')]).length).toBe(1);
    expect(takeFirstBatch([entry('doors', 'upsert', 'x'), entry('doors', 'upsert', 'y'), entry('doors', 'upsert', 'x')]).length).toBe(2);
  });

  it('is always a non-empty FIFO prefix of the head (property)', () => {
    const arb = fc.array(
      fc.record({
        table: fc.constantFrom<SyncedTable>('doors', 'door_log', 'users'),
        op: fc.constantFrom<OutboxOp>('insert', 'upsert', 'update', 'delete'),
        id: fc.constantFrom('a', 'b', 'c', 'd'),
      }),
      { minLength: 1, maxLength: 50 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 1, max: 10 }), (specs, max) => {
        const head = specs.map((s) => entry(s.table, s.op, s.id));
        const b = takeFirstBatch(head, max);
        expect(b.length).toBeGreaterThan(0);
        expect(b.length).toBeLessThanOrEqual(max);
        expect(b).toEqual(head.slice(0, b.length));
        expect(new Set(b.map((e) => e.row_id)).size).toBe(b.length);
        expect(new Set(b.map((e) => `${e.table}/${e.op}`)).size).toBe(1);
      }),
    );
  });
});

describe('splitBatch', () => {
  it('halves in order', () => {
    expect(splitBatch([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitBatch([1, 2])).toEqual([[1], [2]]);
  });
});
