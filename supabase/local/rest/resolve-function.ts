/**
 * Which function a /rpc call means, by PostgREST's rules: an overload whose
 * named parameters fit the sent keys exactly (required ones all present,
 * others among the optional ones; a lone unnamed parameter is named "", so
 * {"": x} fits it and it gets the whole body, as PostgREST's OnePosParam);
 * failing that, the overload with a single unnamed parameter that takes the
 * whole body (json/jsonb for a JSON body, text for text/plain). More than
 * one fit is PGRST203 (300), none PGRST202.
 */
import { ambiguousFunction, functionNotFound } from './errors';
import type { Fn, SchemaCache } from './schema-cache';

export type BodyKind = 'json' | 'text' | 'query';

const WHOLE_BODY_TYPES: Record<BodyKind, string[]> = { json: ['json', 'jsonb'], text: ['text'], query: [] };

function fitsKeys(fn: Fn, keys: Set<string>, body: BodyKind): boolean {
  // Among several parameters an unnamed one cannot be sent by key: PostgREST would build invalid SQL for it, here it is not offered.
  if (fn.args.length > 1 && fn.args.some((a) => a.name === '')) return false;
  if (fn.args.length === 0) return keys.size === 0 && body !== 'text';
  const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((r) => keys.has(r));
}

function takesWholeBody(fn: Fn, body: BodyKind): boolean {
  const only = fn.args[0];
  return fn.args.length === 1 && only !== undefined && only.name === '' && WHOLE_BODY_TYPES[body].includes(only.type);
}

export function resolveFunction(cache: SchemaCache, name: string, keys: string[], body: BodyKind): { fn: Fn; wholeBody: boolean } {
  const overloads = cache.fns.get(name) ?? [];
  const keySet = new Set(keys);
  const named = overloads.filter((f) => fitsKeys(f, keySet, body));
  const whole = overloads.filter((f) => takesWholeBody(f, body));
  const [first] = named.length > 0 ? named : whole;
  const count = named.length > 0 ? named.length : whole.length;
  if (count === 1 && first) return { fn: first, wholeBody: named.length === 0 || first.args[0]?.name === '' };
  if (count > 1) throw ambiguousFunction(named.length > 0 ? named : whole);
  throw functionNotFound(name, body === 'text' ? [] : keys, body);
}
