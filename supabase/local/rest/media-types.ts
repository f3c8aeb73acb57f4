/**
 * How PostgREST names the media types of an Accept header it cannot serve
 * (PGRST107's message): each one decoded and written back as its toMime
 * does (src/PostgREST/MediaType.hs), so a refused explain request
 * (`application/vnd.pgrst.plan+text; for="application/json"; options=;`,
 * as supabase-js's explain() sends it) reads as on a hosted project, where
 * db-plan-enabled is off and the plan media type is never served.
 */

interface Parsed {
  type: string;
  params: Map<string, string>;
}

function parse(part: string): Parsed {
  const [type = '', ...rest] = part.split(';');
  const params = new Map<string, string>();
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim(), params };
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

function toMime({ type, params }: Parsed): string {
  const t = type.toLowerCase();
  const stripped = params.get('nulls') === 'stripped';
  if (t === 'application/vnd.pgrst.plan' || t === 'application/vnd.pgrst.plan+text' || t === 'application/vnd.pgrst.plan+json') {
    const format = t.endsWith('+json') ? 'json' : 'text';
    const given = (params.get('options') ?? '').split('|');
    const options = PLAN_OPTIONS.filter((o) => given.includes(o));
    const forType = toMime(parse(params.get('for') ?? 'application/json'));
    return `application/vnd.pgrst.plan+${format}; for="${forType}"${options.length ? `; options=${options.join('|')}` : ''}`;
  }
  if (t === 'application/vnd.pgrst.object+json' || t === 'application/vnd.pgrst.object') {
    return `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}`;
  }
  if (t === 'application/vnd.pgrst.array+json' || t === 'application/vnd.pgrst.array') {
    return stripped ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
  }
  const known = ['application/json', 'application/geo+json', 'text/csv', 'text/plain', 'text/xml', 'application/openapi+json'];
  return known.includes(t) ? t : type;
}

/** The Accept header's media types, as PostgREST lists them in "None of these media types are available: …". */
export function acceptedMimes(header: string): string {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => toMime(parse(part)))
    .join(', ');
}
