/**
 * A fresh tenant with fixture tables of our own (the real tenant schema is
 * someone else's), shaped like the product's: campuses, doors, conditions,
 * users and a door log with two FKs to users, row-level security keyed on
 * auth.uid(), and functions for rpc.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { startTestStack, TEST_ORIGIN, type TestStack } from '../support/stack';

export const USER_A = '00000000-0000-4000-8000-00000000000a';
export const USER_B = '00000000-0000-4000-8000-00000000000b';

export const FIXTURE_SQL = `
create table public.fx_users (id uuid primary key, first_name text not null, last_name text);
create table public.fx_campus (id int primary key, campus_name text not null, owner uuid);
create table public.fx_doors (
  id int primary key, campus_id int references public.fx_campus (id), name text not null,
  floor int, tags text[] not null default '{}', meta jsonb, created_at timestamptz not null default '2026-01-01T00:00:00Z'
);
create table public.fx_conditions (
  id serial primary key, door_id int not null references public.fx_doors (id), label text not null, severity int not null default 1
);
create table public.fx_door_log (
  id uuid primary key default gen_random_uuid(),
  door_id int references public.fx_doors (id),
  user_id uuid references public.fx_users (id),
  checked_by uuid references public.fx_users (id),
  status text not null default 'ok' check (status in ('ok', 'fault', 'locked')),
  note text,
  seq int unique,
  at timestamptz not null default '2026-01-02T00:00:00Z',
  owner uuid default auth.uid()
);
create table public.fx_user_campus (
  user_id uuid references public.fx_users (id), campus_id int references public.fx_campus (id), primary key (user_id, campus_id)
);

alter table public.fx_user_campus enable row level security;
create policy fx_user_campus_read on public.fx_user_campus for select to authenticated using (user_id = auth.uid());
alter table public.fx_users enable row level security;
alter table public.fx_campus enable row level security;
alter table public.fx_doors enable row level security;
alter table public.fx_conditions enable row level security;
alter table public.fx_door_log enable row level security;

create policy fx_users_read on public.fx_users for select to authenticated using (true);
create policy fx_campus_own on public.fx_campus for select to authenticated using (owner = auth.uid());
create policy fx_doors_read on public.fx_doors for select to authenticated using (true);
create policy fx_doors_write on public.fx_doors for update to authenticated using (true) with check (true);
create policy fx_conditions_read on public.fx_conditions for select to authenticated using (true);
create policy fx_log_select on public.fx_door_log for select to authenticated using (owner = auth.uid());
create policy fx_log_insert on public.fx_door_log for insert to authenticated with check (owner = auth.uid());
create policy fx_log_update on public.fx_door_log for update to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
create policy fx_log_delete on public.fx_door_log for delete to authenticated using (owner = auth.uid());

insert into public.fx_users values
  ('${USER_A}', 'Ada', 'Lovelace'), ('${USER_B}', 'Bob', 'Builder');
insert into public.fx_campus values (1, 'North', '${USER_A}'), (2, 'South', '${USER_B}'), (3, 'East', '${USER_A}');
insert into public.fx_user_campus values ('${USER_A}', 1), ('${USER_A}', 3), ('${USER_B}', 2), ('${USER_B}', 1);
insert into public.fx_doors (id, campus_id, name, floor, tags, meta) values
  (1, 1, 'Main entrance', 0, '{front,main}', '{"kind": "glass", "width": 90}'),
  (2, 1, 'Gym, west', 1, '{gym}', '{"kind": "steel"}'),
  (3, 2, 'Library', 2, '{}', null),
  (4, 3, 'O''Brien hall', null, '{main}', '{"kind": "wood"}'),
  (5, null, 'Shed', 0, '{}', null);
insert into public.fx_conditions (door_id, label, severity) values
  (1, 'hinge loose', 2), (1, 'paint', 1), (2, 'lock jammed', 3), (4, 'closer leaking', 2);
insert into public.fx_door_log (id, door_id, user_id, checked_by, status, note, seq, owner) values
  ('10000000-0000-4000-8000-000000000001', 1, '${USER_A}', '${USER_B}', 'ok', 'fine', 1, '${USER_A}'),
  ('10000000-0000-4000-8000-000000000002', 2, '${USER_A}', null, 'fault', 'stuck', 2, '${USER_A}'),
  ('10000000-0000-4000-8000-000000000003', 3, '${USER_B}', '${USER_A}', 'ok', null, 3, '${USER_B}');

create function public.fx_add(a int, b int default 1) returns int language sql immutable as 'select a + b';
create function public.fx_doors_on_floor(f int) returns setof public.fx_doors language sql stable as
  'select * from public.fx_doors where floor = f order by id';
create function public.fx_door_names() returns setof text language sql stable as
  'select name from public.fx_doors order by id';
create function public.fx_whoami() returns uuid language sql stable as 'select auth.uid()';
create function public.fx_fail(msg text) returns void language plpgsql as
  'begin raise exception ''%'', msg using hint = ''raised on purpose''; end';
create function public.fx_touch(n text) returns void language plpgsql as
  'begin insert into public.fx_door_log (status, note, owner) values (''ok'', n, auth.uid()); end';
create function public.fx_summary(min_severity int) returns table (door_name text, conditions bigint) language sql stable as
  'select d.name, count(*) from public.fx_conditions c join public.fx_doors d on d.id = c.door_id
   where c.severity >= min_severity group by d.name order by d.name';
create function public.fx_campus_by_id(campus int) returns public.fx_campus language sql stable as
  'select * from public.fx_campus where id = campus';
create function public.fx_echo(payload jsonb) returns jsonb language sql immutable as 'select payload';
create function public.fx_tags(t text[]) returns int language sql immutable as 'select cardinality(t)';
`;

export interface RestFixture {
  t: TestStack;
  project: Project;
  /** anon key client */
  anon: SupabaseClient;
  service: SupabaseClient;
  userA: SupabaseClient;
  userB: SupabaseClient;
  /** supabase-js client that sends `token` as its bearer (anon key as apikey). */
  withToken(token: string): SupabaseClient;
  tokenFor(sub: string, expiresIn?: number): Promise<string>;
  /** Superuser count, to prove a rejected request changed nothing. */
  count(table: string, where?: string): Promise<number>;
  restUrl(path: string): string;
}

export async function startRestFixture(): Promise<RestFixture> {
  const t = await startTestStack();
  const project = await t.createTenant();
  await project.engine.exec(FIXTURE_SQL);
  const withToken = (token: string): SupabaseClient =>
    createClient(t.stack.tenantUrl(project.ref), project.keys.anonKey, {
      global: { fetch: t.fetch, headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  const tokenFor = (sub: string, expiresIn = 3600) =>
    signJwt(
      project.keys.jwtSecret,
      { sub, role: 'authenticated', email: `${sub.slice(-1)}@example.test`, aud: 'authenticated' },
      expiresIn,
    );
  return {
    t,
    project,
    anon: t.tenantClient(project),
    service: t.tenantClient(project, project.keys.serviceKey),
    userA: withToken(await tokenFor(USER_A)),
    userB: withToken(await tokenFor(USER_B)),
    withToken,
    tokenFor,
    count: async (table, where = 'true') => {
      const r = await project.engine.query<{ n: string | number }>(`select count(*)::text as n from public.${table} where ${where}`);
      return Number(r.rows[0]?.n ?? -1);
    },
    restUrl: (path) => `${TEST_ORIGIN}/t/${project.ref}/rest/v1${path}`,
  };
}
