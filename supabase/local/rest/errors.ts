/**
 * PostgREST-shaped errors: {code, message, details, hint} with the HTTP
 * status PostgREST would give. SQLSTATE codes pass through untouched because
 * the sync engine decides retry vs reject from them.
 */
import { isPgError } from '../engine/types';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A string, or for PGRST201 the list of candidate relationships, as PostgREST sends them. */
    readonly details: string | Record<string, string>[] | null = null,
    readonly hint: string | null = null,
    /** True when a stale schema cache may be the cause: reload and retry once. */
    readonly cacheMiss = false,
  ) {
    super(message);
  }

  body(): { code: string; message: string; details: RestError['details']; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const parseError = (what: string, input: string, why = 'unexpected input'): RestError =>
  new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (${why})`, why, null);

export const tableNotFound = (table: string): RestError =>
  new RestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`, null, null, true);

export const columnNotFound = (table: string, column: string): RestError =>
  // What Postgres itself says when PostgREST forwards an unknown column.
  new RestError(400, '42703', `column ${table}.${column} does not exist`, null, null, true);

export const writeColumnNotFound = (table: string, column: string): RestError =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`, null, null, true);

/** PGRST202 in PostgREST 14's words; `body`: what the request sent (a JSON object's keys, or a raw text body). */
export const functionNotFound = (fn: string, args: string[], body: 'json' | 'text' | 'query' = 'json'): RestError => {
  const qualified = `public.${fn}`;
  const keys = args.join(', ');
  const withParams = args.length === 0 ? ' without parameters' : ` with parameter${args.length > 1 ? 's' : ''} ${keys}`;
  const message =
    body === 'text'
      ? `Could not find the function ${qualified} in the schema cache`
      : `Could not find the function ${qualified}${args.length === 0 ? ' without parameters' : `(${keys})`} in the schema cache`;
  const details =
    body === 'text'
      ? `Searched for the function ${qualified} with a single unnamed text parameter, but no matches were found in the schema cache.`
      : `Searched for the function ${qualified}${withParams}${body === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`;
  return new RestError(404, 'PGRST202', message, details, null, true);
};

/** PGRST203: more than one overload fits the arguments; PostgREST refuses to guess (300 Multiple Choices). */
export const ambiguousFunction = (candidates: { name: string; args: { name: string; type: string }[] }[]): RestError =>
  new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates
      .map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );

/** Prefer: handling=strict, max-affected=n and more rows would change: nothing is (PGRST124). */
export const maxAffectedExceeded = (rows: number): RestError =>
  new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`);

/** Prefer: handling=strict, max-affected=n on a function that returns one value: nothing runs (PGRST128). */
export const maxAffectedNeedsSet = (): RestError =>
  new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');

/** An aggregate in select while db-aggregates-enabled is off, as on hosted Supabase (PGRST123). */
export const aggregatesNotAllowed = (): RestError => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

/** Prefer: handling=strict with preferences PostgREST does not know (PGRST122). */
export const invalidPreferences = (prefs: string[]): RestError =>
  new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`);

export const invalidBody = (why: string): RestError => new RestError(400, 'PGRST102', why);

export const singularityError = (rows: number): RestError =>
  new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`, null);

/** PostgREST's SQLSTATE -> HTTP status table (src/PostgREST/Error.hs). */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const pt = /^PT(\d{3})$/.exec(code);
  if (pt?.[1]) return Number(pt[1]);
  switch (code) {
    case '23503':
    case '23505':
    case '23P01':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case 'P0001':
      return 400;
    // PostgREST answers 500; here a request that outran its role's time is
    // the request's fault (the sync engine still retries 57014 by its code).
    case '57014':
      return 400;
  }
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '54':
      return 413;
    case '22':
    case '23':
    case '42':
      return 400;
    case '09':
    case '25':
    case '2D':
    case '2F':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'XX':
      return 500;
  }
  if (cls === 'P0') return 500;
  return 400;
}

/** Turns anything thrown while serving a request into a RestError. */
export function toRestError(e: unknown, role: string): RestError {
  if (e instanceof RestError) return e;
  if (isPgError(e) && e.code) {
    const detail = typeof e.detail === 'string' && e.detail !== '' ? e.detail : null;
    const hint = typeof e.hint === 'string' && e.hint !== '' ? e.hint : null;
    return new RestError(statusForSqlState(e.code, role), e.code, e.message, detail, hint);
  }
  const message = e instanceof Error ? e.message : String(e);
  return new RestError(500, 'PGRST000', message);
}
