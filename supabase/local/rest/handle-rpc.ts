/**
 * POST/GET /rpc/fn: named arguments from the JSON body (or the query string
 * for GET), typed from pg_catalog through json_to_record, so the function
 * sees exactly the types it declares. Scalar, setof and table results.
 */
import { asRole } from '../request-tx';
import { Params, planRead, qi, readSql } from './build-query';
import { functionNotFound, invalidBody } from './errors';
import { parseQueryParams } from './parse-filters';
import { parseSelect } from './parse-select';
import { capLimit, cappedSql, checkResponseSize, maxResponseBytes, maxRows } from './limits';
import { txInfo, type RestRequest } from './request';
import { checkSingle, contentRange, renderBody, respond, toReadResult } from './respond';
import type { Fn, SchemaCache, Table } from './schema-cache';

type JsonObject = Record<string, unknown>;

function isJsonType(t: string): boolean {
  return t === 'json' || t === 'jsonb';
}

/** The overload whose named parameters fit the given argument names. */
function pickFunction(cache: SchemaCache, name: string, keys: string[], singleObject: boolean): { fn: Fn; wholeBody: boolean } {
  const candidates = cache.fns.get(name) ?? [];
  for (const fn of candidates) {
    const only = fn.args[0];
    if (singleObject && fn.args.length === 1 && only && isJsonType(only.type)) return { fn, wholeBody: true };
  }
  for (const fn of candidates) {
    const names = fn.args.map((a) => a.name);
    if (keys.every((k) => names.includes(k)) && fn.args.every((a) => a.hasDefault || keys.includes(a.name)))
      return { fn, wholeBody: false };
  }
  // A single unnamed json/jsonb parameter takes the whole body (PostgREST does the same).
  for (const fn of candidates) {
    const only = fn.args[0];
    if (fn.args.length === 1 && only && only.name === '' && isJsonType(only.type)) return { fn, wholeBody: true };
  }
  throw functionNotFound(name, keys);
}

/** The result of a table-returning function, for select/filters/embedding. */
function resultTable(cache: SchemaCache, fn: Fn): Table {
  const named = cache.tables.get(fn.returnType.replace(/^public\./, '').replace(/^"|"$/g, ''));
  if (named) return named;
  const columns = new Map(
    fn.resultColumns.map((c) => [c, { name: c, type: 'unknown', nullable: true, defaultExpr: null, generated: false }]),
  );
  return { name: fn.name, columns, columnOrder: fn.resultColumns, primaryKey: [], uniques: [], insertable: false };
}

export async function handleRpc(req: RestRequest, cache: SchemaCache, name: string): Promise<Response> {
  let args: JsonObject = {};
  let bodyText = '{}';
  const fnArgNames = new Set((cache.fns.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
  if (req.method === 'POST') {
    const text = await req.c.req.text();
    if (text.trim() !== '') {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw invalidBody('Empty or invalid json');
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        if (req.prefer.params !== 'single-object') throw invalidBody('Empty or invalid json');
      } else args = value as JsonObject;
      bodyText = text;
    }
  } else {
    for (const [k, v] of req.query) if (fnArgNames.has(k)) args[k] = v;
    bodyText = JSON.stringify(args);
  }
  const keys = Object.keys(args);
  const { fn, wholeBody } = pickFunction(cache, name, keys, req.prefer.params === 'single-object');

  const params = new Params();
  const argsParam = params.add(bodyText);
  // `source` provides the arguments (and always references $1, so its type is known).
  let fnCall: string;
  let source = `(select ${argsParam}::text as j) as _p`;
  if (wholeBody) {
    fnCall = `public.${qi(fn.name)}(_p.j::${fn.args[0]?.type ?? 'json'})`;
  } else if (keys.length === 0) {
    fnCall = `public.${qi(fn.name)}()`;
  } else {
    // Argument types come from pg_catalog (format_type), names were matched against it.
    const used = fn.args.filter((a) => keys.includes(a.name));
    fnCall = `public.${qi(fn.name)}(${used.map((a) => `${qi(a.name)} := _a.${qi(a.name)}`).join(', ')})`;
    source = `json_to_record(${argsParam}::json) as _a(${used.map((a) => `${qi(a.name)} ${a.type}`).join(', ')})`;
  }

  const skip = new Set(req.method === 'POST' ? [] : keys);
  if (fn.shape === 'composite') {
    const table = resultTable(cache, fn);
    const levels = parseQueryParams(req.query, skip);
    const plan = planRead(cache, table, parseSelect(req.query.find(([k]) => k === 'select')?.[1]), levels);
    const from = `(select _f.* from ${source}, lateral ${fnCall} as _f)`;
    if (fn.returnsSet) capLimit(plan);
    const sql = cappedSql(readSql(plan, from, params, req.prefer.count !== null));
    const result = await asRole(
      req.project.engine,
      req.claims,
      async (tx) => {
        const row = (await tx.query<{ body: string; n: string; total: string | null; bytes: number }>(sql, params.values)).rows[0];
        checkResponseSize(row);
        return toReadResult(row);
      },
      txInfo(req),
    );
    if (!fn.returnsSet) {
      // A single composite comes back as an object, as PostgREST does.
      const one = JSON.parse(result.body) as unknown[];
      return respond('json', 200, req.method === 'HEAD' ? null : JSON.stringify(one[0] ?? null));
    }
    checkSingle(req.accept, result.n);
    const headers = { 'content-range': contentRange(plan.offset ?? 0, result.n, result.total) };
    return respond(req.accept, 200, req.method === 'HEAD' ? null : renderBody(req.accept, result), headers);
  }
  let sql: string;
  if (fn.shape === 'void') sql = `select null::text as body from ${source}, lateral (select ${fnCall}) as _f`;
  else if (fn.returnsSet)
    sql = `select coalesce(json_agg(_l.v), '[]'::json)::text as body from (select _f.v from ${source}, lateral ${fnCall} as _f(v) limit ${maxRows()}) as _l`;
  else sql = `select to_json(${fnCall})::text as body from ${source}`;
  const capped = `select case when octet_length(_r.body) > ${maxResponseBytes()} then null else _r.body end as body, octet_length(_r.body) as bytes from (${sql}) as _r`;
  const rows = await asRole(
    req.project.engine,
    req.claims,
    async (tx) => {
      const r = (await tx.query<{ body: string | null; bytes: number | null }>(capped, params.values)).rows;
      checkResponseSize(r[0]);
      return r;
    },
    txInfo(req),
  );
  if (fn.shape === 'void') return respond('json', 204, null);
  const body = rows[0]?.body ?? 'null';
  if (fn.returnsSet && req.accept === 'object') {
    const list = JSON.parse(body) as unknown[];
    checkSingle('object', list.length);
    return respond('object', 200, req.method === 'HEAD' ? null : JSON.stringify(list[0] ?? null));
  }
  return respond('json', 200, req.method === 'HEAD' ? null : body);
}
