-- Campus sweeps (issue 18, docs/decisions/030-campus-sweeps.md).
--
-- doors.door_groups        labels on a door (exterior, classroom, gym, any a
--                          tenant adds); they sync with the door and are
--                          edited under the doors' own policies.
-- sweeps, sweep_doors      a lock-up or drill on one campus and the doors it
--                          covers, fixed at its start. Made and ended only by
--                          start_sweep / end_sweep (security_admin,
--                          super_admin, a support session as super_admin);
--                          a door's outcome only by the door_log trigger
--                          below. Every signed-in user reads them; no client
--                          writes them directly (no write policies).
-- check_interval_changes   the check interval in force over time, for the
--                          compliance report; written only by a trigger on
--                          tenant_settings. Read by every signed-in user.
--
-- Who-did-this columns (started_by, ended_by, checked_by and their names)
-- come from the session or from the check itself, never from a request: the
-- RPCs take no such parameter and clients cannot write the tables.

-- Door groups -----------------------------------------------------------------

-- ASCII only, so the rule is the same on every server locale and in the app.
create function public.door_group_label_valid(label text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(label ~ '^[a-z0-9 _-]{1,40}$' and label = pg_catalog.btrim(label), false)
$$;

create function public.door_groups_valid(groups text[]) returns boolean
language sql
immutable
set search_path = ''
as $$
  select groups is not null
     and coalesce(pg_catalog.array_ndims(groups), 1) = 1
     and not exists (select 1 from pg_catalog.unnest(groups) g where not public.door_group_label_valid(g))
     and pg_catalog.cardinality(groups) = (select count(distinct g) from pg_catalog.unnest(groups) g)
$$;

revoke all on function public.door_group_label_valid(text) from public, anon;
revoke all on function public.door_groups_valid(text[]) from public, anon;
grant execute on function public.door_group_label_valid(text) to authenticated, service_role;
grant execute on function public.door_groups_valid(text[]) to authenticated, service_role;

alter table public.doors
  add column door_groups text[] not null default '{}'
    constraint doors_door_groups_valid check (public.door_groups_valid(door_groups));

comment on column public.doors.door_groups is
  'Labels of the groups a door belongs to (lower case, 1-40 of a-z 0-9 space - _, trimmed, no repeats): decision 030.';

-- Check-interval history -------------------------------------------------------

create table public.check_interval_changes (
  id uuid primary key default gen_random_uuid(),
  hours integer not null check (hours between 1 and 168),
  effective_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index check_interval_changes_effective_idx on public.check_interval_changes (effective_at desc, created_at desc);
create index check_interval_changes_updated_at_id_idx on public.check_interval_changes (updated_at, id);
alter table public.check_interval_changes enable row level security;
revoke truncate on public.check_interval_changes from anon, authenticated;

create trigger check_interval_changes_set_updated_at before insert or update on public.check_interval_changes
  for each row execute function public.set_updated_at();

create policy "signed-in users read check interval changes" on public.check_interval_changes
  for select to authenticated
  using ((select public.is_signed_in()));

-- The interval in force is what overdue_doors reads: the live
-- check_interval_hours row, parsed, else 24. Recomputed from the table so a
-- removal, a hard delete or a renamed key is recorded too.
create function public.check_interval_in_force() returns integer
language sql
stable
set search_path = ''
as $$
  select public.setting_integer((select s.setting_value from public.tenant_settings s
                                  where s.setting_key = 'check_interval_hours' and s.deleted_at is null), 1, 168, 24)
$$;

-- Security definer: clients may change the setting but not write the history.
create function public.record_check_interval_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  in_force integer;
  latest public.check_interval_changes;
  at timestamptz := pg_catalog.clock_timestamp();
begin
  if not ((tg_op <> 'DELETE' and new.setting_key = 'check_interval_hours')
          or (tg_op <> 'INSERT' and old.setting_key = 'check_interval_hours')) then
    return null;
  end if;
  in_force := public.check_interval_in_force();
  select * into latest
    from public.check_interval_changes c
   order by c.effective_at desc, c.created_at desc
   limit 1;
  if latest.hours is not distinct from in_force then
    return null;
  end if;
  -- The clock, not the transaction's start, so changes stay in order. A
  -- second change at the same instant (the same transaction, on a clock
  -- that did not tick) replaces the first: no two rows share a time, so the
  -- latest row is always the one in force.
  if latest.id is not null and at <= latest.effective_at then
    update public.check_interval_changes set hours = in_force where id = latest.id;
  else
    insert into public.check_interval_changes (hours, effective_at) values (in_force, at);
  end if;
  return null;
end;
$$;

revoke all on function public.record_check_interval_change() from public;
revoke all on function public.check_interval_in_force() from public, anon;
grant execute on function public.check_interval_in_force() to authenticated, service_role;

create trigger tenant_settings_check_interval_history after insert or update or delete on public.tenant_settings
  for each row execute function public.record_check_interval_change();

-- The value in force now has been in force "from the beginning": there is no
-- older history to go on.
insert into public.check_interval_changes (hours, effective_at)
values (public.check_interval_in_force(), '2000-01-01T00:00:00Z');

-- Sweeps -----------------------------------------------------------------------

create table public.sweeps (
  id uuid primary key default gen_random_uuid(),
  campus_id uuid not null references public.campus (id) on delete restrict,
  kind text not null check (kind in ('lockdown_drill', 'fire_drill', 'lockup', 'other')),
  door_group text not null check (public.door_group_label_valid(door_group)),
  note text check (note is null or (length(note) between 1 and 500 and note = btrim(note))),
  started_at timestamptz not null default now(),
  started_by uuid,
  started_by_name text,
  ended_at timestamptz,
  ended_by uuid,
  ended_by_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ended_at is null or ended_at >= started_at)
);
create index sweeps_campus_started_idx on public.sweeps (campus_id, started_at desc);
-- At most one running sweep per campus: start_sweep turns a clash into a clear 409.
create unique index sweeps_one_running_per_campus on public.sweeps (campus_id) where ended_at is null;
create index sweeps_updated_at_id_idx on public.sweeps (updated_at, id);
alter table public.sweeps enable row level security;
revoke truncate on public.sweeps from anon, authenticated;

create trigger sweeps_set_updated_at before insert or update on public.sweeps
  for each row execute function public.set_updated_at();

create policy "signed-in users read sweeps" on public.sweeps
  for select to authenticated
  using ((select public.is_signed_in()));

create table public.sweep_doors (
  id uuid primary key default gen_random_uuid(),
  sweep_id uuid not null references public.sweeps (id) on delete cascade,
  door_id uuid not null references public.doors (id) on delete restrict,
  -- As it was at the start, so the sweep reads the same after a renumbering.
  door_number text not null,
  outcome text check (outcome in ('secured', 'problem')),
  door_log_id uuid references public.door_log (id) on delete set null,
  checked_at timestamptz,
  checked_by uuid,
  checked_by_name text,
  problem text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (sweep_id, door_id)
);
-- The door_log trigger looks a check's door up here on every check.
create index sweep_doors_door_id_idx on public.sweep_doors (door_id);
create index sweep_doors_door_log_id_idx on public.sweep_doors (door_log_id);
create index sweep_doors_updated_at_id_idx on public.sweep_doors (updated_at, id);
alter table public.sweep_doors enable row level security;
revoke truncate on public.sweep_doors from anon, authenticated;

create trigger sweep_doors_set_updated_at before insert or update on public.sweep_doors
  for each row execute function public.set_updated_at();

create policy "signed-in users read sweep doors" on public.sweep_doors
  for select to authenticated
  using ((select public.is_signed_in()));

-- No insert, update or delete policy on sweeps, sweep_doors or
-- check_interval_changes: the functions and triggers here write them.

-- What a check says about a door in a sweep. A failing check is the
-- maintenance trigger's failing check (door_check_fails: not operational, or a
-- problem other than blank, no or none), so a sweep and the work orders agree.
create function public.sweep_outcome(status text, problem text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when public.door_check_fails(status, problem) then 'problem' else 'secured' end
$$;

create function public.sweep_problem(status text, problem text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when public.door_check_fails(status, problem)
              then coalesce(nullif(pg_catalog.btrim(problem), ''), 'Door reported ' || pg_catalog.replace(coalesce(status, 'operational'), '_', ' '))
         end
$$;

revoke all on function public.sweep_outcome(text, text) from public, anon;
revoke all on function public.sweep_problem(text, text) from public, anon;
grant execute on function public.sweep_outcome(text, text) to authenticated, service_role;
grant execute on function public.sweep_problem(text, text) to authenticated, service_role;

create function public.start_sweep(p_campus_id uuid, p_kind text, p_door_group text, p_note text default null)
returns public.sweeps
language plpgsql
security definer
set search_path = ''
as $$
declare
  place record;
  v_label text := lower(btrim(coalesce(p_door_group, '')));
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  started public.sweeps;
begin
  if not public.has_any_role('security_admin', 'super_admin') then
    raise exception 'Only security admins and super admins start sweeps.' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('lockdown_drill', 'fire_drill', 'lockup', 'other') then
    raise exception 'Unknown sweep kind: use lockdown_drill, fire_drill, lockup or other.' using errcode = '22023';
  end if;
  if not public.door_group_label_valid(v_label) then
    raise exception 'A door group is 1 to 40 letters, digits, spaces, - or _.' using errcode = '22023';
  end if;
  if length(v_note) > 500 then
    raise exception 'Keep the note under 500 characters.' using errcode = '22023';
  end if;
  select c.active, c.deleted_at into place from public.campus c where c.id = p_campus_id;
  if not found or place.deleted_at is not null then
    raise exception 'Unknown campus.' using errcode = '22023';
  end if;
  if not place.active then
    raise exception 'This campus is inactive.' using errcode = '22023';
  end if;
  if not exists (
    select 1 from public.doors d
     where d.campus_id = p_campus_id and d.deleted_at is null and v_label = any (d.door_groups)
  ) then
    raise exception 'No doors of this group on this campus.' using errcode = '22023';
  end if;

  begin
    insert into public.sweeps (campus_id, kind, door_group, note, started_at, started_by, started_by_name)
    values (p_campus_id, p_kind, v_label, v_note, pg_catalog.now(), auth.uid(), public.session_user_name())
    returning * into started;
  exception when unique_violation then
    raise exception 'A sweep is already running on this campus.' using errcode = '23505';
  end;

  -- A check already stored with a time in the sweep (one that committed while
  -- this started) counts as it would have through the trigger. The share lock
  -- waits for checks being inserted right now and holds new ones until this
  -- commits: without it a check committing between this read and the commit
  -- would find no sweep_doors row for its trigger to fill, and be missed.
  lock table public.door_log in share mode;
  insert into public.sweep_doors (sweep_id, door_id, door_number, outcome, door_log_id, checked_at, checked_by,
                                  checked_by_name, problem)
  select started.id, d.id, d.door_number,
         case when l.id is not null then public.sweep_outcome(l.door_status, l.door_problem) end,
         l.id, l.created_at, l.user_id, public.user_name_of(l.user_id),
         case when l.id is not null then public.sweep_problem(l.door_status, l.door_problem) end
    from public.doors d
    left join lateral (
      select x.id, x.door_status, x.door_problem, x.created_at, x.user_id
        from public.door_log x
       where x.door_id = d.id and x.created_at >= started.started_at
       order by x.created_at desc
       limit 1
    ) l on true
   where d.campus_id = p_campus_id and d.deleted_at is null and v_label = any (d.door_groups);

  return started;
end;
$$;

create function public.end_sweep(p_sweep_id uuid) returns public.sweeps
language plpgsql
security definer
set search_path = ''
as $$
declare
  ended public.sweeps;
begin
  if not public.has_any_role('security_admin', 'super_admin') then
    raise exception 'Only security admins and super admins end sweeps.' using errcode = '42501';
  end if;
  -- Locked, so of two admins ending it at once the second is told it has ended.
  select * into ended from public.sweeps s where s.id = p_sweep_id for update;
  if not found then
    raise exception 'Unknown sweep.' using errcode = '22023';
  end if;
  if ended.ended_at is not null then
    raise exception 'This sweep has already ended.' using errcode = 'PT409';
  end if;
  update public.sweeps s
     set ended_at = greatest(pg_catalog.now(), s.started_at), ended_by = auth.uid(), ended_by_name = public.session_user_name()
   where s.id = p_sweep_id
  returning * into ended;
  return ended;
end;
$$;

revoke all on function public.start_sweep(uuid, text, text, text) from public, anon;
revoke all on function public.end_sweep(uuid) from public, anon;
grant execute on function public.start_sweep(uuid, text, text, text) to authenticated;
grant execute on function public.end_sweep(uuid) to authenticated;

-- A check fills its door's outcome in every sweep whose window holds its
-- trusted time (created_at, decision 013): from the start to the end, or
-- open while the sweep runs. A check recorded offline in the window counts
-- when it arrives, even after the sweep ended; the latest check in the window
-- wins, whatever order checks arrive in. Replays (on conflict do nothing)
-- insert nothing, so they are not in the statement's new rows. Once per
-- statement over its new rows, not once per row: a sync batch of 500 checks
-- costs one join (a row trigger's 500 calls added ~10 us to every check
-- synced). Security definer: no client may write sweep_doors. Every check
-- counts, whoever records it (officers, imports).
create function public.door_log_sweep_check() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.sweep_doors sd
     set outcome = public.sweep_outcome(n.door_status, n.door_problem),
         door_log_id = n.id,
         checked_at = n.created_at,
         checked_by = n.user_id,
         checked_by_name = public.user_name_of(n.user_id),
         problem = public.sweep_problem(n.door_status, n.door_problem)
    from (
      -- Of this statement's checks in a sweep's window, each sweep door's latest.
      select distinct on (d.id) d.id as sweep_door_id, l.id, l.door_status, l.door_problem, l.created_at, l.user_id
        from new_rows l
        join public.sweep_doors d on d.door_id = l.door_id
        join public.sweeps s on s.id = d.sweep_id
       where s.started_at <= l.created_at
         and (s.ended_at is null or l.created_at <= s.ended_at)
       order by d.id, l.created_at desc
    ) n
   where sd.id = n.sweep_door_id
     and (sd.checked_at is null or n.created_at >= sd.checked_at);
  return null;
end;
$$;

revoke all on function public.door_log_sweep_check() from public;

create trigger door_log_sweep_check after insert on public.door_log
  referencing new table as new_rows
  for each statement execute function public.door_log_sweep_check();
