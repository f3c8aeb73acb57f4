/**
 * Parses PostgREST's horizontal filters: `col=op.value`, `col=not.op.value`,
 * `or=(a.eq.1,and(b.gt.2,c.is.null))`, `campus.campus_name=eq.x`, plus
 * order/limit/offset, per embed path. Values stay strings; they only ever
 * reach SQL as bind parameters.
 */
import { parseError } from './errors';
import { logicTooDeep, maxLogicDepth } from './limits';
import type { JsonStep } from './parse-select';

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxl'
  | 'nxr'
  | 'adj'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

const OPERATORS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

export interface Filter {
  kind: 'filter';
  column: string;
  path: JsonStep[];
  negate: boolean;
  op: Operator;
  /** like(any)/like(all) and friends */
  quant: 'any' | 'all' | null;
  /** fts(english): the text search configuration */
  config: string | null;
  value: string;
  /** in.(...) and quantified operators */
  list: string[] | null;
}

export interface Logic {
  kind: 'and' | 'or';
  negate: boolean;
  children: Cond[];
}

export type Cond = Filter | Logic;

export interface OrderTerm {
  column: string;
  /** order=campus(campus_name).desc: a column of a many-to-one embed */
  relation: string | null;
  path: JsonStep[];
  desc: boolean;
  nulls: 'first' | 'last' | null;
}

/** Filters and modifiers for one level of the embed tree ('' is the top). */
export interface LevelParams {
  conds: Cond[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

/** Splits on `sep` at depth 0, outside "quotes" (with backslash escapes). */
export function splitTopLevel(src: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] ?? '';
    if (quoted) {
      if (ch === '\\' && i + 1 < src.length) {
        cur += ch + (src[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      cur += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth < 0) throw parseError('logic tree', src, 'unbalanced parentheses');
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (quoted || depth !== 0) throw parseError('logic tree', src, 'unbalanced quotes or parentheses');
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** `(a,"b,c",d)` or `{a,b}` -> ['a', 'b,c', 'd'] */
function parseList(raw: string, open: string, close: string, what: string): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close)) throw parseError(what, raw, `expected ${open}...${close}`);
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((v) => unquote(v.trim()));
}

/** Column part of a filter key: name, "quoted name", or name->a->>b. */
export function parseColumnRef(src: string, what: string): { column: string; path: JsonStep[] } {
  const parts = src.split(/(->>?)/);
  const head = parts[0] ?? '';
  let column: string;
  if (/^"(?:[^"]|"")+"$/.test(head)) column = head.slice(1, -1).replace(/""/g, '"');
  else if (/^[\p{L}\p{N}_$]+$/u.test(head)) column = head;
  else throw parseError(what, src, 'invalid column name');
  const path: JsonStep[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const key = unquote(parts[i + 1] ?? '');
    if (key === '') throw parseError(what, src, 'empty json key');
    path.push({ op: parts[i] === '->>' ? '->>' : '->', key });
  }
  return { column, path };
}

/** `[not.]op[(mod)].value` for `column`. inLogic: values may be "quoted". */
export function parseFilter(column: string, path: JsonStep[], expr: string, inLogic: boolean): Filter {
  let rest = expr;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([a-z_0-9]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!m || m[1] === undefined || !OPERATORS.has(m[1])) throw parseError('filter', expr, 'unknown operator');
  const op = m[1] as Operator;
  const mod = m[2] ?? null;
  let value = m[3] ?? '';
  let quant: Filter['quant'] = null;
  let config: string | null = null;
  let list: string[] | null = null;
  if (mod !== null) {
    if (op.endsWith('fts')) config = mod;
    else if ((mod === 'any' || mod === 'all') && ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'].includes(op))
      quant = mod;
    else throw parseError('filter', expr, 'invalid modifier');
  }
  if (op === 'in') list = parseList(value, '(', ')', 'filter');
  else if (quant) list = parseList(value, '{', '}', 'filter');
  else if (inLogic) value = unquote(value);
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw parseError('filter', expr, 'is expects null, true, false or unknown');
  }
  return { kind: 'filter', column, path, negate, op, quant, config, value, list };
}

/** The inside of or=(...) / and=(...). */
export function parseLogic(kind: 'and' | 'or', negate: boolean, raw: string, depth = 1): Logic {
  // Checked before splitting, so a 2,500-deep tree costs one level of work, not a stack overflow.
  if (depth > maxLogicDepth()) throw logicTooDeep();
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('logic tree', raw, 'expected (...)');
  const parts = splitTopLevel(raw.slice(1, -1));
  const children = parts.map((p): Cond => {
    const part = p.trim();
    const lm = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part);
    if (lm && (lm[2] === 'and' || lm[2] === 'or') && lm[3] !== undefined) return parseLogic(lm[2], lm[1] !== undefined, lm[3], depth + 1);
    const dm = /^("(?:[^"]|"")+"|[^.]+)\.([\s\S]+)$/.exec(part);
    if (!dm || dm[1] === undefined || dm[2] === undefined) throw parseError('logic tree', part, 'expected column.operator.value');
    const ref = parseColumnRef(dm[1], 'logic tree');
    return parseFilter(ref.column, ref.path, dm[2], true);
  });
  if (children.length === 0) throw parseError('logic tree', raw, 'empty');
  return { kind, negate, children };
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((term) => {
    const m = /^(?:([\p{L}\p{N}_$]+)\(([^()]+)\)|("(?:[^"]|"")+"|[^.]+))((?:\.(?:asc|desc|nullsfirst|nullslast))*)$/u.exec(term);
    if (!m) throw parseError('order', term, 'expected column[.asc|.desc][.nullsfirst|.nullslast]');
    const relation = m[1] ?? null;
    const ref = parseColumnRef(relation ? (m[2] ?? '') : (m[3] ?? ''), 'order');
    const mods = (m[4] ?? '').split('.').filter(Boolean);
    return {
      column: ref.column,
      relation,
      path: ref.path,
      desc: mods.includes('desc'),
      nulls: mods.includes('nullsfirst') ? 'first' : mods.includes('nullslast') ? 'last' : null,
    };
  });
}

function parseCount(raw: string, what: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw parseError(what, raw, 'expected a non-negative integer');
  return Number(raw);
}

/** Query keys that are not filters on a column. */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

/**
 * Groups filters/modifiers by embed path ('' = top level, 'campus',
 * 'conditions.doors'). `skip` names keys the caller consumes itself (rpc args).
 */
export function parseQueryParams(params: [string, string][], skip: Set<string> = new Set()): Map<string, LevelParams> {
  const levels = new Map<string, LevelParams>();
  const level = (path: string): LevelParams => {
    let l = levels.get(path);
    if (!l) {
      l = { conds: [], order: null, limit: null, offset: null };
      levels.set(path, l);
    }
    return l;
  };
  level('');
  for (const [key, value] of params) {
    if (RESERVED.has(key) || skip.has(key)) continue;
    // A quoted column or a json path can contain dots; only split the embed path off plain keys.
    const segs = key.startsWith('"') || key.includes('->') ? [key] : key.split('.');
    const last = segs[segs.length - 1] ?? '';
    let pathSegs = segs.slice(0, -1);
    if (last === 'or' || last === 'and') {
      let negate = false;
      if (pathSegs[pathSegs.length - 1] === 'not') {
        negate = true;
        pathSegs = pathSegs.slice(0, -1);
      }
      level(pathSegs.join('.')).conds.push(parseLogic(last, negate, value));
      continue;
    }
    const l = level(pathSegs.join('.'));
    if (last === 'order') l.order = parseOrder(value);
    else if (last === 'limit') l.limit = parseCount(value, 'limit');
    else if (last === 'offset') l.offset = parseCount(value, 'offset');
    else {
      const ref = parseColumnRef(last, 'filter');
      l.conds.push(parseFilter(ref.column, ref.path, value, false));
    }
  }
  return levels;
}
