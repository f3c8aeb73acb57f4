/**
 * Embedding: which foreign key joins a parent table to the resource named in
 * `select` (`campus(...)`, `campus:campus_id(...)`, `users!door_log_user_id_fkey(...)`),
 * the way PostgREST resolves it, with its PGRST200/PGRST201 errors.
 */
import { RestError } from './errors';
import type { ForeignKey, SchemaCache, Table } from './schema-cache';

export interface Relation {
  /** m2o: the parent holds the FK; o2m: the embedded table holds it; m2m: through a junction table. */
  kind: 'm2o' | 'o2m' | 'm2m';
  /** For m2m, the junction's FK to the target. */
  fk: ForeignKey;
  junction?: { table: Table; toParent: ForeignKey; toTarget: ForeignKey };
  target: Table;
  /** o2m whose FK columns are unique in the target: rendered as an object. */
  oneToOne: boolean;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function toRelation(cache: SchemaCache, parent: Table, fk: ForeignKey, kind: 'm2o' | 'o2m'): Relation | null {
  const target = cache.tables.get(kind === 'm2o' ? fk.refTable : fk.table);
  if (!target) return null;
  const oneToOne = kind === 'o2m' && target.uniques.some((u) => sameSet(u, fk.columns));
  void parent;
  return { kind, fk, target, oneToOne };
}

function describe(r: Relation, parent: Table): string {
  if (r.junction) return `many-to-many ${parent.name} -> ${r.target.name} through ${r.junction.table.name}`;
  return r.kind === 'm2o'
    ? `many-to-one ${parent.name} -> ${r.target.name} using ${r.fk.name}`
    : `one-to-many ${parent.name} -> ${r.target.name} using ${r.fk.name}`;
}

export function findRelation(cache: SchemaCache, parent: Table, name: string, hint: string | null): Relation {
  const found: Relation[] = [];
  const add = (fk: ForeignKey, kind: 'm2o' | 'o2m') => {
    const r = toRelation(cache, parent, fk, kind);
    if (r) found.push(r);
  };
  if (cache.tables.has(name)) {
    for (const fk of cache.fks) {
      if (fk.table === parent.name && fk.refTable === name) add(fk, 'm2o');
      if (fk.table === name && fk.refTable === parent.name) add(fk, 'o2m');
    }
  } else {
    // campus_id(*): the FK column names the relationship; or the FK constraint name itself.
    for (const fk of cache.fks) {
      if (fk.table === parent.name && ((fk.columns.length === 1 && fk.columns[0] === name) || fk.name === name)) add(fk, 'm2o');
      else if (fk.refTable === parent.name && fk.name === name) add(fk, 'o2m');
    }
  }
  const target = cache.tables.get(name);
  if (target) {
    // Many-to-many: a junction table with FKs to both sides, the FK columns part of one of its keys.
    for (const toParent of cache.fks) {
      if (toParent.refTable !== parent.name || toParent.table === parent.name || toParent.table === name) continue;
      const junction = cache.tables.get(toParent.table);
      if (!junction) continue;
      for (const toTarget of cache.fks) {
        if (toTarget === toParent || toTarget.table !== junction.name || toTarget.refTable !== name) continue;
        const keyed = junction.uniques.some((u) => [...toParent.columns, ...toTarget.columns].every((c) => u.includes(c)));
        if (keyed) found.push({ kind: 'm2m', fk: toTarget, target, oneToOne: false, junction: { table: junction, toParent, toTarget } });
      }
    }
  }
  let matches = found;
  if (hint !== null) {
    matches = found.filter(
      (r) =>
        r.junction?.table.name === hint ||
        r.fk.name === hint ||
        (r.fk.columns.length === 1 && r.fk.columns[0] === hint) ||
        (r.fk.refColumns.length === 1 && r.fk.refColumns[0] === hint),
    );
  }
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length === 0) {
    const target = hint === null ? name : `${name}!${hint}`;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${target}' in the schema 'public', but no matches were found.`,
      null,
      true,
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    matches.map((r) => describe(r, parent)).join('; '),
    `Try changing '${name}' to one of the following: ${matches.map((r) => `'${name}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
