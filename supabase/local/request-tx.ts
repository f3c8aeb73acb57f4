/**
 * Runs one API request the way PostgREST does: inside a transaction, as the
 * JWT's role, with the claims in request.jwt.claims and the request's headers
 * in request.headers (lower-case names, as PostgREST sets them), so row-level
 * security and triggers in Postgres decide what the request may see and change.
 */
import type { SqlClient, SqlEngine } from './engine/types';
import type { JwtClaims } from './keys';

export interface RequestInfo {
  /** The HTTP request's headers; triggers read them with current_setting('request.headers', true). */
  headers?: Headers;
  /** The role's statement timeout: the transaction ends with 57014 once it has run this long. */
  timeoutMs?: number;
}

function headersJson(headers: Headers | undefined): string {
  const out: Record<string, string> = {};
  headers?.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return JSON.stringify(out);
}

export async function asRole<T>(
  engine: SqlEngine,
  claims: JwtClaims,
  fn: (tx: SqlClient) => Promise<T>,
  info: RequestInfo = {},
): Promise<T> {
  return engine.transaction(fn, {
    timeoutMs: info.timeoutMs,
    settings: {
      'request.jwt.claims': JSON.stringify(claims),
      role: claims.role,
      'request.jwt.claim.sub': claims.sub ?? '',
      'request.jwt.claim.role': claims.role,
      'request.headers': headersJson(info.headers),
    },
  });
}
