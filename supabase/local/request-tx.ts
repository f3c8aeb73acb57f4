/**
 * Runs one API request the way PostgREST does: inside a transaction, as the
 * JWT's role, with the claims in request.jwt.claims, so row-level security
 * in Postgres decides what the request may see and change.
 */
import type { SqlClient, SqlEngine } from './engine/types';
import type { JwtClaims } from './keys';

export async function asRole<T>(engine: SqlEngine, claims: JwtClaims, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  return engine.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('role', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $2, true)`,
      [JSON.stringify(claims), claims.role, claims.sub ?? ''],
    );
    return fn(tx);
  });
}
