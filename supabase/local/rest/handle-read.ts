/** GET/HEAD /table: one statement, as the request's role, rendered by Postgres. */
import { asRole } from '../request-tx';
import type { SqlClient } from '../engine/types';
import { Params, plannedCountSql, planRead, qi, readSql, type ReadPlan } from './build-query';
import { tableNotFound } from './errors';
import { parseQueryParams } from './parse-filters';
import { parseSelect } from './parse-select';
import { capLimit, cappedSql, checkResponseSize, maxRows } from './limits';
import { txInfo, type RestRequest } from './request';
import { badRange, checkSingle, contentRange, rangeStatus, renderBody, respond, toReadResult, type ReadResult } from './respond';
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

/**
 * Prefer: count=planned is the planner's estimate of the matching rows, as
 * PostgREST gives it; count=estimated is the exact count up to db-max-rows
 * and the estimate beyond.
 */
/**
 * The count the request asked for. `fromValues` are the parameters `from`
 * already refers to ($1.. : a function's arguments), so the planner's
 * query binds them too.
 */
/** Whether the read itself counts every matching row: count=planned asks the planner alone, never a full count. */
export function countsRows(mode: RestRequest['prefer']['count']): boolean {
  return mode === 'exact' || mode === 'estimated';
}

export async function countRows(
  tx: SqlClient,
  req: RestRequest,
  plan: ReadPlan,
  from: string,
  result: ReadResult,
  fromValues: readonly unknown[] = [],
): Promise<number | null> {
  const mode = req.prefer.count;
  if (mode === null || mode === 'exact') return result.total;
  if (mode === 'estimated' && result.total !== null && result.total <= maxRows()) return result.total;
  const params = new Params();
  for (const v of fromValues) params.add(v);
  const r = await tx.query<{ 'QUERY PLAN': unknown }>(plannedCountSql(plan, from, params), params.values);
  const raw = r.rows[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' ? Math.round(rows) : result.total;
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
  const from = `public.${qi(table.name)}`;
  const shape = { count: countsRows(req.prefer.count), format: req.accept === 'csv' ? 'csv' : 'json', stripNulls: req.stripNulls } as const;
  const sql = cappedSql(readSql(plan, from, params, shape));
  const result = await asRole(
    req.project.engine,
    req.claims,
    async (tx) => {
      const r = await tx.query<{ body: string; n: string; total: string | null; bytes: number }>(sql, params.values);
      checkResponseSize(r.rows[0]);
      const read = toReadResult(r.rows[0]);
      return { ...read, total: await countRows(tx, req, plan, from, read) };
    },
    txInfo(req),
  );
  const offset = plan.offset ?? 0;
  if (result.total !== null && offset > 0 && offset >= result.total && result.n === 0 && result.total > 0)
    throw badRange(offset, result.total);
  checkSingle(req.accept, result.n);
  const status = req.accept === 'object' ? 200 : rangeStatus(result.n, result.total);
  const headers = { 'content-range': contentRange(offset, result.n, result.total) };
  return respond(req.accept, status, req.method === 'HEAD' ? null : renderBody(req.accept, result), headers);
}
