/**
 * What PostgREST calls its schema cache: the tables, columns, foreign keys
 * and functions of schema public, read from pg_catalog once per project and
 * reloaded when a request names something unknown (migrations can add tables
 * while the stack runs). Every identifier that reaches SQL is checked here.
 */
import type { SqlEngine } from '../engine/types';

export interface Column {
  name: string;
  /** format_type() of the column, e.g. "timestamp with time zone", "text[]" */
  type: string;
  nullable: boolean;
  /** pg_get_expr() of the default, used for Prefer: missing=default */
  defaultExpr: string | null;
  generated: boolean;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  /** In ordinal order, for `*` and csv headers. */
  columnOrder: string[];
  primaryKey: string[];
  /** Column sets with a unique constraint/index (pk included), to detect one-to-one. */
  uniques: string[][];
  insertable: boolean;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FnArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Fn {
  name: string;
  args: FnArg[];
  returnsSet: boolean;
  /** format_type() of the return type */
  returnType: string;
  /** 'scalar' | 'void' | 'composite' (a table row type or RETURNS TABLE / OUT params) */
  shape: 'scalar' | 'void' | 'composite';
  /** Result columns for composite returns (filters/select on rpc results). */
  resultColumns: string[];
}

export interface SchemaCache {
  tables: Map<string, Table>;
  fks: ForeignKey[];
  fns: Map<string, Fn[]>;
  loadedAt: number;
}

interface ColumnRow {
  table_name: string;
  relkind: string;
  column_name: string;
  type: string;
  not_null: boolean;
  default_expr: string | null;
  generated: string;
}

interface ConstraintRow {
  name: string;
  contype: string;
  table_name: string;
  columns: string[] | string;
  ref_table: string | null;
  ref_columns: string[] | string | null;
}

interface FnRow {
  name: string;
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_relid: string | number;
  arg_names: string[] | string | null;
  arg_types: string[] | string | null;
  arg_modes: string[] | string | null;
  nargs: number;
  ndefaults: number;
  rel_columns: string[] | string | null;
}

/** Engines disagree on whether name[] comes back as an array or '{a,b}' text. */
function textArray(v: string[] | string | null): string[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v.map(String);
  const inner = v.replace(/^\{|\}$/g, '');
  if (inner === '') return [];
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (let m = re.exec(inner); m; m = re.exec(inner)) {
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? ''));
  }
  return out;
}

const COLUMNS_SQL = `
  select c.relname as table_name, c.relkind::text as relkind, a.attname as column_name,
         format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
         pg_get_expr(d.adbin, d.adrelid) as default_expr, a.attgenerated::text as generated
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
  where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
  order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
  select con.conname as name, con.contype::text as contype, c.relname as table_name,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
         rc.relname as ref_table,
         case when con.contype = 'f' then array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) end as ref_columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class rc on rc.oid = con.confrelid
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
    and (con.contype <> 'f' or rn.nspname = 'public')
  union all
  select i.relname, 'u', c.relname,
         array(select a.attname::text from unnest(x.indkey::int2[]) k(n) join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n),
         null, null
  from pg_index x
  join pg_class c on c.oid = x.indrelid
  join pg_class i on i.oid = x.indexrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and x.indisunique and x.indpred is null and x.indexprs is null`;

const FUNCTIONS_SQL = `
  select p.proname as name, p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
         t.typtype::text as return_typtype, t.typrelid::int8::text as return_relid,
         p.proargnames::text[] as arg_names,
         array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i) order by i) as arg_types,
         p.proargmodes::text[] as arg_modes, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
         case when t.typrelid <> 0 then array(select a.attname::text from pg_attribute a
              where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) end as rel_columns
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  where n.nspname = 'public' and p.prokind = 'f'`;

function buildFn(r: FnRow): Fn {
  const names = textArray(r.arg_names);
  const types = textArray(r.arg_types);
  const modes = textArray(r.arg_modes);
  const args: FnArg[] = [];
  const outCols: string[] = [];
  const inputs: { name: string; type: string }[] = [];
  types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
    if (mode === 'o' || mode === 'b' || mode === 't') outCols.push(name);
  });
  // Defaults belong to the last pronargdefaults input arguments.
  inputs.forEach((a, i) => args.push({ name: a.name, type: a.type, hasDefault: i >= inputs.length - r.ndefaults }));
  let shape: Fn['shape'] = 'scalar';
  let resultColumns: string[] = [];
  if (r.return_type === 'void') shape = 'void';
  else if (outCols.length > 1 || (r.return_type === 'record' && outCols.length > 0)) {
    shape = 'composite';
    resultColumns = outCols;
  } else if (r.return_typtype === 'c') {
    shape = 'composite';
    resultColumns = textArray(r.rel_columns);
  }
  return { name: r.name, args, returnsSet: r.returns_set, returnType: r.return_type, shape, resultColumns };
}

export async function loadSchemaCache(engine: SqlEngine): Promise<SchemaCache> {
  const [cols, cons, fns] = [
    await engine.query<ColumnRow>(COLUMNS_SQL),
    await engine.query<ConstraintRow>(CONSTRAINTS_SQL),
    await engine.query<FnRow>(FUNCTIONS_SQL),
  ];
  const tables = new Map<string, Table>();
  for (const r of cols.rows) {
    let t = tables.get(r.table_name);
    if (!t) {
      t = { name: r.table_name, columns: new Map(), columnOrder: [], primaryKey: [], uniques: [], insertable: r.relkind !== 'm' };
      tables.set(r.table_name, t);
    }
    t.columns.set(r.column_name, {
      name: r.column_name,
      type: r.type,
      nullable: !r.not_null,
      defaultExpr: r.default_expr,
      generated: r.generated !== '',
    });
    t.columnOrder.push(r.column_name);
  }
  const fks: ForeignKey[] = [];
  for (const r of cons.rows) {
    const t = tables.get(r.table_name);
    const columns = textArray(r.columns);
    if (!t) continue;
    if (r.contype === 'p') t.primaryKey = columns;
    if (r.contype === 'p' || r.contype === 'u') t.uniques.push(columns);
    if (r.contype === 'f' && r.ref_table) {
      fks.push({ name: r.name, table: r.table_name, columns, refTable: r.ref_table, refColumns: textArray(r.ref_columns) });
    }
  }
  const fnMap = new Map<string, Fn[]>();
  for (const r of fns.rows) {
    const list = fnMap.get(r.name) ?? [];
    list.push(buildFn(r));
    fnMap.set(r.name, list);
  }
  return { tables, fks, fns: fnMap, loadedAt: Date.now() };
}

const caches = new WeakMap<SqlEngine, Promise<SchemaCache>>();

export function schemaCache(engine: SqlEngine): Promise<SchemaCache> {
  let p = caches.get(engine);
  if (!p) {
    p = loadSchemaCache(engine);
    caches.set(engine, p);
    p.catch(() => caches.delete(engine));
  }
  return p;
}

/** Drops the cached schema so the next request reads pg_catalog again. */
export function reloadSchemaCache(engine: SqlEngine): Promise<SchemaCache> {
  caches.delete(engine);
  return schemaCache(engine);
}
