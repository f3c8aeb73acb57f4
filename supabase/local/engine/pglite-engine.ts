/**
 * Embedded engine: one PGlite instance per project. PGlite is a single
 * connection, so it serialises queries itself; a transaction holds it whole.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { QueryResult, SqlClient, SqlEngine } from './types';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(db: PgliteLike): SqlClient {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await db.query<T>(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /** A directory on disk, or undefined for an in-memory database. */
  dataDir?: string;
  /** A gzipped data-dir tarball to start from (a migrated template). */
  template?: Blob;
}

export async function openPglite(opts: PgliteOptions): Promise<SqlEngine & { dump(): Promise<Blob> }> {
  const fresh = !opts.dataDir || !existsSync(opts.dataDir);
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: fresh ? opts.template : undefined,
    relaxedDurability: false,
  });
  await db.exec(`set time zone 'UTC'`);
  const base = wrap(db);
  return {
    kind: 'pglite',
    ...base,
    transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      if (!db.closed) await db.close();
    },
    async dump() {
      const file = await db.dumpDataDir('gzip');
      return file;
    },
  };
}
