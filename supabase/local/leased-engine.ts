/**
 * The engine a tenant project hands out: each query or transaction leases
 * the tenant's open database for its own duration, reopening it if it was
 * closed while idle. So a Project kept by a caller (a test, the seed, the
 * product API's provisioning) stays usable across idle closes, and the
 * database is never closed under a statement.
 */
import type { QueryResult, SqlClient, SqlEngine, TxOptions } from './engine/types';
import type { Lease } from './tenant-pool';

export function leasedEngine(kind: SqlEngine['kind'], acquire: () => Promise<Lease<SqlEngine>>, close: () => Promise<void>): SqlEngine {
  const use = async <R>(fn: (engine: SqlEngine) => Promise<R>): Promise<R> => {
    const lease = await acquire();
    try {
      return await fn(lease.value);
    } finally {
      lease.release();
    }
  };
  return {
    kind,
    query: <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => use((e) => e.query<T>(sql, params)),
    exec: (sql: string) => use((e) => e.exec(sql)),
    transaction: <T>(fn: (tx: SqlClient) => Promise<T>, opts?: TxOptions) => use((e) => e.transaction(fn, opts)),
    close,
  };
}
