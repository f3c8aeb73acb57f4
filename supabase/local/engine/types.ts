/**
 * The one database interface the local stack speaks. PGlite (embedded) and
 * PostgreSQL (DATABASE_URL) both implement it, so auth, rest, migrations and
 * tests never care which engine is underneath.
 */
export interface QueryResult<T> {
  rows: T[];
  affectedRows: number;
}

export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters (migrations, SET). */
  exec(sql: string): Promise<void>;
}

export interface SqlEngine extends SqlClient {
  readonly kind: 'pglite' | 'postgres';
  /** A transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Postgres errors keep their SQLSTATE code through every layer. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
