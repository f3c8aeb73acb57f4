/** Writes through supabase-js: insert, bulk, upsert, update, delete, Prefer headers, RLS on writes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestFixture, USER_A, USER_B, type RestFixture } from './rest-fixture';

describe('rest: writes', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture();
  });
  afterAll(() => f.t.close());

  it('inserts one row with return=minimal (201, no body) and with representation', async () => {
    const minimal = await f.service.from('fx_campus').insert({ id: 10, campus_name: 'West' });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const rep = await f.service
      .from('fx_campus')
      .insert({ id: 11, campus_name: 'Annex', owner: USER_A })
      .select('id, campus_name, fx_doors(id)')
      .single();
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual({ id: 11, campus_name: 'Annex', fx_doors: [] });
    expect(await f.count('fx_campus', 'id in (10, 11)')).toBe(2);
  });

  it('bulk inserts with the columns param; missing keys become null, or defaults with missing=default', async () => {
    const rows = [
      { door_id: 1, status: 'ok', seq: 100, owner: USER_A },
      { door_id: 2, seq: 101, note: 'n', owner: USER_A },
    ];
    const nulls = await f.service.from('fx_door_log').insert(rows).select('seq, status, note');
    // status is NOT NULL: defaultToNull (the default) sends null for the missing key, as PostgREST does.
    expect(nulls.error?.code).toBe('23502');
    expect(nulls.status).toBe(400);
    const defaults = await f.service.from('fx_door_log').insert(rows, { defaultToNull: false }).select('seq, status, note, at');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { seq: 100, status: 'ok', note: null, at: '2026-01-02T00:00:00+00:00' },
      { seq: 101, status: 'ok', note: 'n', at: '2026-01-02T00:00:00+00:00' },
    ]);
    const empty = await f.service.from('fx_door_log').insert([]).select();
    expect(empty.error).toBeNull();
    expect(empty.data).toEqual([]);
  });

  it('upserts on the primary key and on on_conflict columns, merging or ignoring duplicates', async () => {
    const merged = await f.service
      .from('fx_campus')
      .upsert([
        { id: 1, campus_name: 'North (renamed)' },
        { id: 20, campus_name: 'New' },
      ])
      .select('id, campus_name, owner')
      .order('id');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([
      { id: 1, campus_name: 'North (renamed)', owner: USER_A },
      { id: 20, campus_name: 'New', owner: null },
    ]);
    const ignored = await f.service.from('fx_campus').upsert({ id: 1, campus_name: 'ignored' }, { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([]);
    const bySeq = await f.service
      .from('fx_door_log')
      .upsert({ seq: 1, door_id: 1, status: 'locked', owner: USER_A }, { onConflict: 'seq' })
      .select('id, seq, status');
    expect(bySeq.error).toBeNull();
    expect(bySeq.data).toEqual([{ id: '10000000-0000-4000-8000-000000000001', seq: 1, status: 'locked' }]);
    const count = await f.service.from('fx_campus').upsert([{ id: 1, campus_name: 'North' }], { count: 'exact' });
    expect(count.count).toBe(1);
  });

  it('updates with filters and returns the changed rows (filters not re-applied)', async () => {
    const r = await f.service
      .from('fx_door_log')
      .update({ status: 'fault', note: 'checked' })
      .eq('status', 'locked')
      .select('seq, status, note');
    expect(r.error).toBeNull();
    expect(r.status).toBe(200);
    expect(r.data).toEqual([{ seq: 1, status: 'fault', note: 'checked' }]);
    const minimal = await f.service.from('fx_doors').update({ floor: 9 }).eq('id', 5);
    expect(minimal.status).toBe(204);
    expect(await f.count('fx_doors', 'floor = 9')).toBe(1);
    const single = await f.service.from('fx_doors').update({ floor: 8 }).gte('id', 1).select().single();
    expect(single.status).toBe(406);
    expect(single.error?.code).toBe('PGRST116');
    // The failed single() rolled the update back.
    expect(await f.count('fx_doors', 'floor = 8')).toBe(0);
    const json = await f.service
      .from('fx_doors')
      .update({ meta: { a: [1, 2] }, tags: ['x', 'y'] })
      .eq('id', 5)
      .select('meta, tags')
      .single();
    expect(json.data).toEqual({ meta: { a: [1, 2] }, tags: ['x', 'y'] });
  });

  it('deletes with filters, minimal and representation', async () => {
    await f.service.from('fx_campus').insert([
      { id: 30, campus_name: 'Tmp1' },
      { id: 31, campus_name: 'Tmp2' },
      { id: 32, campus_name: 'Tmp3' },
    ]);
    const minimal = await f.service.from('fx_campus').delete().eq('id', 30);
    expect(minimal.status).toBe(204);
    const rep = await f.service.from('fx_campus').delete({ count: 'exact' }).in('id', [31, 32]).select('id').order('id');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ id: 31 }, { id: 32 }]);
    expect(rep.count).toBe(2);
    expect(await f.count('fx_campus', 'id between 30 and 32')).toBe(0);
  });

  it('lets row-level security decide writes', async () => {
    // Insert for oneself is allowed; for someone else the policy refuses (42501, 403 when signed in).
    const mine = await f.userA.from('fx_door_log').insert({ door_id: 1, note: 'mine', seq: 200 }).select('seq, owner').single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ seq: 200, owner: USER_A });
    const theirs = await f.userA.from('fx_door_log').insert({ door_id: 1, note: 'theirs', seq: 201, owner: USER_B });
    expect(theirs.status).toBe(403);
    expect(theirs.error?.code).toBe('42501');
    expect(await f.count('fx_door_log', 'seq = 201')).toBe(0);
    const anon = await f.anon.from('fx_door_log').insert({ door_id: 1, seq: 202 });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    // B cannot update or delete A's rows: nothing matches through RLS.
    const upd = await f.userB.from('fx_door_log').update({ note: 'hacked' }).eq('seq', 200).select();
    expect(upd.data).toEqual([]);
    const del = await f.userB.from('fx_door_log').delete().eq('seq', 200).select();
    expect(del.data).toEqual([]);
    expect(await f.count('fx_door_log', `seq = 200 and note = 'mine'`)).toBe(1);
    // fx_campus has no insert policy at all.
    const blind = await f.userA.from('fx_campus').insert({ id: 40, campus_name: 'Blind', owner: USER_A });
    expect(blind.status).toBe(403);
    expect(await f.count('fx_campus', 'id = 40')).toBe(0);
  });

  it('ignores duplicates with only an insert policy (ON CONFLICT DO NOTHING), where merging them needs the update policy', async () => {
    // A table one may create rows in but never change (the sync engine's replayed creates).
    await f.project.engine.exec(`
      create table public.fx_reports (id uuid primary key, body text not null, status text not null default 'new', owner uuid default auth.uid());
      alter table public.fx_reports enable row level security;
      create policy fx_reports_read on public.fx_reports for select to authenticated using (true);
      create policy fx_reports_insert on public.fx_reports for insert to authenticated with check (owner = auth.uid());
    `);
    const first = '20000000-0000-4000-8000-000000000001';
    const second = '20000000-0000-4000-8000-000000000002';
    const created = await f.userA.from('fx_reports').upsert({ id: first, body: 'first' }, { onConflict: 'id', ignoreDuplicates: true });
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    // The replay, with a new row of other columns in the same request (missing=default, as the sync engine sends it).
    const replay = await f.userA
      .from('fx_reports')
      .upsert(
        [
          { id: first, body: 'replayed' },
          { id: second, body: 'second', status: 'open' },
        ],
        { onConflict: 'id', ignoreDuplicates: true, defaultToNull: false },
      )
      .select('id, body, status');
    expect(replay.error).toBeNull();
    expect(replay.status).toBe(201);
    expect(replay.data).toEqual([{ id: second, body: 'second', status: 'open' }]);
    // Merging the same duplicate is an update, which no policy allows.
    const merged = await f.userA.from('fx_reports').upsert({ id: first, body: 'merged' }, { onConflict: 'id' });
    expect(merged.status).toBe(403);
    expect(merged.error?.code).toBe('42501');
    expect(await f.count('fx_reports', `id = '${first}' and body = 'first' and status = 'new'`)).toBe(1);
    // The insert policy still applies to a duplicate that is ignored.
    const theirs = await f.userA
      .from('fx_reports')
      .upsert({ id: first, body: 'x', owner: USER_B }, { onConflict: 'id', ignoreDuplicates: true });
    expect(theirs.error?.code).toBe('42501');
    expect(await f.count('fx_reports')).toBe(2);
  });

  it('maps constraint errors to PostgREST statuses with the SQLSTATE kept', async () => {
    const dup = await f.service.from('fx_campus').insert({ id: 2, campus_name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.details).toContain('already exists');
    const fk = await f.service.from('fx_doors').insert({ id: 50, campus_id: 999, name: 'x' });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await f.service.from('fx_doors').insert({ id: 51, campus_id: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const check = await f.service.from('fx_door_log').insert({ status: 'bogus' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const badType = await f.service.from('fx_doors').insert({ id: 'abc', name: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknownCol = await f.service.from('fx_doors').insert({ id: 52, name: 'x', nope: 1 });
    expect(unknownCol.status).toBe(400);
    expect(unknownCol.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'fx_doors' in the schema cache",
    });
    const mismatched = await f.t.fetch(f.restUrl('/fx_campus'), {
      method: 'POST',
      headers: { apikey: f.project.keys.serviceKey, 'content-type': 'application/json' },
      body: JSON.stringify([{ id: 60, campus_name: 'a' }, { id: 61 }]),
    });
    expect(mismatched.status).toBe(400);
    expect(((await mismatched.json()) as { code: string }).code).toBe('PGRST102');
    expect(await f.count('fx_campus', 'id in (60, 61)')).toBe(0);
  });

  it('upserts one row by its primary key with PUT', async () => {
    const put = (id: number, body: unknown) =>
      f.t.fetch(f.restUrl(`/fx_campus?id=eq.${id}`), {
        method: 'PUT',
        headers: { apikey: f.project.keys.serviceKey, 'content-type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify(body),
      });
    // PostgREST's single upsert: 201 when the row was inserted, 200 when replaced.
    const created = await put(80, { id: 80, campus_name: 'Put' });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual([{ id: 80, campus_name: 'Put', owner: null }]);
    const replaced = await put(80, { id: 80, campus_name: 'Put 2' });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ id: 80, campus_name: 'Put 2', owner: null }]);
    expect(await f.count('fx_campus', `id = 80 and campus_name = 'Put 2'`)).toBe(1);
  });

  it('returns Location for headers-only', async () => {
    const r = await f.t.fetch(f.restUrl('/fx_campus'), {
      method: 'POST',
      headers: { apikey: f.project.keys.serviceKey, 'content-type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ id: 70, campus_name: 'Loc' }),
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe('/fx_campus?id=eq.70');
  });
});
