/** Reads through the unmodified supabase-js client: select, embeds, filters, order, ranges, counts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestFixture, USER_A, type RestFixture } from './rest-fixture';

describe('rest: reads', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture();
  });
  afterAll(() => f.t.close());

  it('selects columns, *, aliases and casts with Postgres types', async () => {
    const { data, error, status } = await f.service
      .from('fx_doors')
      .select('id, label:name, floor::text, created_at, meta, tags')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      {
        id: 1,
        label: 'Main entrance',
        floor: '0',
        created_at: '2026-01-01T00:00:00+00:00',
        meta: { kind: 'glass', width: 90 },
        tags: ['front', 'main'],
      },
    ]);
    const all = await f.service.from('fx_doors').select().order('id');
    expect(all.data?.length).toBe(5);
    expect(Object.keys(all.data?.[0] ?? {})).toEqual(['id', 'campus_id', 'name', 'floor', 'tags', 'meta', 'created_at']);
  });

  it('selects json paths', async () => {
    const { data, error } = await f.service.from('fx_doors').select('id, kind:meta->>kind, meta->width').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, kind: 'glass', width: 90 }]);
    const filtered = await f.service.from('fx_doors').select('id').eq('meta->>kind', 'steel');
    expect(filtered.data).toEqual([{ id: 2 }]);
  });

  it('embeds many-to-one by table name and by FK column, one-to-many, and nested', async () => {
    const byName = await f.service.from('fx_doors').select('id, fx_campus(campus_name)').in('id', [1, 5]).order('id');
    expect(byName.error).toBeNull();
    expect(byName.data).toEqual([
      { id: 1, fx_campus: { campus_name: 'North' } },
      { id: 5, fx_campus: null },
    ]);
    const byColumn = await f.service.from('fx_doors').select('id, campus:campus_id(*)').eq('id', 3);
    expect(byColumn.data).toEqual([{ id: 3, campus: { id: 2, campus_name: 'South', owner: '00000000-0000-4000-8000-00000000000b' } }]);
    const oneToMany = await f.service
      .from('fx_doors')
      .select('id, fx_conditions(label)')
      .in('id', [1, 3])
      .order('id')
      .order('label', { referencedTable: 'fx_conditions' });
    expect(oneToMany.data).toEqual([
      { id: 1, fx_conditions: [{ label: 'hinge loose' }, { label: 'paint' }] },
      { id: 3, fx_conditions: [] },
    ]);
    const nested = await f.service
      .from('fx_conditions')
      .select('label, door:fx_doors(name, campus:fx_campus(campus_name))')
      .eq('label', 'lock jammed');
    expect(nested.data).toEqual([{ label: 'lock jammed', door: { name: 'Gym, west', campus: { campus_name: 'North' } } }]);
  });

  it('needs a hint for an ambiguous embed and uses the FK name', async () => {
    const ambiguous = await f.service.from('fx_door_log').select('id, fx_users(first_name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const { data, error } = await f.service
      .from('fx_door_log')
      .select('seq, user:fx_users!fx_door_log_user_id_fkey(first_name,last_name), checker:fx_users!checked_by(first_name)')
      .order('seq');
    expect(error).toBeNull();
    expect(data).toEqual([
      { seq: 1, user: { first_name: 'Ada', last_name: 'Lovelace' }, checker: { first_name: 'Bob' } },
      { seq: 2, user: { first_name: 'Ada', last_name: 'Lovelace' }, checker: null },
      { seq: 3, user: { first_name: 'Bob', last_name: 'Builder' }, checker: { first_name: 'Ada' } },
    ]);
  });

  it('filters parents with !inner and embedded filters', async () => {
    const inner = await f.service
      .from('fx_doors')
      .select('id, fx_campus!inner(campus_name)')
      .eq('fx_campus.campus_name', 'North')
      .order('id');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([
      { id: 1, fx_campus: { campus_name: 'North' } },
      { id: 2, fx_campus: { campus_name: 'North' } },
    ]);
    // Without !inner the filter only empties the embed.
    const left = await f.service
      .from('fx_doors')
      .select('id, fx_campus(campus_name)')
      .eq('fx_campus.campus_name', 'North')
      .in('id', [1, 3])
      .order('id');
    expect(left.data).toEqual([
      { id: 1, fx_campus: { campus_name: 'North' } },
      { id: 3, fx_campus: null },
    ]);
    const nestedInner = await f.service
      .from('fx_conditions')
      .select('label, fx_doors!inner(name, fx_campus!inner(campus_name))')
      .eq('fx_doors.fx_campus.campus_name', 'East');
    expect(nestedInner.data).toEqual([{ label: 'closer leaking', fx_doors: { name: "O'Brien hall", fx_campus: { campus_name: 'East' } } }]);
    const children = await f.service.from('fx_doors').select('id, fx_conditions!inner(severity)').gte('fx_conditions.severity', 3);
    expect(children.data).toEqual([{ id: 2, fx_conditions: [{ severity: 3 }] }]);
    const hidden = await f.service.from('fx_doors').select('id, fx_campus!inner()').eq('fx_campus.campus_name', 'South');
    expect(hidden.data).toEqual([{ id: 3 }]);
    const notNull = await f.service.from('fx_doors').select('id, fx_campus(id)').not('fx_campus', 'is', null).eq('fx_campus.id', 3);
    expect(notNull.data).toEqual([{ id: 4, fx_campus: { id: 3 } }]);
  });

  it('spreads many-to-one embeds, counts embedded rows, and filters embeds with or', async () => {
    const spread = await f.service.from('fx_doors').select('id, ...fx_campus(campus:campus_name)').in('id', [1, 5]).order('id');
    expect(spread.error).toBeNull();
    expect(spread.data).toEqual([
      { id: 1, campus: 'North' },
      { id: 5, campus: null },
    ]);
    const counted = await f.service.from('fx_doors').select('id, fx_conditions(count)').in('id', [1, 3]).order('id');
    expect(counted.data).toEqual([
      { id: 1, fx_conditions: [{ count: 2 }] },
      { id: 3, fx_conditions: [{ count: 0 }] },
    ]);
    const total = await f.service.from('fx_conditions').select('count');
    expect(total.data).toEqual([{ count: 4 }]);
    // Aggregate functions are off on hosted Supabase (db-aggregates-enabled): refused, never grouped.
    for (const select of ['count()', 'severity, n:count()']) {
      const refused = await f.service.from('fx_conditions').select(select);
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('PGRST123');
    }
    const orEmbed = await f.service
      .from('fx_doors')
      .select('id, fx_conditions(label)')
      .eq('id', 1)
      .or('label.eq.paint,severity.gt.5', { referencedTable: 'fx_conditions' });
    expect(orEmbed.data).toEqual([{ id: 1, fx_conditions: [{ label: 'paint' }] }]);
    const notSpreadable = await f.service.from('fx_doors').select('id, ...fx_conditions(label)');
    expect(notSpreadable.status).toBe(400);
    expect(notSpreadable.error?.code).toBe('PGRST119');
  });

  it('embeds many-to-many through a junction table, under RLS', async () => {
    const all = await f.service
      .from('fx_users')
      .select('first_name, fx_campus(id)')
      .order('first_name')
      .order('id', { referencedTable: 'fx_campus' });
    expect(all.error).toBeNull();
    expect(all.data).toEqual([
      { first_name: 'Ada', fx_campus: [{ id: 1 }, { id: 3 }] },
      { first_name: 'Bob', fx_campus: [{ id: 1 }, { id: 2 }] },
    ]);
    const back = await f.service.from('fx_campus').select('id, fx_users!inner(first_name)').eq('fx_users.first_name', 'Bob').order('id');
    expect(back.data).toEqual([
      { id: 1, fx_users: [{ first_name: 'Bob' }] },
      { id: 2, fx_users: [{ first_name: 'Bob' }] },
    ]);
    // B sees only its own junction rows, and of the campuses only those it owns.
    const b = await f.userB.from('fx_users').select('first_name, fx_campus(id)').order('first_name');
    expect(b.data).toEqual([
      { first_name: 'Ada', fx_campus: [] },
      { first_name: 'Bob', fx_campus: [{ id: 2 }] },
    ]);
  });

  it('applies every filter operator', async () => {
    const ids = async (q: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
      const r = await q;
      expect(r.error).toBeNull();
      return (r.data ?? []).map((x) => x.id);
    };
    const doors = () => f.service.from('fx_doors').select('id').order('id');
    expect(await ids(doors().eq('name', 'Library'))).toEqual([3]);
    expect(await ids(doors().neq('floor', 0))).toEqual([2, 3]);
    expect(await ids(doors().gt('floor', 0))).toEqual([2, 3]);
    expect(await ids(doors().gte('floor', 1))).toEqual([2, 3]);
    expect(await ids(doors().lt('floor', 1))).toEqual([1, 5]);
    expect(await ids(doors().lte('floor', 1))).toEqual([1, 2, 5]);
    expect(await ids(doors().like('name', '*entrance'))).toEqual([1]);
    expect(await ids(doors().ilike('name', '%GYM%'))).toEqual([2]);
    expect(await ids(doors().is('floor', null))).toEqual([4]);
    expect(await ids(doors().not('floor', 'is', null))).toEqual([1, 2, 3, 5]);
    expect(await ids(doors().in('name', ['Gym, west', "O'Brien hall", 'Shed']))).toEqual([2, 4, 5]);
    expect(await ids(doors().not('id', 'in', '(1,2,3)'))).toEqual([4, 5]);
    expect(await ids(doors().contains('tags', ['main']))).toEqual([1, 4]);
    expect(await ids(doors().containedBy('tags', ['gym', 'x']))).toEqual([2, 3, 5]);
    expect(await ids(doors().contains('meta', { kind: 'steel' }))).toEqual([2]);
    expect(await ids(doors().overlaps('tags', ['gym', 'front']))).toEqual([1, 2]);
    expect(await ids(doors().filter('floor', 'eq', '2'))).toEqual([3]);
    expect(await ids(doors().match({ floor: 0, campus_id: 1 }))).toEqual([1]);
    expect(await ids(doors().likeAnyOf('name', ['Lib*', 'Sh*']))).toEqual([3, 5]);
    expect(await ids(doors().or('floor.eq.2,name.eq.Shed'))).toEqual([3, 5]);
    expect(await ids(doors().or('floor.gt.1,and(campus_id.eq.1,floor.eq.0),name.in.("O\'Brien hall",x)'))).toEqual([1, 3, 4]);
    expect(await ids(doors().or('name.eq."Gym, west",id.eq.5'))).toEqual([2, 5]);
    expect(await ids(doors().not('name', 'ilike', '*o*'))).toEqual([1, 2, 3, 5]);
  });

  it('combines or/and logic trees with nesting and negation', async () => {
    const r = await f.t.fetch(f.restUrl('/fx_doors?select=id&and=(floor.gte.0,or(id.eq.1,not.and(floor.lt.2,campus_id.eq.1)))&order=id'), {
      headers: { apikey: f.project.keys.serviceKey },
    });
    expect(r.status).toBe(200);
    // Door 5 has no campus: not.and(true, null) is null, so SQL's three-valued logic drops it, as in PostgREST.
    expect(await r.json()).toEqual([{ id: 1 }, { id: 3 }]);
    const not = await f.t.fetch(f.restUrl('/fx_doors?select=id&not.or=(id.eq.1,id.eq.2)&order=id'), {
      headers: { apikey: f.project.keys.serviceKey },
    });
    expect(await not.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
  });

  it('orders by several columns, nulls first/last, and a many-to-one embed column', async () => {
    const r = await f.service.from('fx_doors').select('id').order('floor', { ascending: false, nullsFirst: true }).order('id');
    expect(r.data?.map((d) => d.id)).toEqual([4, 3, 2, 1, 5]);
    const last = await f.service.from('fx_doors').select('id').order('floor', { nullsFirst: false }).order('id', { ascending: false });
    expect(last.data?.map((d) => d.id)).toEqual([5, 1, 2, 3, 4]);
    const byCampus = await f.t.fetch(
      f.restUrl('/fx_doors?select=id,fx_campus(campus_name)&campus_id=not.is.null&order=fx_campus(campus_name).desc,id'),
      {
        headers: { apikey: f.project.keys.serviceKey },
      },
    );
    expect(((await byCampus.json()) as { id: number }[]).map((d) => d.id)).toEqual([3, 1, 2, 4]);
  });

  it('pages with limit, range and counts', async () => {
    const limited = await f.service.from('fx_doors').select('id').order('id').limit(2);
    expect(limited.data).toEqual([{ id: 1 }, { id: 2 }]);
    const ranged = await f.service.from('fx_doors').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(ranged.data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(ranged.count).toBe(5);
    expect(ranged.status).toBe(206);
    const head = await f.service.from('fx_doors').select('*', { count: 'exact', head: true }).gt('floor', 0);
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
    const none = await f.service.from('fx_doors').select('*', { count: 'exact', head: true }).eq('id', 999);
    expect(none.count).toBe(0);
    const raw = await f.t.fetch(f.restUrl('/fx_doors?select=id&order=id'), {
      headers: { apikey: f.project.keys.serviceKey, Range: '3-9', Prefer: 'count=exact' },
    });
    expect(raw.headers.get('content-range')).toBe('3-4/5');
    expect(await raw.json()).toEqual([{ id: 4 }, { id: 5 }]);
    const plain = await f.t.fetch(f.restUrl('/fx_doors?select=id&id=eq.1'), { headers: { apikey: f.project.keys.serviceKey } });
    expect(plain.headers.get('content-range')).toBe('0-0/*');
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const empty = await f.t.fetch(f.restUrl('/fx_doors?id=eq.999'), {
      headers: { apikey: f.project.keys.serviceKey, Prefer: 'count=exact' },
    });
    expect(empty.headers.get('content-range')).toBe('*/0');
    const embeddedLimit = await f.service
      .from('fx_doors')
      .select('id, fx_conditions(label)')
      .eq('id', 1)
      .order('label', { referencedTable: 'fx_conditions' })
      .limit(1, { referencedTable: 'fx_conditions' });
    expect(embeddedLimit.data).toEqual([{ id: 1, fx_conditions: [{ label: 'hinge loose' }] }]);
  });

  it('returns one object for single() and PGRST116 otherwise; maybeSingle as postgrest-js does', async () => {
    const one = await f.service.from('fx_doors').select('id, name').eq('id', 3).single();
    expect(one.data).toEqual({ id: 3, name: 'Library' });
    const many = await f.service.from('fx_doors').select('id').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 5 rows',
    });
    const zero = await f.service.from('fx_doors').select('id').eq('id', 99).single();
    expect(zero.error?.details).toBe('The result contains 0 rows');
    const maybeNone = await f.service.from('fx_doors').select('id').eq('id', 99).maybeSingle();
    expect(maybeNone).toMatchObject({ data: null, error: null });
    const maybeOne = await f.service.from('fx_doors').select('id').eq('id', 2).maybeSingle();
    expect(maybeOne.data).toEqual({ id: 2 });
  });

  it('renders csv', async () => {
    const { data, error } = await f.service.from('fx_doors').select('id, name').in('id', [1, 2]).order('id').csv();
    expect(error).toBeNull();
    // PostgREST writes each row as Postgres writes a record: values with spaces or commas are quoted.
    expect(data).toBe('id,name\n1,"Main entrance"\n2,"Gym, west"');
  });

  it('applies row-level security to rows and to embedded rows', async () => {
    const anon = await f.anon.from('fx_doors').select('id');
    expect(anon.error).toBeNull();
    expect(anon.data).toEqual([]);
    const a = await f.userA.from('fx_doors').select('id, fx_campus(campus_name)').order('id');
    expect(a.data).toEqual([
      { id: 1, fx_campus: { campus_name: 'North' } },
      { id: 2, fx_campus: { campus_name: 'North' } },
      { id: 3, fx_campus: null },
      { id: 4, fx_campus: { campus_name: 'East' } },
      { id: 5, fx_campus: null },
    ]);
    const aInner = await f.userA.from('fx_doors').select('id, fx_campus!inner(id)', { count: 'exact' }).order('id');
    expect(aInner.data?.map((d) => d.id)).toEqual([1, 2, 4]);
    expect(aInner.count).toBe(3);
    const logs = await f.userA.from('fx_door_log').select('seq').order('seq');
    expect(logs.data).toEqual([{ seq: 1 }, { seq: 2 }]);
    const b = await f.userB.from('fx_users').select('id, log:fx_door_log!user_id(seq)').eq('id', USER_A);
    expect(b.data).toEqual([{ id: USER_A, log: [] }]);
  });

  it('reloads the schema cache when a table appears at runtime', async () => {
    await f.service.from('fx_doors').select('id').limit(1);
    await f.project.engine.exec(`create table public.fx_late (id int primary key, v text); insert into public.fx_late values (1, 'x');`);
    const { data, error } = await f.service.from('fx_late').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, v: 'x' }]);
  });
});
