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

export interface TxOptions {
  /**
   * Ends the transaction with SQLSTATE 57014 once it has run this long: an API
   * request's statement timeout (its role's). Unset for the server's own work.
   */
  timeoutMs?: number;
  /**
   * Transaction-local settings (set_config(name, value, true)) in force from
   * the start: an API request's role, claims and headers. PostgreSQL sends
   * them with BEGIN, one round trip instead of three.
   */
  settings?: Readonly<Record<string, string>>;
}

export interface SqlEngine extends SqlClient {
  readonly kind: 'pglite' | 'postgres';
  /** A transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>, opts?: TxOptions): Promise<T>;
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

/** What Postgres raises when statement_timeout ends a statement. */
export function statementTimeoutError(ms: number): PgError {
  const e = new Error('canceling statement due to statement timeout') as PgError;
  e.code = '57014';
  e.detail = `The request ran longer than the ${ms} ms its role is allowed.`;
  return e;
}
