/**
 * Database-test helpers: projects on the engine the run uses (in-memory
 * PGlite, or PostgreSQL databases with a per-file prefix when DATABASE_URL is
 * set), auth users made as the superuser, and `attempt`, which runs one
 * statement exactly as an API request would (asRole) and always rolls back.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SqlClient, SqlEngine } from '../../../supabase/local/engine/types';
import type { JwtClaims } from '../../../supabase/local/keys';
import type { ProjectKind } from '../../../supabase/local/migrate';
import { openProject, type EngineConfig, type Project } from '../../../supabase/local/project';
import { asRole } from '../../../supabase/local/request-tx';

export interface TestProjects {
  config: EngineConfig;
  open(kind: ProjectKind, ref?: string): Promise<Project>;
  close(): Promise<void>;
}

export function testProjects(): TestProjects {
  const url = process.env.DATABASE_URL;
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  const config: EngineConfig = url ? { kind: 'postgres', url, prefix } : { kind: 'pglite', dataDir: null };
  const opened: Project[] = [];
  let n = 0;
  return {
    config,
    async open(kind, ref) {
      const p = await openProject(config, kind, ref ?? (kind === 'platform' ? 'platform' : `db${++n}`));
      opened.push(p);
      return p;
    },
    async close() {
      await Promise.all(opened.map((p) => p.engine.close()));
      if (!url) return;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const dbs = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${prefix}%`]);
        for (const d of dbs.rows) await c.query(`drop database if exists "${d.datname}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** An auth.users row, inserted as the superuser (as the auth server would). */
export async function createAuthUser(db: SqlClient, email: string, meta: Record<string, unknown> = {}): Promise<string> {
  const r = await db.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
     values ($1, 'not-a-real-hash', now(), $2) returning id`,
    [email, JSON.stringify(meta)],
  );
  return r.rows[0]!.id;
}

export function userClaims(sub: string, extra: Record<string, unknown> = {}): JwtClaims {
  return { sub, role: 'authenticated', aud: 'authenticated', ...extra };
}

export const ANON: JwtClaims = { role: 'anon' };
export const SERVICE: JwtClaims = { role: 'service_role' };

export type Outcome = { kind: 'rows'; count: number; rows: Record<string, unknown>[] } | { kind: 'error'; code: string; message: string };

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback');
  }
}

/** Runs `sql` as the JWT's role and reports rows or the Postgres error; never commits. */
export async function attempt(engine: SqlEngine, claims: JwtClaims, sql: string, params: unknown[] = []): Promise<Outcome> {
  try {
    await asRole(engine, claims, async (tx) => {
      const r = await tx.query(sql, params);
      throw new Rollback({ kind: 'rows', count: r.affectedRows || r.rows.length, rows: r.rows });
    });
  } catch (e) {
    if (e instanceof Rollback) return e.outcome;
    const err = e as { code?: string; message?: string };
    if (typeof err.code === 'string') return { kind: 'error', code: err.code, message: err.message ?? '' };
    throw e;
  }
  throw new Error('unreachable');
}

/** Like attempt, but commits: for steps a test builds on. */
export async function run(engine: SqlEngine, claims: JwtClaims, sql: string, params: unknown[] = []) {
  return asRole(engine, claims, (tx) => tx.query(sql, params));
}

/** `insert into public.<table> (...) values (...)` for a row object. */
export function insertSql(table: string, row: Record<string, unknown>, returning = 'id'): { sql: string; params: unknown[] } {
  const cols = Object.keys(row);
  const sql = `insert into public.${quoteIdent(table)} (${cols.map(quoteIdent).join(', ')})
    values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning ${returning}`;
  return { sql, params: cols.map((c) => row[c]) };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export const newId = (): string => randomUUID();

/** Outcome shapes the matrix asserts. */
export const RLS_REFUSAL = /violates row-level security policy|permission denied/;
