/**
 * POST (insert/upsert), PATCH and DELETE on a table. Each is one statement
 * with the whole JSON body as a single parameter (json_populate_recordset),
 * so a 10,000-row upsert costs about what the same insert costs in SQL.
 * Row-level security applies because it runs as the request's role.
 */
import type { SqlClient } from '../engine/types';
import { asRole } from '../request-tx';
import { Params, planRead, qi, ql, readSql, whereSql } from './build-query';
import { invalidBody, maxAffectedExceeded, RestError, writeColumnNotFound } from './errors';
import { lookupTable } from './handle-read';
import { parseQueryParams, type LevelParams } from './parse-filters';
import { parseColumnList, parseSelect } from './parse-select';
import { cappedSql, checkResponseSize } from './limits';
import { txInfo, type RestRequest } from './request';
import { checkSingle, contentRange, renderBody, respond, toReadResult, type ReadResult } from './respond';
import type { SchemaCache, Table } from './schema-cache';

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function readJson(req: RestRequest): Promise<{ text: string; value: unknown }> {
  const text = await req.c.req.text();
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

function queryParam(req: RestRequest, key: string): string | undefined {
  return req.query.find(([k]) => k === key)?.[1];
}

function checkWriteColumns(table: Table, columns: string[]): void {
  for (const col of columns) if (!table.columns.has(col)) throw writeColumnNotFound(table.name, col);
}

/** The representation after a write: the select tree, without re-applying the top-level filters. */
function representation(req: RestRequest, cache: SchemaCache, table: Table, levels: Map<string, LevelParams>) {
  const repLevels = new Map(levels);
  repLevels.set('', { conds: [], order: levels.get('')?.order ?? null, limit: null, offset: null });
  return planRead(cache, table, parseSelect(queryParam(req, 'select')), repLevels);
}

/** PATCH and DELETE under Prefer: handling=strict, max-affected=n: more rows than n and the transaction rolls back. */
function checkMaxAffected(req: RestRequest, affected: number): void {
  if (req.method !== 'PATCH' && req.method !== 'DELETE') return;
  if (req.prefer.handling === 'strict' && req.prefer.maxAffected !== null && affected > req.prefer.maxAffected) {
    throw maxAffectedExceeded(affected);
  }
}

interface WriteOutcome {
  result: ReadResult | null;
  affected: number;
  /** Rows an upsert inserted (the others it updated); null for other writes. */
  inserted: number | null;
}

/**
 * Runs `mutation` (an insert/update/delete without RETURNING) and, when the
 * client wants rows back, renders them from a CTE in the same statement. An
 * upsert also counts the rows it inserted (xmax = 0), which decides 201 or 200.
 */
async function runWrite(
  req: RestRequest,
  cache: SchemaCache,
  table: Table,
  levels: Map<string, LevelParams>,
  mutation: string,
  params: Params,
  options: { returning?: string; upsert?: boolean } = {},
): Promise<WriteOutcome> {
  const returning = options.returning ?? 'returning *';
  const wantRows = req.prefer.return === 'representation';
  const rep = wantRows ? representation(req, cache, table, levels) : null;
  const shape = { format: req.accept === 'csv' ? 'csv' : 'json', stripNulls: req.stripNulls } as const;
  const cols = table.columnOrder.map(qi).join(', ');
  return asRole(
    req.project.engine,
    req.claims,
    async (tx: SqlClient): Promise<WriteOutcome> => {
      if (rep) {
        // A data-modifying WITH must stay at the top level, outside the size check's subquery.
        const sql = options.upsert
          ? `with _w0 as (${mutation} ${returning}, (xmax = 0) as _inserted), _w as (select ${cols} from _w0)
             select _c.*, (select count(*) from _w0 where _inserted)::int as inserted from (${cappedSql(readSql(rep, '_w', params, shape))}) as _c`
          : `with _w as (${mutation} ${returning}) ${cappedSql(readSql(rep, '_w', params, shape))}`;
        const r = await tx.query<{ body: string; n: string; total: null; bytes: number; inserted?: number }>(sql, params.values);
        checkResponseSize(r.rows[0]);
        const result = toReadResult(r.rows[0]);
        checkSingle(req.accept, result.n);
        checkMaxAffected(req, result.n);
        return { result, affected: result.n, inserted: options.upsert ? Number(r.rows[0]?.inserted ?? 0) : null };
      }
      if (options.upsert) {
        const r = await tx.query<{ n: number; inserted: number }>(
          `with _w0 as (${mutation} returning (xmax = 0) as _inserted) select count(*)::int as n, (count(*) filter (where _inserted))::int as inserted from _w0`,
          params.values,
        );
        const n = Number(r.rows[0]?.n ?? 0);
        checkSingle(req.accept, n);
        return { result: null, affected: n, inserted: Number(r.rows[0]?.inserted ?? 0) };
      }
      const r = await tx.query(mutation, params.values);
      checkSingle(req.accept, r.affectedRows);
      checkMaxAffected(req, r.affectedRows);
      return { result: null, affected: r.affectedRows, inserted: null };
    },
    txInfo(req),
  );
}

function writeResponse(
  req: RestRequest,
  status: number,
  out: { result: ReadResult | null; affected: number },
  extra: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = {
    'content-range': `*/${req.prefer.count === 'exact' ? out.affected : '*'}`,
    ...extra,
  };
  if (req.prefer.applied.length) headers['preference-applied'] = req.prefer.applied.join(', ');
  if (out.result) {
    if (req.prefer.count === 'exact') headers['content-range'] = contentRange(0, out.result.n, out.affected);
    return respond(req.accept, status, renderBody(req.accept, out.result), headers);
  }
  // PATCH/DELETE without a body are 204; a POST keeps its 201 (inserted) or 200 (upsert that only updated).
  return respond(req.accept, status === 200 && req.method !== 'POST' ? 204 : status, null, headers);
}

/** The value inserted for `col`: the payload's, or the column default when missing=default and the key is absent. */
function insertValue(table: Table, col: string, useDefaults: boolean): string {
  const c = table.columns.get(col);
  if (!useDefaults || !c?.defaultExpr) return `_r.${qi(col)}`;
  // The default expression comes from pg_catalog, not from the request.
  return `case when _j.o -> ${ql(col)} is not null then _r.${qi(col)} else (${c.defaultExpr})::${c.type} end`;
}

export async function handleInsert(req: RestRequest, cache: SchemaCache, tableName: string): Promise<Response> {
  const table = lookupTable(cache, tableName);
  const levels = parseQueryParams(req.query);
  const { text, value } = await readJson(req);
  let rows: unknown[];
  let json: string;
  if (Array.isArray(value)) {
    rows = value;
    json = text;
  } else if (isObject(value)) {
    rows = [value];
    json = `[${text}]`;
  } else throw invalidBody('Empty or invalid json');
  if (!rows.every(isObject)) throw invalidBody('All object keys must match');
  const columnsParam = queryParam(req, 'columns');
  let columns: string[];
  if (columnsParam !== undefined) columns = parseColumnList(columnsParam, 'columns parameter');
  else {
    const first = rows[0];
    columns = first ? Object.keys(first) : [];
    // PostgREST needs one key set for a bulk body without ?columns.
    const key = [...columns].sort().join('\u0000');
    if (rows.some((r) => isObject(r) && Object.keys(r).sort().join('\u0000') !== key)) throw invalidBody('All object keys must match');
  }
  columns = [...new Set(columns)];
  checkWriteColumns(table, columns);
  if (req.prefer.missing === 'default') {
    // An identity column Postgres fills itself (GENERATED ALWAYS) takes no value, not even its default: leave it out when no row gives one.
    columns = columns.filter((c) => !table.columns.get(c)?.identityAlways || rows.some((r) => isObject(r) && r[c] !== undefined));
  }
  if (rows.length === 0)
    return writeResponse(req, 201, {
      result: req.prefer.return === 'representation' ? { body: '[]', n: 0, total: null } : null,
      affected: 0,
    });

  const params = new Params();
  const useDefaults = req.prefer.missing === 'default';
  const target = `public.${qi(table.name)}`;
  const colList = columns.map(qi).join(', ');
  const source = useDefaults
    ? `select ${columns.map((c) => insertValue(table, c, true)).join(', ')} from json_array_elements(${params.add(json)}::json) with ordinality as _j(o, i), json_populate_record(null::${target}, _j.o) as _r order by _j.i`
    : `select ${columns.map((c) => `_r.${qi(c)}`).join(', ')} from json_populate_recordset(null::${target}, ${params.add(json)}::json) as _r`;
  let conflict = '';
  if (req.prefer.resolution) {
    const onConflictParam = queryParam(req, 'on_conflict');
    const keys = onConflictParam !== undefined ? parseColumnList(onConflictParam, 'on_conflict parameter') : table.primaryKey;
    if (!keys.length)
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse on_conflict parameter" (table '${table.name}' has no primary key; pass on_conflict)`,
      );
    checkWriteColumns(table, keys);
    const updates = columns.map((c) => `${qi(c)} = excluded.${qi(c)}`);
    conflict =
      req.prefer.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${keys.map(qi).join(', ')}) do nothing`
        : ` on conflict (${keys.map(qi).join(', ')}) do update set ${updates.join(', ')}`;
  }
  const mutation = columns.length
    ? `insert into ${target} (${colList}) ${source}${conflict}`
    : `insert into ${target} select from json_array_elements(${params.add(json)}::json)${conflict}`;
  const upsert = req.prefer.resolution !== null;
  const out = await runWrite(req, cache, table, levels, mutation, params, { upsert });
  const extra: Record<string, string> = {};
  if (req.prefer.return === 'headers-only' && out.affected === 1 && table.primaryKey.length && rows.length === 1) {
    const first = rows[0];
    if (isObject(first) && table.primaryKey.every((k) => first[k] !== undefined)) {
      extra.location = `/${table.name}?${table.primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(first[k]))}`).join('&')}`;
    }
  }
  // PostgREST 14 answers 200 only for a merge-duplicates upsert that inserted nothing; ignore-duplicates stays 201 (Response.hs).
  const onlyMerged = req.prefer.resolution === 'merge-duplicates' && out.inserted === 0;
  return writeResponse(req, onlyMerged ? 200 : 201, out, extra);
}

export async function handleUpdate(req: RestRequest, cache: SchemaCache, tableName: string): Promise<Response> {
  const table = lookupTable(cache, tableName);
  const levels = parseQueryParams(req.query);
  const { text, value } = await readJson(req);
  if (!isObject(value)) throw invalidBody('Empty or invalid json');
  const columns = Object.keys(value);
  checkWriteColumns(table, columns);
  const filter = planRead(cache, table, [], new Map([['', levels.get('') ?? { conds: [], order: null, limit: null, offset: null }]]));
  const params = new Params();
  if (columns.length === 0) {
    // Nothing to set: PostgREST answers as if nothing matched.
    return writeResponse(req, 200, {
      result: req.prefer.return === 'representation' ? { body: '[]', n: 0, total: null } : null,
      affected: 0,
    });
  }
  const sets = columns.map((c) => `${qi(c)} = _r.${qi(c)}`).join(', ');
  const target = `public.${qi(table.name)}`;
  const mutation = `update ${target} as _t0 set ${sets} from json_populate_record(null::${target}, ${params.add(text)}::json) as _r where ${whereSql(filter, params)}`;
  const out = await runWrite(req, cache, table, levels, mutation, params, { returning: 'returning _t0.*' });
  return writeResponse(req, 200, out);
}

export async function handleDelete(req: RestRequest, cache: SchemaCache, tableName: string): Promise<Response> {
  const table = lookupTable(cache, tableName);
  const levels = parseQueryParams(req.query);
  const filter = planRead(cache, table, [], new Map([['', levels.get('') ?? { conds: [], order: null, limit: null, offset: null }]]));
  const params = new Params();
  const mutation = `delete from public.${qi(table.name)} as _t0 where ${whereSql(filter, params)}`;
  const out = await runWrite(req, cache, table, levels, mutation, params);
  return writeResponse(req, 200, out);
}

/**
 * PUT /table?pk=eq.v: upsert of exactly the row the URL names, as PostgREST
 * does (supabase-js never sends it; kept for completeness).
 */
export async function handlePut(req: RestRequest, cache: SchemaCache, tableName: string): Promise<Response> {
  const table = lookupTable(cache, tableName);
  const levels = parseQueryParams(req.query);
  const conds = levels.get('')?.conds ?? [];
  const pk = table.primaryKey;
  const eqs = new Map<string, string>();
  for (const c of conds) if (c.kind === 'filter' && c.op === 'eq' && !c.negate && !c.path.length) eqs.set(c.column, c.value);
  if (!pk.length || conds.length !== pk.length || !pk.every((k) => eqs.has(k))) {
    throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
  }
  const { text, value } = await readJson(req);
  if (!isObject(value)) throw invalidBody('Empty or invalid json');
  if (!pk.every((k) => value[k] !== undefined && value[k] !== null && String(value[k]) === eqs.get(k))) {
    throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
  const columns = Object.keys(value);
  checkWriteColumns(table, columns);
  const params = new Params();
  const target = `public.${qi(table.name)}`;
  const updates = columns.filter((c) => !pk.includes(c)).map((c) => `${qi(c)} = excluded.${qi(c)}`);
  const conflict = updates.length ? `do update set ${updates.join(', ')}` : 'do nothing';
  const mutation = `insert into ${target} (${columns.map(qi).join(', ')}) select ${columns.map((c) => `_r.${qi(c)}`).join(', ')}
    from json_populate_recordset(null::${target}, ${params.add(`[${text}]`)}::json) as _r on conflict (${pk.map(qi).join(', ')}) ${conflict}`;
  const out = await runWrite(req, cache, table, new Map([['', { conds: [], order: null, limit: null, offset: null }]]), mutation, params, {
    upsert: true,
  });
  // With the row returned: 201 when it was inserted, 200 when replaced; without, 204 (PostgREST's single upsert).
  return writeResponse(req, out.result && out.inserted ? 201 : 200, out);
}
