/**
 * Relationships through views, as PostgREST finds them: a view column that
 * is a base-table column (Postgres records its origin in the view's rewrite
 * rule, resorigtbl/resorigcol) carries that column's foreign keys, so
 * `book_cards?select=*,authors(*)` embeds as `books?select=*,authors(*)` does,
 * under the view's own column names. Views over views are followed to the table.
 */
import type { SqlEngine } from '../engine/types';
import type { ColumnRow, ForeignKey, Table } from './schema-cache';

const RULES_SQL = `
  select v.relname as view_name, r.ev_action::text as action
  from pg_rewrite r
  join pg_class v on v.oid = r.ev_class
  join pg_namespace n on n.oid = v.relnamespace
  where n.nspname = 'public' and v.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

/** One target entry of a rule's node tree; nested queries print theirs first, so the last per name is the view's own. */
const TARGET_ENTRY = /:resname ((?:\\.|[^\s\\])+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;

type Origin = { table: string; column: string };

function key(table: string, column: string): string {
  return `${table}\u0000${column}`;
}

/** view column -> the base-table column it shows, following views over views. */
async function viewOrigins(engine: SqlEngine, columns: ColumnRow[], tables: Map<string, Table>): Promise<Map<string, Origin>> {
  const byOid = new Map<string, string>();
  for (const c of columns) byOid.set(`${c.table_oid}:${c.attnum}`, key(c.table_name, c.column_name));
  const direct = new Map<string, string>();
  for (const rule of (await engine.query<{ view_name: string; action: string }>(RULES_SQL)).rows) {
    const view = tables.get(rule.view_name);
    if (!view) continue;
    for (const m of rule.action.matchAll(TARGET_ENTRY)) {
      const name = (m[1] ?? '').replace(/\\(.)/g, '$1');
      const source = byOid.get(`${m[2]}:${m[3]}`);
      if (view.columns.has(name) && source) direct.set(key(view.name, name), source);
    }
  }
  const resolved = new Map<string, Origin>();
  for (const [viewCol, first] of direct) {
    let at = first;
    // A chain of views ends at a table; the bound only guards against a malformed catalog.
    for (let hops = 0; direct.has(at) && hops < 32; hops++) at = direct.get(at) ?? at;
    const [table = '', column = ''] = at.split('\u0000');
    if (tables.get(table)?.isView === false) resolved.set(viewCol, { table, column });
  }
  return resolved;
}

/** The relations that show `columns` of `table` under some names: the table itself, and each view exposing them all. */
function aliases(table: string, columns: string[], origins: Map<string, Origin>, tables: Map<string, Table>) {
  const out: { rel: string; columns: string[] }[] = [{ rel: table, columns }];
  for (const view of tables.values()) {
    if (!view.isView) continue;
    const mapped = columns.map((c) =>
      view.columnOrder.find((vc) => {
        const o = origins.get(key(view.name, vc));
        return o?.table === table && o.column === c;
      }),
    );
    if (mapped.every((m): m is string => m !== undefined)) out.push({ rel: view.name, columns: mapped });
  }
  return out;
}

/**
 * Foreign keys as seen from views (view -> table, table -> view, view -> view),
 * and the views' keys from their tables' (for one-to-one and junctions).
 */
export async function throughViews(
  engine: SqlEngine,
  columns: ColumnRow[],
  tables: Map<string, Table>,
  fks: ForeignKey[],
): Promise<ForeignKey[]> {
  if (![...tables.values()].some((t) => t.isView)) return [];
  const origins = await viewOrigins(engine, columns, tables);
  for (const table of tables.values()) {
    if (table.isView) continue;
    for (const unique of table.uniques) {
      for (const alias of aliases(table.name, unique, origins, tables).slice(1)) {
        const view = tables.get(alias.rel);
        if (!view) continue;
        view.uniques.push(alias.columns);
        if (sameColumns(unique, table.primaryKey)) view.primaryKey = alias.columns;
      }
    }
  }
  const out: ForeignKey[] = [];
  for (const fk of fks) {
    for (const from of aliases(fk.table, fk.columns, origins, tables)) {
      for (const to of aliases(fk.refTable, fk.refColumns, origins, tables)) {
        if (from.rel === fk.table && to.rel === fk.refTable) continue;
        out.push({ name: fk.name, table: from.rel, columns: from.columns, refTable: to.rel, refColumns: to.columns });
      }
    }
  }
  return out;
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
