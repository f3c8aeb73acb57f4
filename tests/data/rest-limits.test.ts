/**
 * Every rest request is bounded as on hosted Supabase (decision 012): embeds
 * nest at most REST_MAX_EMBED_DEPTH levels, and/or trees at most
 * REST_MAX_LOGIC_DEPTH, JSON bodies at most REQUEST_MAX_JSON_DEPTH, a response
 * holds at most REST_MAX_ROWS top-level rows and REST_MAX_RESPONSE_MB bytes,
 * and a request that outruns its role's statement timeout is ended with
 * 57014. Each refusal is a PostgREST-shaped 4xx that changes nothing, and the
 * project answers the next request. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestFixture, USER_A, type RestFixture } from './rest-fixture';

const SLOW_SQL = `
create function public.fx_slow(ms int) returns int language plpgsql as
  'begin perform pg_sleep(ms / 1000.0); return ms; end';
create function public.fx_touch_then_sleep(n text, ms int) returns void language plpgsql as
  'begin insert into public.fx_door_log (status, note, owner) values (''ok'', n, auth.uid()); perform pg_sleep(ms / 1000.0); end';
create function public.fx_big(n int) returns setof text language sql stable as
  'select repeat(''x'', 2000) from generate_series(1, n)';
`;

function nested(depth: number, leaf: string): string {
  return '['.repeat(depth) + leaf + ']'.repeat(depth);
}

describe('request limits', () => {
  let f: RestFixture;
  const saved = { ...process.env };

  beforeAll(async () => {
    f = await startRestFixture();
    await f.project.engine.exec(SLOW_SQL);
  });
  afterAll(async () => {
    process.env = saved;
    await f.t.close();
  });

  const headers = (token?: string) => ({
    apikey: f.project.keys.anonKey,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    'content-type': 'application/json',
  });

  it('refuses an embed nested deeper than the bound before it reaches the database', async () => {
    const token = await f.tokenFor(USER_A);
    const hostile = 'id,fx_door_log!door_id(id,fx_doors(id,fx_door_log!door_id(id,fx_doors(id,fx_door_log!door_id(id)))))';
    const res = await f.t.fetch(f.restUrl(`/fx_doors?select=${encodeURIComponent(hostile)}&limit=1`), { headers: headers(token) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; hint: string | null };
    expect(body.code).toBe('54001');
    expect(body.message).toMatch(/nests embedded resources 5 levels deep; at most 3/);
    expect(body.hint).toBeTruthy();

    // Three levels are still a normal request.
    const ok = await f.userA.from('fx_doors').select('id, fx_conditions(id, fx_doors(id, fx_campus(id)))').eq('id', 1);
    expect(ok.error).toBeNull();
    expect(ok.data).toHaveLength(1);
  });

  it('refuses a select nested thousands deep without overflowing the parser', async () => {
    const deep = `${'a('.repeat(2500)}id${')'.repeat(2500)}`;
    const res = await f.t.fetch(f.restUrl(`/fx_doors?select=${deep}`), { headers: headers() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('54001');
  });

  it('refuses a 2,500-deep or= filter with a 400, not a stack overflow', async () => {
    const tree = `(${'or('.repeat(2500)}id.eq.1${')'.repeat(2500)})`;
    const res = await f.t.fetch(f.restUrl(`/fx_doors?or=${encodeURIComponent(tree)}`), { headers: headers() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('54001');
    expect(body.message).toMatch(/and\/or more than 16 levels/);
    const flat = await f.userA.from('fx_doors').select('id').or('id.eq.1,or(id.eq.2,id.eq.3)').order('id');
    expect(flat.data?.map((d) => d.id)).toEqual([1, 2, 3]);
  });

  it('refuses JSON bodies nested 10,000 levels on rest, auth and the product API, and keeps answering', async () => {
    const token = await f.tokenFor(USER_A);
    const before = await f.count('fx_door_log');
    const rest = await f.t.fetch(f.restUrl('/rpc/fx_echo'), {
      method: 'POST',
      headers: headers(token),
      body: JSON.stringify({ payload: 'x' }).replace('"x"', nested(10_000, '1')),
    });
    expect(rest.status).toBe(400);
    expect(((await rest.json()) as { code: string }).code).toBe('PGRST102');

    const insert = await f.t.fetch(f.restUrl('/fx_door_log'), {
      method: 'POST',
      headers: headers(token),
      body: `{"status":"ok","owner":"${USER_A}","note":${nested(10_000, '"n"')}}`,
    });
    expect(insert.status).toBe(400);
    expect(await f.count('fx_door_log')).toBe(before);

    const auth = await f.t.fetch(`${f.t.stack.tenantUrl(f.project.ref)}/auth/v1/user`, {
      method: 'PUT',
      headers: headers(token),
      body: `{"data":{"deep":${nested(10_000, '0')}}}`,
    });
    expect(auth.status).toBe(400);
    expect(((await auth.json()) as { error_code: string }).error_code).toBe('bad_json');

    const api = await f.t.fetch('http://stack.test/api/tenant-proxy/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"tenantSlug":${nested(10_000, '"x"')}}`,
    });
    expect(api.status).toBe(400);

    // A body at the bound is fine, and the project still answers.
    const echo = await f.userA.rpc('fx_echo', { payload: JSON.parse(nested(60, '1')) as unknown });
    expect(echo.error).toBeNull();
    const after = await f.userA.from('fx_doors').select('id').eq('id', 1);
    expect(after.data).toEqual([{ id: 1 }]);
  });

  it('holds the top level to REST_MAX_ROWS as PostgREST db-max-rows does, and lets the client page on', async () => {
    process.env.REST_MAX_ROWS = '2';
    try {
      const all = await f.userA.from('fx_doors').select('id').order('id');
      expect(all.data?.map((d) => d.id)).toEqual([1, 2]);
      const fewer = await f.userA.from('fx_doors').select('id').order('id').limit(1);
      expect(fewer.data?.map((d) => d.id)).toEqual([1]);
      const next = await f.userA.from('fx_doors').select('id').order('id').range(2, 10);
      expect(next.data?.map((d) => d.id)).toEqual([3, 4]);
      const counted = await f.userA.from('fx_doors').select('id', { count: 'exact' });
      expect(counted.count).toBe(5);
      expect(counted.data).toHaveLength(2);
      const set = await f.userA.rpc('fx_door_names');
      expect(set.data).toHaveLength(2);
    } finally {
      delete process.env.REST_MAX_ROWS;
    }
  });

  it('refuses a response over REST_MAX_RESPONSE_MB with 413 and sends none of it', async () => {
    process.env.REST_MAX_RESPONSE_MB = '1';
    try {
      const big = await f.userA.rpc('fx_big', { n: 1000 });
      expect(big.status).toBe(413);
      expect(big.error?.code).toBe('54000');
      expect(big.error?.message).toMatch(/at most 1 MB/);
      const small = await f.userA.rpc('fx_big', { n: 10 });
      expect(small.data).toHaveLength(10);
    } finally {
      delete process.env.REST_MAX_RESPONSE_MB;
    }
  });

  it("ends a request that outruns its role's statement timeout with 57014, rolls it back, and keeps committed work", async () => {
    const committed = await f.userA.from('fx_door_log').insert({ status: 'ok', note: 'before-timeout', owner: USER_A }).select('id');
    expect(committed.error).toBeNull();
    process.env.REST_TIMEOUT_AUTHENTICATED_MS = '500';
    try {
      const slow = await f.userA.rpc('fx_touch_then_sleep', { n: 'inside-timeout', ms: 30_000 });
      expect(slow.status).toBe(400);
      expect(slow.error?.code).toBe('57014');
      expect(slow.error?.message).toBe('canceling statement due to statement timeout');
    } finally {
      delete process.env.REST_TIMEOUT_AUTHENTICATED_MS;
    }
    // The project answers again, with every committed row and none of the cut transaction's.
    expect(await f.count('fx_door_log', `note = 'before-timeout'`)).toBe(1);
    expect(await f.count('fx_door_log', `note = 'inside-timeout'`)).toBe(0);
    const again = await f.userA.rpc('fx_slow', { ms: 1 });
    expect(again.data).toBe(1);
  });

  it('gives anon its own, shorter timeout', async () => {
    process.env.REST_TIMEOUT_ANON_MS = '300';
    process.env.REST_TIMEOUT_AUTHENTICATED_MS = '60000';
    try {
      const anon = await f.anon.rpc('fx_slow', { ms: 30_000 });
      // Under authenticated's 60 s this would have slept its 30 s and answered 30000.
      expect(anon.error?.code).toBe('57014');
    } finally {
      delete process.env.REST_TIMEOUT_ANON_MS;
      delete process.env.REST_TIMEOUT_AUTHENTICATED_MS;
    }
  });
});
