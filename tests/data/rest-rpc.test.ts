/** /rpc/fn through supabase-js: named args, defaults, scalar/setof/table/composite/void returns, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestFixture, USER_A, type RestFixture } from './rest-fixture';

describe('rest: rpc', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture();
  });
  afterAll(() => f.t.close());

  it('calls scalar functions with named args and defaults, by POST and GET', async () => {
    expect((await f.anon.rpc('fx_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await f.anon.rpc('fx_add', { a: 2 })).data).toBe(3);
    expect((await f.anon.rpc('fx_add', { a: 7 }, { get: true })).data).toBe(8);
    expect((await f.anon.rpc('fx_tags', { t: ['a', 'b', 'c'] })).data).toBe(3);
    expect((await f.anon.rpc('fx_echo', { payload: { x: [1, { y: null }] } })).data).toEqual({ x: [1, { y: null }] });
  });

  it('runs as the caller: auth.uid() inside the function', async () => {
    expect((await f.userA.rpc('fx_whoami')).data).toBe(USER_A);
    expect((await f.anon.rpc('fx_whoami')).data).toBeNull();
  });

  it('returns setof rows with select, filters and order, setof scalars and RETURNS TABLE', async () => {
    const rows = await f.service
      .rpc('fx_doors_on_floor', { f: 0 })
      .select('id, name, fx_campus(campus_name)')
      .order('id', { ascending: false });
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([
      { id: 5, name: 'Shed', fx_campus: null },
      { id: 1, name: 'Main entrance', fx_campus: { campus_name: 'North' } },
    ]);
    const filtered = await f.service.rpc('fx_doors_on_floor', { f: 0 }).eq('name', 'Shed').select('id');
    expect(filtered.data).toEqual([{ id: 5 }]);
    const single = await f.service.rpc('fx_doors_on_floor', { f: 2 }).select('name').single();
    expect(single.data).toEqual({ name: 'Library' });
    expect((await f.service.rpc('fx_door_names')).data).toEqual(['Main entrance', 'Gym, west', 'Library', "O'Brien hall", 'Shed']);
    const table = await f.service.rpc('fx_summary', { min_severity: 2 });
    expect(table.data).toEqual([
      { door_name: 'Gym, west', conditions: 1 },
      { door_name: 'Main entrance', conditions: 1 },
      { door_name: "O'Brien hall", conditions: 1 },
    ]);
    const composite = await f.service.rpc('fx_campus_by_id', { campus: 2 });
    expect(composite.data).toEqual({ id: 2, campus_name: 'South', owner: '00000000-0000-4000-8000-00000000000b' });
    const count = await f.service.rpc('fx_doors_on_floor', { f: 0 }, { count: 'exact' });
    expect(count.count).toBe(2);
  });

  it('runs void functions in the request transaction (RLS applies inside)', async () => {
    const ok = await f.userA.rpc('fx_touch', { n: 'from rpc' });
    expect(ok.error).toBeNull();
    expect(ok.status).toBe(204);
    expect(await f.count('fx_door_log', `note = 'from rpc'`)).toBe(1);
  });

  it('passes raise exceptions and unknown functions/args through as PostgREST does', async () => {
    const raised = await f.anon.rpc('fx_fail', { msg: 'nope' });
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'nope', hint: 'raised on purpose' });
    const missing = await f.anon.rpc('fx_missing', {});
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    const wrongArg = await f.anon.rpc('fx_add', { a: 1, zzz: 2 });
    expect(wrongArg.status).toBe(404);
    expect(wrongArg.error?.code).toBe('PGRST202');
    const badValue = await f.anon.rpc('fx_add', { a: 'x' });
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
  });

  it('treats Prefer: params=single-object as PostgREST 14 does, as an unknown preference (PostgREST 13 removed it)', async () => {
    const call = (prefer: string) =>
      f.t.fetch(f.restUrl('/rpc/fx_echo'), {
        method: 'POST',
        headers: { apikey: f.project.keys.anonKey, 'content-type': 'application/json', Prefer: prefer },
        body: JSON.stringify({ whole: true }),
      });
    // Ignored: the body's keys are the arguments, and fx_echo has no parameter "whole".
    const ignored = await call('params=single-object');
    expect(ignored.status).toBe(404);
    expect(ignored.headers.get('preference-applied')).toBeNull();
    expect(await ignored.json()).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.fx_echo(whole) in the schema cache',
    });
    const strict = await call('handling=strict, params=single-object');
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: params=single-object' });
    // The named argument still takes the object.
    expect((await f.anon.rpc('fx_echo', { payload: { whole: true } })).data).toEqual({ whole: true });
  });
});
