/**
 * What PostgREST calls its schema cache: the tables, columns, foreign keys
 * and functions of schema public, read from pg_catalog once per project and
 * reloaded when a request names something unknown (migrations can add tables
 * while the stack runs). Every identifier that reaches SQL is checked here.
 */
import type { SqlEngine } from '../engine/types';
import { throughViews } from './view-origins';

export interface Column {
  name: string;
  /** format_type() of the column, e.g. "timestamp with time zone", "text[]" */
  type: string;
  nullable: boolean;
  /** pg_get_expr() of the default, used for Prefer: missing=default */
  defaultExpr: string | null;
  generated: boolean;
  /** GENERATED ALWAYS AS IDENTITY: Postgres refuses any value but its own. */
  identityAlways: boolean;
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
  /** Views take part in relationships through the base-table columns they expose (view-origins.ts). */
  isView: boolean;
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

/**
 * A function taking one row of a table or view (`f(books)`): a computed
 * field when it returns a scalar, a computed relationship when it returns
 * rows of a table or view (to-one when it returns one row or declares ROWS 1).
 */
export interface RowFn {
  name: string;
  /** The table or view whose row it takes. */
  onTable: string;
  /** The table or view whose rows it returns, or null for a computed field. */
  returnsTable: string | null;
  toOne: boolean;
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
  /** The table or view whose row type it returns, if any. */
  returnsTable: string | null;
  /** The table or view whose row its single unnamed argument is, if that is all it takes. */
  rowArgOf: string | null;
  /** prorows: ROWS 1 makes a set-returning computed relationship to-one. */
  rows: number;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  fks: ForeignKey[];
  /** Functions callable as /rpc/name, as PostgREST exposes them (see callable()). */
  fns: Map<string, Fn[]>;
  /** Computed fields and relationships, by the table they take a row of. */
  rowFns: Map<string, RowFn[]>;
  loadedAt: number;
}

export interface ColumnRow {
  table_oid: string;
  attnum: number;
  table_name: string;
  relkind: string;
  column_name: string;
  type: string;
  not_null: boolean;
  default_expr: string | null;
  generated: string;
  identity: string;
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
  return_table: string | null;
  row_arg_of: string | null;
  rows: number | string;
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
  select c.oid::int8::text as table_oid, a.attnum::int as attnum, c.relname as table_name, c.relkind::text as relkind, a.attname as column_name,
         format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
         -- An identity column's default is its sequence's next value (Prefer: missing=default gives it one).
         case when a.attidentity in ('a', 'd')
              then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
              else pg_get_expr(d.adbin, d.adrelid) end as default_expr,
         a.attgenerated::text as generated, a.attidentity::text as identity
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
              where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) end as rel_columns,
         case when rn.nspname = 'public' then rc.relname end as return_table,
         (select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid join pg_namespace an on an.oid = ac.relnamespace
           where p.pronargs = 1 and at.oid = p.proargtypes[0] and an.nspname = 'public' and ac.relkind in ('r', 'v', 'm', 'p', 'f')
) as row_arg_of,
         p.prorows::float8 as rows
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid and rc.relkind in ('r', 'v', 'm', 'p', 'f')
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = 'public' and p.prokind = 'f' and t.oid <> 'trigger'::regtype`;

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
  return {
    name: r.name,
    args,
    returnsSet: r.returns_set,
    returnType: r.return_type,
    shape,
    resultColumns,
    returnsTable: r.return_table,
    rowArgOf: r.row_arg_of,
    rows: Number(r.rows),
  };
}

const UNNAMED_CALLABLE = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

/**
 * Which functions PostgREST exposes as /rpc: those whose parameters all have
 * names, or whose one parameter is an unnamed json, jsonb, text, xml or bytea
 * (it takes the whole body). Any other unnamed parameter has no key to send it by.
 */
function callable(fn: Fn): boolean {
  const unnamed = fn.args.filter((a) => a.name === '');
  if (unnamed.length === 0) return true;
  return fn.args.length === 1 && unnamed.length === 1 && UNNAMED_CALLABLE.has(unnamed[0]?.type ?? '');
}

function rowFnOf(fn: Fn, tables: Map<string, Table>): RowFn | null {
  if (fn.rowArgOf === null || !tables.has(fn.rowArgOf) || fn.shape === 'void') return null;
  if (fn.returnsTable !== null && tables.has(fn.returnsTable)) {
    return { name: fn.name, onTable: fn.rowArgOf, returnsTable: fn.returnsTable, toOne: !fn.returnsSet || fn.rows === 1 };
  }
  if (fn.shape === 'scalar' && !fn.returnsSet) return { name: fn.name, onTable: fn.rowArgOf, returnsTable: null, toOne: true };
  return null;
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
      t = {
        name: r.table_name,
        columns: new Map(),
        columnOrder: [],
        primaryKey: [],
        uniques: [],
        insertable: r.relkind !== 'm',
        isView: r.relkind === 'v' || r.relkind === 'm',
      };
      tables.set(r.table_name, t);
    }
    t.columns.set(r.column_name, {
      name: r.column_name,
      type: r.type,
      nullable: !r.not_null,
      defaultExpr: r.default_expr,
      generated: r.generated !== '',
      identityAlways: r.identity === 'a',
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
  const viewFks = await throughViews(engine, cols.rows, tables, fks);
  const fnMap = new Map<string, Fn[]>();
  const rowFns = new Map<string, RowFn[]>();
  for (const r of fns.rows) {
    const fn = buildFn(r);
    const rowFn = rowFnOf(fn, tables);
    if (rowFn) rowFns.set(rowFn.onTable, [...(rowFns.get(rowFn.onTable) ?? []), rowFn]);
    if (!callable(fn)) continue;
    fnMap.set(r.name, [...(fnMap.get(r.name) ?? []), fn]);
  }
  return { tables, fks: [...fks, ...viewFks], fns: fnMap, rowFns, loadedAt: Date.now() };
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
