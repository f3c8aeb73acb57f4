/**
 * Shapes a result the way PostgREST answers: JSON array, single object
 * (vnd.pgrst.object+json, PGRST116 otherwise) or CSV, with Content-Range.
 */
import { RestError, singularityError } from './errors';
import type { Accept } from './request';

export interface ReadResult {
  /** The JSON array Postgres rendered, as text. */
  body: string;
  /** Rows in this page. */
  n: number;
  /** Total rows without limit/offset, when count=exact was asked. */
  total: number | null;
}

interface ReadRow {
  body: string | null;
  n: string | number | null;
  total: string | number | null;
}

export function toReadResult(row: ReadRow | undefined): ReadResult {
  return {
    body: row?.body ?? '[]',
    n: Number(row?.n ?? 0),
    total: row?.total === null || row?.total === undefined ? null : Number(row.total),
  };
}

/** PostgREST's status for a page: 206 when it holds fewer rows than the total (exact or planned), else 200. */
export function rangeStatus(n: number, total: number | null): number {
  return total !== null && n < total ? 206 : 200;
}

export function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

const TYPES: Record<Accept, string> = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Throws PGRST116 unless exactly one row (callers inside a transaction roll it back). */
export function checkSingle(accept: Accept, n: number): void {
  if (accept === 'object' && n !== 1) throw singularityError(n);
}

export function renderBody(accept: Accept, result: ReadResult): string {
  if (accept === 'object') {
    const rows = JSON.parse(result.body) as unknown[];
    return JSON.stringify(rows[0] ?? null);
  }
  // CSV is written by Postgres already (build-query.ts, bodySql).
  return result.body;
}

export function respond(accept: Accept, status: number, body: string | null, headers: Record<string, string> = {}): Response {
  const h: Record<string, string> = { 'content-profile': 'public', ...headers };
  if (body !== null) h['content-type'] = TYPES[accept];
  return new Response(body, { status, headers: h });
}

export function badRange(offset: number, total: number): RestError {
  return new RestError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );
}
