/**
 * POST/GET /rpc/fn: named arguments from the JSON body (or the query string
 * for GET), typed from pg_catalog through json_to_record, so the function
 * sees exactly the types it declares; or, for a function with a single
 * unnamed json/jsonb/text parameter, the whole body. Every result that is a
 * set (of rows or of scalars) is read like a table: select, filters, order,
 * limit and counts apply to it.
 */
import { asRole } from '../request-tx';
import { Params, planRead, qi, readSql } from './build-query';
import { invalidBody, maxAffectedExceeded, maxAffectedNeedsSet } from './errors';
import { countRows, countsRows } from './handle-read';
import { parseQueryParams } from './parse-filters';
import { parseSelect } from './parse-select';
import { capLimit, cappedSql, checkResponseSize, maxResponseBytes } from './limits';
import { txInfo, type RestRequest } from './request';
import { resolveFunction, type BodyKind } from './resolve-function';
import { checkSingle, contentRange, rangeStatus, renderBody, respond, toReadResult } from './respond';
import type { Fn, SchemaCache, Table } from './schema-cache';

type JsonObject = Record<string, unknown>;

/** The rows a set-returning or table-returning function gives, as a table to plan a read on. */
function resultTable(cache: SchemaCache, fn: Fn): Table {
  const named = fn.returnsTable === null ? undefined : cache.tables.get(fn.returnsTable);
  if (named) return named;
  // setof int and friends: one column, named after the function.
  const columnOrder = fn.shape === 'composite' ? fn.resultColumns : [fn.name];
  const columns = new Map(
    columnOrder.map((c) => [c, { name: c, type: 'unknown', nullable: true, defaultExpr: null, generated: false, identityAlways: false }]),
  );
  return { name: fn.name, columns, columnOrder, primaryKey: [], uniques: [], insertable: false, isView: false };
}

interface CallArgs {
  args: JsonObject;
  /** What the function receives: the JSON of its arguments, or the raw body for a whole-body parameter. */
  payload: string;
  body: BodyKind;
}

async function readArgs(req: RestRequest, cache: SchemaCache, name: string): Promise<CallArgs> {
  if (req.method !== 'POST') {
    const names = new Set((cache.fns.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
    const args: JsonObject = {};
    for (const [k, v] of req.query) if (names.has(k)) args[k] = v;
    return { args, payload: JSON.stringify(args), body: 'query' };
  }
  const text = await req.c.req.text();
  const type = (req.c.req.header('content-type') ?? 'application/json').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/plain') return { args: {}, payload: text, body: 'text' };
  if (text.trim() === '') return { args: {}, payload: '{}', body: 'json' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidBody('Empty or invalid json');
  return { args: value as JsonObject, payload: text, body: 'json' };
}

export async function handleRpc(req: RestRequest, cache: SchemaCache, name: string): Promise<Response> {
  const call = await readArgs(req, cache, name);
  const keys = Object.keys(call.args);
  const { fn, wholeBody } = resolveFunction(cache, name, keys, call.body);
  const strictMaxAffected = req.prefer.handling === 'strict' ? req.prefer.maxAffected : null;
  if (strictMaxAffected !== null && !fn.returnsSet) throw maxAffectedNeedsSet();

  const params = new Params();
  const argsParam = params.add(call.payload);
  // `source` provides the arguments (and always references $1, so its type is known).
  let fnCall: string;
  let source = `(select ${argsParam}::text as j) as _p`;
  if (wholeBody) {
    // The type comes from pg_catalog: json, jsonb or text.
    fnCall = `public.${qi(fn.name)}(_p.j::${fn.args[0]?.type ?? 'json'})`;
  } else if (keys.length === 0) {
    fnCall = `public.${qi(fn.name)}()`;
  } else {
    // Argument types come from pg_catalog (format_type), names were matched against it.
    const used = fn.args.filter((a) => keys.includes(a.name));
    fnCall = `public.${qi(fn.name)}(${used.map((a) => `${qi(a.name)} := _a.${qi(a.name)}`).join(', ')})`;
    source = `json_to_record(${argsParam}::json) as _a(${used.map((a) => `${qi(a.name)} ${a.type}`).join(', ')})`;
  }

  if (fn.shape === 'void') {
    await asRole(
      req.project.engine,
      req.claims,
      (tx) => tx.query(`select 1 from ${source}, lateral (select ${fnCall}) as _f`, params.values),
      txInfo(req),
    );
    return respond('json', 204, null);
  }
  if (!fn.returnsSet && fn.shape === 'scalar') {
    const sql = `select case when octet_length(_r.body) > ${maxResponseBytes()} then null else _r.body end as body, octet_length(_r.body) as bytes
      from (select to_json(${fnCall})::text as body from ${source}) as _r`;
    const row = await asRole(
      req.project.engine,
      req.claims,
      async (tx) => {
        const r = (await tx.query<{ body: string | null; bytes: number | null }>(sql, params.values)).rows[0];
        checkResponseSize(r);
        return r;
      },
      txInfo(req),
    );
    // One value is one row: PostgREST counts it so.
    const headers = { 'content-range': contentRange(0, 1, req.prefer.count === null ? null : 1) };
    return respond('json', 200, req.method === 'HEAD' ? null : (row?.body ?? 'null'), headers);
  }

  const table = resultTable(cache, fn);
  const levels = parseQueryParams(req.query, new Set(req.method === 'POST' ? [] : keys));
  const plan = planRead(cache, table, parseSelect(req.query.find(([k]) => k === 'select')?.[1]), levels);
  const callSql =
    fn.shape === 'composite' || fn.returnsTable !== null
      ? `(select _f.* from ${source}, lateral ${fnCall} as _f)`
      : `(select _f.v as ${qi(fn.name)} from ${source}, lateral ${fnCall} as _f(v))`;
  if (fn.returnsSet) capLimit(plan);
  const scalar = fn.shape !== 'composite' && fn.returnsTable === null ? fn.name : null;
  const shape = {
    count: countsRows(req.prefer.count),
    format: req.accept === 'csv' ? 'csv' : 'json',
    stripNulls: req.stripNulls,
    scalar,
  } as const;
  // The call runs once, in a materialized CTE, however often the page and its count read it: a function that writes must not write twice.
  const sql = cappedSql(readSql(plan, '_pgrst_call', params, shape, `with _pgrst_call as materialized ${callSql} `));
  const result = await asRole(
    req.project.engine,
    req.claims,
    async (tx) => {
      const row = (await tx.query<{ body: string; n: string; total: string | null; bytes: number }>(sql, params.values)).rows[0];
      checkResponseSize(row);
      const read = toReadResult(row);
      // PostgREST holds a set-returning call to max-affected by the rows it returns.
      if (strictMaxAffected !== null && read.n > strictMaxAffected) throw maxAffectedExceeded(read.n);
      return { ...read, total: await countRows(tx, req, plan, callSql, read, [call.payload]) };
    },
    txInfo(req),
  );
  const headers = { 'content-range': contentRange(plan.offset ?? 0, result.n, result.total) };
  if (!fn.returnsSet) {
    // A single composite comes back as an object, as PostgREST does.
    const one = JSON.parse(result.body) as unknown[];
    return respond('json', 200, req.method === 'HEAD' ? null : JSON.stringify(one[0] ?? null), headers);
  }
  checkSingle(req.accept, result.n);
  const status = req.accept === 'object' ? 200 : rangeStatus(result.n, result.total);
  return respond(req.accept, status, req.method === 'HEAD' ? null : renderBody(req.accept, result), headers);
}
