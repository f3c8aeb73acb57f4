/**
 * Embedding: which relationship joins a parent table to the resource named in
 * `select` (`campus(...)`, `campus:campus_id(...)`, `users!door_log_user_id_fkey(...)`,
 * a computed relationship `first_author(...)`), by PostgREST's rules, with its
 * PGRST200/PGRST201 errors in its shapes.
 */
import { RestError } from './errors';
import type { ForeignKey, SchemaCache, Table } from './schema-cache';

export interface Relation {
  /**
   * m2o: the parent holds the FK; o2m: the embedded table holds it; m2m:
   * through a junction table; computed: a function of the parent row (`fk` is unused).
   */
  kind: 'm2o' | 'o2m' | 'm2m' | 'computed';
  /** For m2m, the junction's FK to the target. */
  fk: ForeignKey;
  junction?: { table: Table; toParent: ForeignKey; toTarget: ForeignKey };
  /** For computed relationships, the function. */
  fn?: string;
  target: Table;
  /** Rendered as an object: o2m whose FK columns are unique in the target, a to-one computed relationship. */
  oneToOne: boolean;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

const single = (cols: string[]): string | null => (cols.length === 1 ? (cols[0] ?? null) : null);

/** Every relationship a parent has, before the request's name and hint pick one. */
function candidates(cache: SchemaCache, parent: Table): Relation[] {
  const out: Relation[] = [];
  for (const fk of cache.fks) {
    if (fk.table === parent.name) {
      const target = cache.tables.get(fk.refTable);
      if (target) out.push({ kind: 'm2o', fk, target, oneToOne: false });
    }
    if (fk.refTable === parent.name) {
      const target = cache.tables.get(fk.table);
      if (target) out.push({ kind: 'o2m', fk, target, oneToOne: target.uniques.some((u) => sameSet(u, fk.columns)) });
    }
  }
  // Many-to-many: a junction with FKs to both sides, their columns within one of its keys.
  for (const toParent of cache.fks) {
    if (toParent.refTable !== parent.name || toParent.table === parent.name) continue;
    const junction = cache.tables.get(toParent.table);
    if (!junction) continue;
    for (const toTarget of cache.fks) {
      if (toTarget === toParent || toTarget.table !== junction.name || toTarget.refTable === junction.name) continue;
      const target = cache.tables.get(toTarget.refTable);
      const keyed = junction.uniques.some((u) => [...toParent.columns, ...toTarget.columns].every((c) => u.includes(c)));
      if (target && keyed)
        out.push({ kind: 'm2m', fk: toTarget, target, oneToOne: false, junction: { table: junction, toParent, toTarget } });
    }
  }
  for (const fn of cache.rowFns.get(parent.name) ?? []) {
    const target = fn.returnsTable === null ? undefined : cache.tables.get(fn.returnsTable);
    if (!target) continue;
    const fk: ForeignKey = { name: fn.name, table: target.name, columns: [], refTable: parent.name, refColumns: [] };
    out.push({ kind: 'computed', fk, fn: fn.name, target, oneToOne: fn.toOne });
  }
  return out;
}

/** The relationship's columns as (parent side, target side), as PostgREST pairs them. */
function sides(r: Relation): { parent: string[]; target: string[] } {
  return r.kind === 'm2o' ? { parent: r.fk.columns, target: r.fk.refColumns } : { parent: r.fk.refColumns, target: r.fk.columns };
}

/** PostgREST's rules for `name!hint`, self-references included (a table whose FK points to itself). */
function matches(r: Relation, parent: Table, name: string, hint: string | null): boolean {
  if (r.kind === 'computed') return r.fn === name;
  const { parent: parentCols, target: targetCols } = sides(r);
  const isSelf = r.kind !== 'm2m' && r.fk.table === r.fk.refTable && r.target.name === parent.name;
  if (isSelf) {
    // collections(*) and collections!parent_id(*) are the children (one-to-many); parent_id(*) is the parent.
    if (hint === null) return (name === r.target.name && r.kind === 'o2m') || (r.kind === 'm2o' && single(parentCols) === name);
    return name === r.target.name && r.kind === 'o2m' && single(targetCols) === hint;
  }
  if (hint === null) {
    if (name === r.target.name) return true;
    if (r.kind === 'm2m' || r.target.isView) return false;
    return r.fk.name === name || single(parentCols) === name;
  }
  if (name !== r.target.name) return false;
  if (r.kind === 'm2m') return r.junction?.table.name === hint;
  return r.fk.name === hint || single(parentCols) === hint || single(targetCols) === hint;
}

function cardinality(r: Relation, parent: Table): string {
  if (r.kind === 'm2m') return 'many-to-many';
  if (r.oneToOne) return 'one-to-one';
  if (r.kind === 'm2o') return parent.uniques.some((u) => sameSet(u, r.fk.columns)) ? 'one-to-one' : 'many-to-one';
  return 'one-to-many';
}

/** One entry of PGRST201's `details`, as PostgREST describes a relationship. */
function describe(r: Relation, parent: Table): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  const j = r.junction;
  const relationship = j
    ? `${j.table.name} using ${j.toParent.name}${cols(j.toParent.columns)} and ${j.toTarget.name}${cols(j.toTarget.columns)}`
    : `${r.fk.name} using ${parent.name}${cols(sides(r).parent)} and ${r.target.name}${cols(sides(r).target)}`;
  return { cardinality: cardinality(r, parent), embedding: `${parent.name} with ${r.target.name}`, relationship };
}

export function findRelation(cache: SchemaCache, parent: Table, name: string, hint: string | null): Relation {
  const found = candidates(cache, parent).filter((r) => matches(r, parent, name, hint));
  if (found.length === 1 && found[0]) return found[0];
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}${hint === null ? '' : `' using the hint '${hint}`}' in the schema 'public', but no matches were found.`,
      null,
      true,
    );
  }
  const hints = found.map((r) => `'${r.target.name}!${r.junction ? r.junction.table.name : r.fk.name}'`);
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    found.map((r) => describe(r, parent)),
    `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
