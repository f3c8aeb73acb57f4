/**
 * The bounds every rest request runs within, as a hosted Supabase project has
 * them (docs/decisions/012-request-limits.md). Read from the environment on
 * every use, so a test or a deployment can set them without a rebuild.
 */
import { RestError } from './errors';

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** Hosted Supabase's statement timeouts: 3 s for anon, 8 s for authenticated (and the authenticator the service role inherits). */
const DEFAULT_TIMEOUT_MS: Record<string, number> = { anon: 3000, authenticated: 8000, service_role: 8000 };

/** How long one request may run as `role` (REST_TIMEOUT_ANON_MS, REST_TIMEOUT_AUTHENTICATED_MS, REST_TIMEOUT_SERVICE_ROLE_MS). */
export function statementTimeoutMs(role: string): number {
  const fallback = DEFAULT_TIMEOUT_MS[role] ?? DEFAULT_TIMEOUT_MS.anon ?? 3000;
  return intFromEnv(`REST_TIMEOUT_${role.toUpperCase()}_MS`, fallback, 50, 10 * 60_000);
}

/** Rows one response may hold at its top level (PostgREST's db-max-rows; hosted Supabase's default is 1000). */
export function maxRows(): number {
  return intFromEnv('REST_MAX_ROWS', 1000, 1, 1_000_000);
}

/** Holds a read's top level to maxRows(), as PostgREST's db-max-rows does: silently, the client pages on. */
export function capLimit(plan: { limit: number | null }): void {
  const max = maxRows();
  plan.limit = plan.limit === null ? max : Math.min(plan.limit, max);
}

/** Levels of embedded resources one select may nest (REST_MAX_EMBED_DEPTH). */
export function maxEmbedDepth(): number {
  return intFromEnv('REST_MAX_EMBED_DEPTH', 3, 1, 16);
}

/** Levels of and=/or= one filter may nest (REST_MAX_LOGIC_DEPTH). */
export function maxLogicDepth(): number {
  return intFromEnv('REST_MAX_LOGIC_DEPTH', 16, 1, 64);
}

/** Bytes one response body may hold (REST_MAX_RESPONSE_MB, default 20). */
export function maxResponseBytes(): number {
  return intFromEnv('REST_MAX_RESPONSE_MB', 20, 1, 1024) * 1024 * 1024;
}

export const embedTooDeep = (depth: number): RestError =>
  new RestError(
    400,
    '54001',
    `The select nests embedded resources ${depth} levels deep; at most ${maxEmbedDepth()} are allowed`,
    null,
    'Embed fewer levels, or read the deeper resources with separate requests.',
  );

export const logicTooDeep = (): RestError =>
  new RestError(
    400,
    '54001',
    `The filter nests and/or more than ${maxLogicDepth()} levels deep`,
    null,
    'Flatten the logic tree: (a or b) or c is the same as or=(a,b,c).',
  );

export const responseTooLarge = (bytes: number): RestError =>
  new RestError(
    413,
    '54000',
    `The response would be ${Math.ceil(bytes / 1024 / 1024)} MB; at most ${maxResponseBytes() / 1024 / 1024} MB are sent`,
    null,
    'Select fewer columns or embeds, or page through the rows with limit and offset.',
  );

/**
 * Wraps a read statement (columns body, n, total) so Postgres measures the
 * body and leaves an oversized one on the database side: only its size
 * crosses to the server, which refuses it (checkResponseSize).
 */
export function cappedSql(sql: string): string {
  return `select case when octet_length(_r.body) > ${maxResponseBytes()} then null else _r.body end as body, _r.n, _r.total, octet_length(_r.body) as bytes from (${sql}) as _r`;
}

export function checkResponseSize(row: { bytes?: string | number | null } | undefined): void {
  const bytes = Number(row?.bytes ?? 0);
  if (bytes > maxResponseBytes()) throw responseTooLarge(bytes);
}
