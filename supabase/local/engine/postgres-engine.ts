/**
 * PostgreSQL engine: one database per project on the server named by
 * DATABASE_URL, created on demand (from a migrated template when given).
 */
import pg from 'pg';
import type { ConnectionBudget } from './connection-budget';
import type { QueryResult, SqlClient, SqlEngine, TxOptions } from './types';

// Keep timestamps and bigints as Postgres prints them; the rest layer renders
// JSON inside Postgres anyway, this only matters for server-side helpers.
pg.types.setTypeParser(20, (v) => Number(v));

function wrapClient(c: pg.Pool | pg.PoolClient | pg.Client): SqlClient {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await c.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  };
}

/** BEGIN with the transaction's settings and time limit, as one simple-protocol round trip. */
function beginSql(client: pg.PoolClient | pg.Client, opts: TxOptions): string {
  const sets = Object.entries(opts.settings ?? {}).map(
    ([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
  );
  // Postgres ends the statement itself (57014) and the connection stays usable.
  if (opts.timeoutMs && Number.isFinite(opts.timeoutMs))
    sets.unshift(`set_config('statement_timeout', '${Math.ceil(opts.timeoutMs)}ms', true)`);
  return sets.length ? `begin; select ${sets.join(', ')}` : 'begin';
}

function urlForDatabase(baseUrl: string, database: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates `database` (optionally from `template`) if it does not exist yet. */
export async function ensureDatabase(baseUrl: string, database: string, template?: string, budget?: ConnectionBudget): Promise<boolean> {
  if (budget) return budget.withClient(baseUrl, (admin) => createIfMissing(admin, database, template));
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await createIfMissing(admin, database, template);
  } finally {
    await admin.end();
  }
}

async function createIfMissing(admin: pg.Client, database: string, template?: string): Promise<boolean> {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount) return false;
  const tmpl = template ? ` template ${quoteIdent(template)}` : '';
  try {
    await admin.query(`create database ${quoteIdent(database)}${tmpl}`);
  } catch (e) {
    // Another process created it between our check and create.
    if ((e as { code?: string }).code !== '42P04') throw e;
    return false;
  }
  return true;
}

export async function dropDatabase(baseUrl: string, database: string, budget?: ConnectionBudget): Promise<void> {
  if (budget) {
    await budget.withClient(baseUrl, (admin) => admin.query(`drop database if exists ${quoteIdent(database)} with (force)`));
    return;
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteIdent(database)} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function openPostgres(
  baseUrl: string,
  database: string,
  template?: string,
  budget?: ConnectionBudget,
): Promise<SqlEngine & { created: boolean }> {
  const created = await ensureDatabase(baseUrl, database, template, budget);
  if (budget) return budgetedEngine(budget, urlForDatabase(baseUrl, database), created);
  const pool = new pg.Pool({
    connectionString: urlForDatabase(baseUrl, database),
    max: 8,
    options: '-c TimeZone=UTC',
  });
  // An idle connection that the server ends (a tenant's database dropped
  // with force while the pool was closing, a restart) must not crash the
  // process: pg emits it on the pool, and an unheard 'error' event throws.
  pool.on('error', (e: Error & { code?: string }) => {
    if (e.code !== '57P01') console.warn(`[stack] PostgreSQL connection to ${database} lost:`, e.message);
  });
  const base = wrapClient(pool);
  return {
    kind: 'postgres',
    created,
    ...base,
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>, opts: TxOptions = {}): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query(beginSql(client, opts));
        const result = await fn(wrapClient(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** An engine whose connections come from the stack's shared budget (none held while idle). */
function budgetedEngine(budget: ConnectionBudget, url: string, created: boolean): SqlEngine & { created: boolean } {
  return {
    kind: 'postgres',
    created,
    query: <T>(sql: string, params?: unknown[]) => budget.withClient(url, (c) => wrapClient(c).query<T>(sql, params)),
    exec: (sql: string) => budget.withClient(url, (c) => wrapClient(c).exec(sql)),
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>, opts: TxOptions = {}): Promise<T> {
      const client = await budget.acquire(url);
      let clean = false;
      try {
        await client.query(beginSql(client, opts));
        const result = await fn(wrapClient(client));
        await client.query('commit');
        clean = true;
        return result;
      } catch (e) {
        // A rolled-back connection is as good as new; one that cannot roll back is closed.
        clean = await client.query('rollback').then(
          () => true,
          () => false,
        );
        throw e;
      } finally {
        budget.release(url, client, !clean);
      }
    },
    async close() {
      budget.closeDatabase(url);
    },
  };
}

/** Drops every database whose name starts with `prefix` (a finished test or bench stack). */
export async function dropDatabasesWithPrefix(baseUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const dbs = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [like]);
    for (const d of dbs.rows) await admin.query(`drop database if exists ${quoteIdent(d.datname)} with (force)`);
  } finally {
    await admin.end();
  }
}
