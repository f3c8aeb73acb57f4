/**
 * Parses PostgREST's `select` parameter into a tree:
 *   id, name:full_name, created_at::text, data->>key,
 *   campus(campus_name), campus:campus_id(*), users!door_log_user_id_fkey!inner(first_name)
 * Only the grammar is checked here; names are checked against the schema
 * cache when the query is built.
 */
import { parseError } from './errors';
import { embedTooDeep, maxEmbedDepth } from './limits';

export type JsonStep = { op: '->' | '->>'; key: string };

export type SelectItem =
  | { kind: 'star' }
  /** count() or column.sum()/avg()/count()/max()/min(): parsed so they can be refused as hosted Supabase refuses them. */
  | { kind: 'aggregate'; fn: string }
  | { kind: 'column'; name: string; alias: string | null; cast: string | null; path: JsonStep[] }
  | { kind: 'embed'; name: string; alias: string | null; hint: string | null; inner: boolean; spread: boolean; items: SelectItem[] };

/** Identifier characters PostgREST accepts unquoted in select/filter keys. */
const NAME_CHAR = /[\p{L}\p{N}_$]/u;
/** PostgREST's aggregate suffix on a column (`amount.sum()`), with its optional cast of the result. */
const AGGREGATE = /^\.(sum|avg|count|max|min)\(\)(?:::[A-Za-z_][A-Za-z0-9_]*)?/;
/** Cast targets: a plain type name, optionally an array. Never quoted, so keep it tight. */
const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

class Cursor {
  pos = 0;
  constructor(readonly src: string) {}
  peek(n = 0): string {
    return this.src[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }
  eof(): boolean {
    return this.pos >= this.src.length;
  }
  fail(why: string): never {
    throw parseError('select parameter', this.src.slice(this.pos) || this.src, `${why} at position ${this.pos + 1}`);
  }
}

/** A name: unquoted identifier characters, or "double quoted" with "" escapes. */
function readName(cur: Cursor): string {
  if (cur.peek() === '"') {
    cur.pos++;
    let out = '';
    while (!cur.eof()) {
      const ch = cur.peek();
      if (ch === '"') {
        if (cur.peek(1) === '"') {
          out += '"';
          cur.pos += 2;
          continue;
        }
        cur.pos++;
        if (out === '') cur.fail('empty quoted name');
        return out;
      }
      out += ch;
      cur.pos++;
    }
    cur.fail('unterminated quoted name');
  }
  let out = '';
  while (!cur.eof() && NAME_CHAR.test(cur.peek())) {
    out += cur.peek();
    cur.pos++;
  }
  if (out === '') cur.fail('expected a name');
  return out;
}

function readJsonKey(cur: Cursor): string {
  if (cur.peek() === '"') return readName(cur);
  let out = '';
  while (!cur.eof() && /[\p{L}\p{N}_$ -]/u.test(cur.peek()) && !cur.startsWith('->') && !cur.startsWith('::')) {
    out += cur.peek();
    cur.pos++;
  }
  if (out === '') cur.fail('expected a json key');
  return out;
}

function readItem(cur: Cursor, depth: number): SelectItem {
  if (cur.peek() === '*') {
    cur.pos++;
    return { kind: 'star' };
  }
  // ...campus(campus_name): the embed's columns spread into the parent object.
  const spread = cur.startsWith('...');
  if (spread) cur.pos += 3;
  let alias: string | null = null;
  let name = readName(cur);
  if (!spread && cur.peek() === ':' && cur.peek(1) !== ':') {
    cur.pos++;
    alias = name;
    name = readName(cur);
  }
  if (cur.peek() === '!' || cur.peek() === '(') {
    let hint: string | null = null;
    let inner = false;
    while (cur.peek() === '!') {
      cur.pos++;
      const mod = readName(cur);
      if (mod === 'inner') inner = true;
      else if (mod === 'left') inner = false;
      else if (hint === null) hint = mod;
      else cur.fail('more than one embedding hint');
    }
    if (cur.peek() !== '(') cur.fail('expected "("');
    if (spread && cur.peek(1) === ')') cur.fail('a spread needs columns');
    cur.pos++;
    // Checked on the way down, so a hostile select never recurses far or reaches the database.
    if (depth + 1 > maxEmbedDepth()) throw embedTooDeep(depth + 1 + countOpenParens(cur));
    const items = cur.peek() === ')' ? [] : readItems(cur, depth + 1);
    if (cur.peek() !== ')') cur.fail('expected ")"');
    cur.pos++;
    if (name === 'count' && hint === null && items.length === 0 && !spread) {
      // count()::text: the cast of the result goes with it.
      if (cur.startsWith('::')) {
        cur.pos += 2;
        readName(cur);
      }
      return { kind: 'aggregate', fn: 'count' };
    }
    return { kind: 'embed', name, alias, hint, inner, spread, items };
  }
  if (spread) cur.fail('expected an embedded resource after "..."');
  const path: JsonStep[] = [];
  while (cur.startsWith('->')) {
    const op = cur.startsWith('->>') ? '->>' : '->';
    cur.pos += op.length;
    path.push({ op, key: readJsonKey(cur) });
  }
  let cast: string | null = null;
  if (cur.startsWith('::')) {
    cur.pos += 2;
    let t = '';
    while (!cur.eof() && /[A-Za-z0-9_[\]]/.test(cur.peek())) {
      t += cur.peek();
      cur.pos++;
    }
    if (!CAST.test(t)) cur.fail('invalid cast');
    cast = t;
  }
  const agg = AGGREGATE.exec(cur.src.slice(cur.pos));
  if (agg?.[1]) {
    cur.pos += agg[0].length;
    return { kind: 'aggregate', fn: agg[1] };
  }
  return { kind: 'column', name, alias, cast, path };
}

/** How much deeper the rest of the select goes (for the error message only). */
function countOpenParens(cur: Cursor): number {
  let depth = 0;
  let max = 0;
  for (const ch of cur.src.slice(cur.pos)) {
    if (ch === '(') max = Math.max(max, ++depth);
    else if (ch === ')') depth--;
  }
  return max;
}

function readItems(cur: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [readItem(cur, depth)];
  while (cur.peek() === ',') {
    cur.pos++;
    items.push(readItem(cur, depth));
  }
  return items;
}

export function parseSelect(src: string | null | undefined): SelectItem[] {
  if (src === null || src === undefined || src === '') return [{ kind: 'star' }];
  const cur = new Cursor(src);
  const items = readItems(cur, 0);
  if (!cur.eof()) cur.fail('unexpected character');
  return items;
}

/** A column list in the `columns` or `on_conflict` parameter: a,b or "a","b". */
export function parseColumnList(src: string, what: string): string[] {
  const cur = new Cursor(src);
  const out: string[] = [];
  try {
    out.push(readName(cur));
    while (cur.peek() === ',') {
      cur.pos++;
      out.push(readName(cur));
    }
    if (!cur.eof()) cur.fail('unexpected character');
  } catch {
    throw parseError(what, src);
  }
  return out;
}
