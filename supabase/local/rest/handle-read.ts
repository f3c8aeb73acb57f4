/** GET/HEAD /table: one statement, as the request's role, rendered by Postgres. */
import { asRole } from '../request-tx';
import { Params, planRead, qi, readSql } from './build-query';
import { tableNotFound } from './errors';
import { parseQueryParams } from './parse-filters';
import { parseSelect } from './parse-select';
import { capLimit, cappedSql, checkResponseSize } from './limits';
import { txInfo, type RestRequest } from './request';
import { badRange, checkSingle, contentRange, renderBody, respond, toReadResult } from './respond';
import type { SchemaCache, Table } from './schema-cache';

export function lookupTable(cache: SchemaCache, name: string): Table {
  const t = cache.tables.get(name);
  if (!t) throw tableNotFound(name);
  return t;
}

/** Range: 0-9 (items), used when no limit/offset parameter is given. */
export function rangeHeader(header: string | undefined): { offset: number; limit: number | null } | null {
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec((header ?? '').trim());
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === '' || m[2] === undefined ? null : Number(m[2]);
  return { offset: from, limit: to === null ? null : Math.max(0, to - from + 1) };
}

export async function handleRead(req: RestRequest, cache: SchemaCache, tableName: string): Promise<Response> {
  const table = lookupTable(cache, tableName);
  const select = parseSelect(req.query.find(([k]) => k === 'select')?.[1]);
  const levels = parseQueryParams(req.query);
  const plan = planRead(cache, table, select, levels);
  const range = rangeHeader(req.c.req.header('range'));
  if (range && plan.limit === null && plan.offset === null) {
    plan.limit = range.limit;
    plan.offset = range.offset;
  }
  capLimit(plan);
  const params = new Params();
  const withCount = req.prefer.count !== null;
  const sql = cappedSql(readSql(plan, `public.${qi(table.name)}`, params, withCount));
  const result = await asRole(
    req.project.engine,
    req.claims,
    async (tx) => {
      const r = await tx.query<{ body: string; n: string; total: string | null; bytes: number }>(sql, params.values);
      checkResponseSize(r.rows[0]);
      return toReadResult(r.rows[0]);
    },
    txInfo(req),
  );
  const offset = plan.offset ?? 0;
  if (result.total !== null && offset > 0 && offset >= result.total && result.n === 0 && result.total > 0)
    throw badRange(offset, result.total);
  checkSingle(req.accept, result.n);
  const partial = result.total !== null && result.n < result.total && req.accept !== 'object';
  const headers = { 'content-range': contentRange(offset, result.n, result.total) };
  return respond(req.accept, partial ? 206 : 200, req.method === 'HEAD' ? null : renderBody(req.accept, result), headers);
}
