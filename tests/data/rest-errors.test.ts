/**
 * Bad input never gets a 500 and never changes anything: malformed filters,
 * unknown names, SQL-shaped identifiers and values, wrong JSON, oversized
 * bodies, wrong keys and tokens each get a clear PostgREST-shaped 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestFixture, USER_A, type RestFixture } from './rest-fixture';

interface ErrorBody {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

describe('rest: bad input', () => {
  let f: RestFixture;
  let before: Record<string, number>;
  const tables = ['fx_users', 'fx_campus', 'fx_doors', 'fx_conditions', 'fx_door_log'];

  const raw = async (path: string, init: RequestInit & { key?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('apikey')) headers.set('apikey', init.key ?? f.project.keys.serviceKey);
    const res = await f.t.fetch(f.restUrl(path), { ...init, headers });
    const text = await res.text();
    let body: ErrorBody = {};
    try {
      body = JSON.parse(text) as ErrorBody;
    } catch {
      body = { message: text };
    }
    return { status: res.status, body };
  };

  beforeAll(async () => {
    f = await startRestFixture();
    before = {};
    for (const t of tables) before[t] = await f.count(t);
  });
  afterAll(async () => {
    // Nothing any test in this file sent changed a row.
    for (const t of tables) expect(await f.count(t)).toBe(before[t]);
    await f.t.close();
  });

  it('rejects malformed select, filters, order and limits with PGRST100', async () => {
    for (const path of [
      '/fx_doors?select=id;drop table fx_doors',
      '/fx_doors?select=id,name)',
      '/fx_doors?select=fx_campus(id',
      '/fx_doors?select=id::text;select 1',
      '/fx_doors?id=eq1',
      '/fx_doors?id=bogus.1',
      '/fx_doors?id=is.maybe',
      '/fx_doors?id=in.1,2',
      '/fx_doors?or=id.eq.1',
      '/fx_doors?or=(id.eq.1',
      '/fx_doors?or=(id)',
      '/fx_doors?order=id.sideways',
      '/fx_doors?limit=-1',
      '/fx_doors?offset=abc',
      '/fx_doors?id;delete from fx_doors=eq.1',
    ]) {
      const r = await raw(path);
      expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 400, code: 'PGRST100' });
    }
  });

  it('reports unknown tables, columns and relationships', async () => {
    const table = await f.service.from('fx_nope').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.fx_nope' in the schema cache" });
    const injectTable = await raw('/fx_doors%22%3Bdrop%20table%20fx_doors%3B--');
    expect(injectTable.status).toBe(404);
    expect(injectTable.body.code).toBe('PGRST205');
    const col = await f.service.from('fx_doors').select('id, nope');
    expect(col.status).toBe(400);
    expect(col.error).toMatchObject({ code: '42703', message: 'column fx_doors.nope does not exist' });
    const filterCol = await f.service.from('fx_doors').select().eq('nope', 1);
    expect(filterCol.error?.code).toBe('42703');
    const quoted = await raw('/fx_doors?select="id"" from fx_doors; --"');
    expect(quoted.status).toBe(400);
    expect(quoted.body.code).toBe('42703');
    const orderCol = await f.service.from('fx_doors').select().order('nope');
    expect(orderCol.error?.code).toBe('42703');
    const rel = await f.service.from('fx_doors').select('id, fx_users(id)');
    expect(rel.status).toBe(400);
    expect(rel.error?.code).toBe('PGRST200');
    const embedFilter = await f.service.from('fx_doors').select('id').eq('fx_campus.id', 1);
    expect(embedFilter.status).toBe(400);
    expect(embedFilter.error?.code).toBe('PGRST108');
    const cast = await f.service.from('fx_doors').select('id::nosuchtype');
    expect(cast.status).toBe(400);
    expect(cast.error?.code).toBe('42704');
  });

  it('binds SQL-shaped values as data', async () => {
    const intCol = await f.service.from('fx_doors').select().eq('id', "1' or '1'='1");
    expect(intCol.status).toBe(400);
    expect(intCol.error?.code).toBe('22P02');
    const textCol = await f.service.from('fx_doors').select('id').eq('name', "x' or '1'='1");
    expect(textCol.status).toBe(200);
    expect(textCol.data).toEqual([]);
    const inList = await f.service.from('fx_doors').select('id').in('name', ["a'); delete from fx_doors; --"]);
    expect(inList.data).toEqual([]);
    const like = await f.service.from('fx_doors').select('id').like('name', "%'; drop table fx_doors; --");
    expect(like.data).toEqual([]);
    const del = await f.service.from('fx_doors').delete().eq('name', "x' or 1=1 --");
    expect(del.error).toBeNull();
    const upd = await f.service.from('fx_campus').update({ campus_name: 'x' }).or("id.eq.1') or true --,id.eq.-1");
    expect(upd.status).toBe(400);
  });

  it('rejects wrong JSON bodies with PGRST102', async () => {
    for (const body of ['{', 'not json', '', '42', '"str"', '[1, 2]', 'null']) {
      const r = await raw('/fx_campus', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      expect({ body, status: r.status, code: r.body.code }).toEqual({ body, status: 400, code: 'PGRST102' });
    }
    const patch = await raw('/fx_campus?id=eq.1', {
      method: 'PATCH',
      body: '[{"campus_name": "x"}]',
      headers: { 'content-type': 'application/json' },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.code).toBe('PGRST102');
    const rpc = await raw('/rpc/fx_add', { method: 'POST', body: '{"a": ', headers: { 'content-type': 'application/json' } });
    expect(rpc.body.code).toBe('PGRST102');
  });

  it('refuses a body over the size limit with 413 before reading it', async () => {
    // Few large rows: postgrest-js builds ?columns quadratically in the row count.
    const rows = Array.from({ length: 600 }, (_, i) => ({ id: 1000 + i, campus_name: 'x'.repeat(10_000) }));
    const r = await f.service.from('fx_campus').insert(rows);
    expect(r.status).toBe(413);
    expect(r.error?.code).toBe('PGRST413');
  });

  it('refuses a missing or wrong apikey (401) and checks the bearer token', async () => {
    const none = await f.t.fetch(f.restUrl('/fx_doors'));
    expect(none.status).toBe(401);
    const wrong = await raw('/fx_doors', { key: 'not-a-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid API key');
    const otherTenant = await f.t.createTenant();
    const foreign = await raw('/fx_doors', { key: otherTenant.keys.anonKey });
    expect(foreign.status).toBe(401);

    const expired = f.withToken(await f.tokenFor(USER_A, -60));
    const e = await expired.from('fx_doors').select();
    expect(e.status).toBe(401);
    expect(e.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const forged = f.withToken((await f.tokenFor(USER_A)).slice(0, -4) + 'AAAA');
    const g = await forged.from('fx_door_log').insert({ seq: 900, owner: USER_A });
    expect(g.status).toBe(401);
    expect(g.error?.code).toBe('PGRST301');
    const garbage = f.withToken('garbage');
    expect((await garbage.from('fx_doors').select()).error?.code).toBe('PGRST301');
  });

  it('refuses an unknown schema profile and media type', async () => {
    const profile = await raw('/fx_doors', { headers: { 'accept-profile': 'auth' } });
    expect(profile.status).toBe(406);
    expect(profile.body.code).toBe('PGRST106');
    const media = await raw('/fx_doors', { headers: { accept: 'application/xml' } });
    expect(media.status).toBe(406);
    expect(media.body.code).toBe('PGRST107');
    const put = await raw('/fx_doors', { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    expect(put.body.code).toBe('PGRST105');
    const putMismatch = await raw('/fx_campus?id=eq.1', { method: 'PUT', body: '{"id": 2, "campus_name": "x"}' });
    expect(putMismatch.status).toBe(400);
    expect(putMismatch.body.code).toBe('PGRST115');
    const options = await raw('/fx_doors', { method: 'OPTIONS' });
    expect(options.status).toBe(405);
  });

  it('does not let anon or another user read through RLS even with crafted filters', async () => {
    const r = await f.anon.from('fx_door_log').select('*').or('owner.is.null,owner.not.is.null');
    expect(r.data).toEqual([]);
    const crafted = await raw(`/fx_door_log?select=*&owner=neq.${USER_A}`, { key: f.project.keys.anonKey });
    expect(crafted.status).toBe(200);
  });
});
