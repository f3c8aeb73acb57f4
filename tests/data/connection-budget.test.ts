/**
 * The PostgreSQL connection budget as the server sees it (issue 16): making
 * room for another database closes an idle connection first and opens the new
 * one only once the server has let the old one go, so pg_stat_activity never
 * shows more than the budget, not even for the moment a backend takes to exit.
 * Runs in the PostgreSQL stage of .ci/run (DATABASE_URL); PGlite has no
 * connections to budget.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionBudget } from '../../supabase/local/engine/connection-budget';
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';

const base = process.env.DATABASE_URL ?? '';
const prefix = `test_${randomBytes(4).toString('hex')}_`;
const dbA = `${prefix}a`;
const dbB = `${prefix}b`;

function urlOf(database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Backends on this test's databases, as the server counts them, asked over `client`. */
async function backends(client: pg.Client): Promise<number> {
  // Client backends only: an autovacuum worker also names the database it works in.
  const r = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname like $1 and backend_type = 'client backend'`,
    [`${prefix}%`],
  );
  return r.rows[0]?.n ?? 0;
}

describe.runIf(base)('PostgreSQL connection budget, as the server counts', () => {
  let monitor: pg.Client;

  beforeAll(async () => {
    monitor = new pg.Client({ connectionString: base });
    await monitor.connect();
    for (const db of [dbA, dbB]) await monitor.query(`create database "${db}"`);
  });
  afterAll(async () => {
    await monitor?.end();
    if (base) await dropDatabasesWithPrefix(base, prefix);
  });

  it('opens a connection for another database only after the idle one it closed has left the server', async () => {
    const budget = new ConnectionBudget({ max: 2, waitMs: 10_000 });
    try {
      for (let round = 0; round < 20; round++) {
        const [from, to] = round % 2 ? [urlOf(dbB), urlOf(dbA)] : [urlOf(dbA), urlOf(dbB)];
        const held = await Promise.all([budget.acquire(from), budget.acquire(from)]);
        for (const c of held) budget.release(from, c);
        // Both slots are idle on `from`: each of these waits for one of them to close.
        const fresh = await Promise.all([budget.acquire(to), budget.acquire(to)]);
        for (const c of fresh) expect(await backends(c)).toBeLessThanOrEqual(2);
        expect(budget.open).toBe(2);
        for (const c of fresh) budget.release(to, c);
      }
      expect(budget.peak).toBe(2);
    } finally {
      await budget.end();
    }
    expect(budget.open).toBe(0);
    // end() returns once the server has let every connection go.
    expect(await backends(monitor)).toBe(0);
  });

  it('closes no idle connection for a waiter that its own database share holds back', async () => {
    const budget = new ConnectionBudget({ max: 3, perDatabaseMax: 1, waitMs: 10_000 });
    try {
      const a = await budget.acquire(urlOf(dbA));
      const b = await budget.acquire(urlOf(dbB));
      budget.release(urlOf(dbB), b);
      // A second connection on A waits for A's own; B's idle one is not closed for it.
      const second = budget.acquire(urlOf(dbA));
      budget.release(urlOf(dbA), a);
      expect(await second).toBe(a);
      budget.release(urlOf(dbA), a);
      // B's idle connection is the one handed out again, not a new one.
      expect(await budget.acquire(urlOf(dbB))).toBe(b);
      budget.release(urlOf(dbB), b);
    } finally {
      await budget.end();
    }
    expect(await backends(monitor)).toBe(0);
  });
});
