/**
 * Turns a parsed request into one SQL statement whose result is already the
 * response JSON, rendered by Postgres (json_agg/row_to_json subqueries) so
 * types come out exactly as PostgREST gives them and row-level security
 * applies to embedded rows too. Identifiers are checked against the schema
 * cache and quoted; values only ever travel as bind parameters.
 */
import { aggregatesNotAllowed, columnNotFound, parseError, RestError } from './errors';
import type { Cond, Filter, LevelParams, OrderTerm } from './parse-filters';
import type { JsonStep, SelectItem } from './parse-select';
import { findRelation, type Relation } from './relationships';
import type { SchemaCache, Table } from './schema-cache';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export const qi = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const ql = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export type PlanItem =
  | { kind: 'star' }
  | { kind: 'count'; key: string }
  | { kind: 'column'; key: string; column: string; path: JsonStep[]; cast: string | null }
  | { kind: 'embed'; key: string; rel: Relation; inner: boolean; hidden: boolean; spread: boolean; plan: ReadPlan };

export interface ReadPlan {
  table: Table;
  alias: string;
  /** Computed fields of the table (functions of its row), usable as columns. */
  computed: Set<string>;
  items: PlanItem[];
  conds: Cond[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

interface PlanContext {
  cache: SchemaCache;
  levels: Map<string, LevelParams>;
  used: Set<string>;
  next: number;
}

function hasField(plan: ReadPlan, column: string): boolean {
  return plan.table.columns.has(column) || plan.computed.has(column);
}

function checkColumn(plan: ReadPlan, column: string): void {
  if (!hasField(plan, column)) throw columnNotFound(plan.table.name, column);
}

function buildPlan(ctx: PlanContext, table: Table, items: SelectItem[], path: string, alias: string): ReadPlan {
  const level = ctx.levels.get(path);
  ctx.used.add(path);
  const computed = new Set((ctx.cache.rowFns.get(table.name) ?? []).filter((f) => f.returnsTable === null).map((f) => f.name));
  const plan: ReadPlan = {
    table,
    alias,
    computed,
    items: [],
    conds: level?.conds ?? [],
    order: level?.order ?? [],
    limit: level?.limit ?? null,
    offset: level?.offset ?? null,
  };
  for (const it of items) {
    if (it.kind === 'star') plan.items.push({ kind: 'star' });
    // db-aggregates-enabled is off on hosted Supabase: count(), sum() and the rest are refused.
    else if (it.kind === 'aggregate') throw aggregatesNotAllowed();
    else if (it.kind === 'column' && it.name === 'count' && !it.cast && !it.path.length && !table.columns.has('count')) {
      // orders(count): not an aggregate to PostgREST but Postgres's attribute notation for
      // count(orders), so it works with aggregates off, and with other columns fails as Postgres
      // fails (42803: no GROUP BY is added).
      plan.items.push({ kind: 'count', key: it.alias ?? 'count' });
    } else if (it.kind === 'column') {
      checkColumn(plan, it.name);
      const last = it.path[it.path.length - 1];
      plan.items.push({ kind: 'column', key: it.alias ?? last?.key ?? it.name, column: it.name, path: it.path, cast: it.cast });
    } else {
      const rel = findRelation(ctx.cache, table, it.name, it.hint);
      const key = it.alias ?? it.name;
      const childPath = path === '' ? key : `${path}.${key}`;
      const child = buildPlan(ctx, rel.target, it.items, childPath, `_t${ctx.next++}`);
      if (it.spread && rel.kind !== 'm2o' && !rel.oneToOne) {
        throw new RestError(
          400,
          'PGRST119',
          `A spread operation on '${it.name}' is not possible`,
          `'${table.name}' and '${it.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      plan.items.push({ kind: 'embed', key, rel, inner: it.inner, hidden: it.items.length === 0, spread: it.spread, plan: child });
    }
  }
  return plan;
}

/** Resolves select + filters against the schema; throws PostgREST's errors for unknown names. */
export function planRead(cache: SchemaCache, table: Table, select: SelectItem[], levels: Map<string, LevelParams>): ReadPlan {
  const ctx: PlanContext = { cache, levels, used: new Set(), next: 1 };
  const plan = buildPlan(ctx, table, select, '', '_t0');
  for (const path of levels.keys()) {
    if (!ctx.used.has(path)) {
      throw new RestError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
  validateConds(plan);
  return plan;
}

function validateConds(plan: ReadPlan): void {
  const walk = (c: Cond): void => {
    if (c.kind === 'filter') {
      if (!hasField(plan, c.column) && !embedByKey(plan, c.column)) throw columnNotFound(plan.table.name, c.column);
    } else c.children.forEach(walk);
  };
  plan.conds.forEach(walk);
  for (const o of plan.order) {
    if (o.relation) {
      const e = embedByKey(plan, o.relation);
      if (!e || (e.rel.kind !== 'm2o' && !e.rel.oneToOne)) {
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${o.relation}' is not possible`,
          `'${plan.table.name}' and '${o.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      checkColumn(e.plan, o.column);
    } else checkColumn(plan, o.column);
  }
  for (const it of plan.items) if (it.kind === 'embed') validateConds(it.plan);
}

function embedByKey(plan: ReadPlan, key: string): Extract<PlanItem, { kind: 'embed' }> | undefined {
  for (const it of plan.items) if (it.kind === 'embed' && it.key === key) return it;
  return undefined;
}

/**
 * "_t0"."data"->'a'->>'b' with the keys as parameters; a computed field is
 * its function applied to the row, public."label"("_t0").
 */
function columnExpr(plan: ReadPlan, column: string, path: JsonStep[], params: Params): string {
  const alias = plan.alias;
  let sql =
    !plan.table.columns.has(column) && plan.computed.has(column) ? `public.${qi(column)}(${qi(alias)})` : `${qi(alias)}.${qi(column)}`;
  for (const step of path) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(Number(step.key))}::int` : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.op}${key})`;
  }
  return sql;
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};
const ARRAY_OPS: Record<string, string> = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function likePattern(v: string): string {
  return v.replace(/\*/g, '%');
}

function compare(expr: string, op: string, value: string, params: Params): string {
  const sqlOp = COMPARE[op] ?? '=';
  if (op === 'like' || op === 'ilike') return `${expr}::text ${sqlOp} ${params.add(likePattern(value))}`;
  if (op === 'match' || op === 'imatch') return `${expr}::text ${sqlOp} ${params.add(value)}`;
  return `${expr} ${sqlOp} ${params.add(value)}`;
}

function filterSql(plan: ReadPlan, f: Filter, params: Params): string {
  if (!hasField(plan, f.column)) {
    // `campus=not.is.null`: a filter on an embed itself (PostgREST 11+), an inner join in disguise.
    const e = embedByKey(plan, f.column);
    if (!e || f.op !== 'is' || f.value.toLowerCase() !== 'null') throw columnNotFound(plan.table.name, f.column);
    const exists = `exists (select 1 from ${fromSql(e.rel, e.plan.alias, plan.alias)} where ${joinSql(e.rel, plan.alias, e.plan.alias)} and ${whereSql(e.plan, params)})`;
    return f.negate ? exists : `not ${exists}`;
  }
  const expr = columnExpr(plan, f.column, f.path, params);
  let sql: string;
  if (f.quant && f.list) {
    const parts = f.list.map((v) => compare(expr, f.op, v, params));
    sql = parts.length === 0 ? (f.quant === 'any' ? 'false' : 'true') : `(${parts.join(f.quant === 'any' ? ' or ' : ' and ')})`;
  } else if (f.op === 'in') {
    const list = f.list ?? [];
    sql = list.length === 0 ? 'false' : `${expr} in (${list.map((v) => params.add(v)).join(', ')})`;
  } else if (f.op === 'is') {
    const v = f.value.toLowerCase();
    sql = `${expr} is ${v === 'not_null' ? 'not null' : v}`;
  } else if (f.op === 'isdistinct') {
    sql = `${expr} is distinct from ${params.add(f.value)}`;
  } else if (ARRAY_OPS[f.op]) {
    sql = `${expr} ${ARRAY_OPS[f.op]} ${params.add(f.value)}`;
  } else if (FTS[f.op]) {
    const fn = FTS[f.op] ?? 'to_tsquery';
    const q =
      f.config === null ? `${fn}(${params.add(f.value)}::text)` : `${fn}(${params.add(f.config)}::regconfig, ${params.add(f.value)}::text)`;
    sql = `${expr} @@ ${q}`;
  } else {
    sql = compare(expr, f.op, f.value, params);
  }
  return f.negate ? `not (${sql})` : sql;
}

function condSql(plan: ReadPlan, c: Cond, params: Params): string {
  if (c.kind === 'filter') return filterSql(plan, c, params);
  const inner = c.children.map((ch) => condSql(plan, ch, params)).join(c.kind === 'and' ? ' and ' : ' or ');
  return c.negate ? `not (${inner})` : `(${inner})`;
}

/**
 * The embedded table as a FROM item; many-to-many joins its junction table
 * in; a computed relationship is its function called with the parent row.
 */
export function fromSql(rel: Relation, childAlias: string, parentAlias: string): string {
  if (rel.kind === 'computed') return `public.${qi(rel.fn ?? '')}(${qi(parentAlias)}) as ${qi(childAlias)}`;
  const target = `public.${qi(rel.target.name)} as ${qi(childAlias)}`;
  if (rel.kind !== 'm2m' || !rel.junction) return target;
  const j = rel.junction;
  const jAlias = `${childAlias}_j`;
  const on = j.toTarget.columns
    .map((col, i) => `${qi(jAlias)}.${qi(col)} = ${qi(childAlias)}.${qi(j.toTarget.refColumns[i] ?? col)}`)
    .join(' and ');
  return `${target} join public.${qi(j.table.name)} as ${qi(jAlias)} on ${on}`;
}

/** The join between a parent row (parentAlias) and the embedded table (childAlias). */
export function joinSql(rel: Relation, parentAlias: string, childAlias: string): string {
  if (rel.kind === 'computed') return 'true';
  if (rel.kind === 'm2m' && rel.junction) {
    const jAlias = `${childAlias}_j`;
    const fk = rel.junction.toParent;
    return fk.columns.map((col, i) => `${qi(jAlias)}.${qi(col)} = ${qi(parentAlias)}.${qi(fk.refColumns[i] ?? col)}`).join(' and ');
  }
  const { fk } = rel;
  return fk.columns
    .map((col, i) => {
      const ref = fk.refColumns[i] ?? col;
      return rel.kind === 'm2o'
        ? `${qi(childAlias)}.${qi(ref)} = ${qi(parentAlias)}.${qi(col)}`
        : `${qi(childAlias)}.${qi(col)} = ${qi(parentAlias)}.${qi(ref)}`;
    })
    .join(' and ');
}

/** Filters of one level, plus the !inner embeds that must have a match. */
export function whereSql(plan: ReadPlan, params: Params): string {
  const parts = plan.conds.map((c) => condSql(plan, c, params));
  for (const it of plan.items) {
    if (it.kind === 'embed' && it.inner) {
      parts.push(
        `exists (select 1 from ${fromSql(it.rel, it.plan.alias, plan.alias)} where ${joinSql(it.rel, plan.alias, it.plan.alias)} and ${whereSql(it.plan, params)})`,
      );
    }
  }
  return parts.length ? parts.join(' and ') : 'true';
}

function embedSql(it: Extract<PlanItem, { kind: 'embed' }>, parentAlias: string, params: Params): string {
  const child = it.plan;
  const from = fromSql(it.rel, child.alias, parentAlias);
  const where = `${joinSql(it.rel, parentAlias, child.alias)} and ${whereSql(child, params)}`;
  const body = `select ${selectListSql(child, params)} from ${from} where ${where}${orderSql(child, params)}${limitSql(child)}`;
  if (it.rel.kind === 'm2o' || it.rel.oneToOne) return `(select row_to_json(_e) from (${body}) as _e limit 1)`;
  return `(select coalesce(json_agg(_e), '[]'::json) from (${body}) as _e)`;
}

function itemExpr(plan: ReadPlan, it: Exclude<PlanItem, { kind: 'star' } | { kind: 'embed' } | { kind: 'count' }>, params: Params): string {
  const expr = columnExpr(plan, it.column, it.path, params);
  return it.cast ? `${expr}::${it.cast}` : expr;
}

/** ...campus(a, b): one scalar subquery per spread column (many-to-one, so at most one row). */
function spreadSql(it: Extract<PlanItem, { kind: 'embed' }>, parentAlias: string, params: Params): string[] {
  const child = it.plan;
  const from = fromSql(it.rel, child.alias, parentAlias);
  const one = (expr: string, key: string) =>
    `(select ${expr} from ${from} where ${joinSql(it.rel, parentAlias, child.alias)} and ${whereSql(child, params)} limit 1) as ${qi(key)}`;
  const out: string[] = [];
  for (const ci of child.items) {
    if (ci.kind === 'star') for (const col of child.table.columnOrder) out.push(one(`${qi(child.alias)}.${qi(col)}`, col));
    else if (ci.kind === 'column') out.push(one(itemExpr(child, ci, params), ci.key));
    else if (ci.kind === 'embed' && ci.spread) {
      throw parseError('select parameter', ci.key, 'nested spreads are not supported');
    } else if (ci.kind === 'embed' && !ci.hidden) out.push(one(embedSql(ci, child.alias, params), ci.key));
    else if (ci.kind === 'count') throw parseError('select parameter', 'count()', 'count() inside a spread is not supported');
  }
  return out;
}

export function selectListSql(plan: ReadPlan, params: Params): string {
  const cols: string[] = [];
  for (const it of plan.items) {
    if (it.kind === 'star') cols.push(`${qi(plan.alias)}.*`);
    else if (it.kind === 'count') cols.push(`count(*) as ${qi(it.key)}`);
    else if (it.kind === 'column') cols.push(`${itemExpr(plan, it, params)} as ${qi(it.key)}`);
    else if (it.spread) cols.push(...spreadSql(it, plan.alias, params));
    else if (!it.hidden) cols.push(`${embedSql(it, plan.alias, params)} as ${qi(it.key)}`);
  }
  // A select of only hidden embeds still needs a row shape.
  return cols.length ? cols.join(', ') : `${qi(plan.alias)}.*`;
}

export function orderSql(plan: ReadPlan, params: Params): string {
  if (!plan.order.length) return '';
  const terms = plan.order.map((o) => {
    let expr: string;
    const e = o.relation ? embedByKey(plan, o.relation) : undefined;
    if (e) {
      const col = columnExpr(e.plan, o.column, o.path, params);
      expr = `(select ${col} from ${fromSql(e.rel, e.plan.alias, plan.alias)} where ${joinSql(e.rel, plan.alias, e.plan.alias)} limit 1)`;
    } else expr = columnExpr(plan, o.column, o.path, params);
    const nulls = o.nulls === 'first' ? ' nulls first' : o.nulls === 'last' ? ' nulls last' : '';
    return `${expr} ${o.desc ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

export function limitSql(plan: { limit: number | null; offset: number | null }): string {
  return `${plan.limit !== null ? ` limit ${plan.limit}` : ''}${plan.offset ? ` offset ${plan.offset}` : ''}`;
}

/** How the rows of a read are written into the response body. */
export interface BodyShape {
  /** Also count the rows without limit/offset (Prefer: count). */
  count?: boolean;
  /** csv: PostgREST's text/csv (a header of the keys, then each row as Postgres writes a record). */
  format?: 'json' | 'csv';
  /** Accept: application/vnd.pgrst.array+json;nulls=stripped drops null keys from each object. */
  stripNulls?: boolean;
  /** A set of scalars (rpc returning setof int): the body is an array of this column's values. */
  scalar?: string | null;
}

function bodySql(shape: BodyShape): string {
  if (shape.format === 'csv') {
    // Header from the first row's keys; each row is its record text without the parentheses, as PostgREST writes CSV.
    const header = `coalesce((select string_agg(_k, ',') from json_object_keys(json_agg(_s)->0) as _k), '')`;
    return `${header} || E'\\n' || coalesce(string_agg(substring(_s::text, 2, length(_s::text) - 2), E'\\n'), '')`;
  }
  if (shape.scalar) return `coalesce(json_agg(_s.${qi(shape.scalar)}), '[]'::json)::text`;
  return `coalesce(json_agg(${shape.stripNulls ? 'json_strip_nulls(row_to_json(_s))' : '_s'}), '[]'::json)::text`;
}

/**
 * The whole read: body (JSON or CSV text), page row count and, when asked,
 * the total count without limit/offset. `from` is the FROM item the top
 * level reads: a table, a mutation's CTE, or a function call.
 */
export function readSql(plan: ReadPlan, from: string, params: Params, shape: BodyShape = {}, prefix = ''): string {
  const where = whereSql(plan, params);
  const inner = `select ${selectListSql(plan, params)} from ${from} as ${qi(plan.alias)} where ${where}${orderSql(plan, params)}${limitSql(plan)}`;
  const total = shape.count ? `(select count(*) from ${from} as ${qi(plan.alias)} where ${where})::text` : 'null::text';
  return `${prefix}select _r.body, _r.n::text as n, ${total} as total from (select ${bodySql(shape)} as body, count(*) as n from (${inner}) as _s) as _r`;
}

/** The planner's estimate of the rows a read matches without limit/offset (Prefer: count=planned). */
export function plannedCountSql(plan: ReadPlan, from: string, params: Params): string {
  return `explain (format json) select 1 from ${from} as ${qi(plan.alias)} where ${whereSql(plan, params)}`;
}
