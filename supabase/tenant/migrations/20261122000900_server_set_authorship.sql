-- Records nobody can forge or hide (DESIGN §6, docs/rls-matrix.md).
--
-- Authorship comes from the session, never from the body. For an API caller
-- (anon, authenticated) the server sets:
--   door_log.user_id                  the signed-in user (20261122000800)
--   maintenance_records.created_by    the signed-in user (a support session:
--                                     its subject, the staff member's id)
--   incidents.reported_by             the signed-in user (support: none)
--   incidents.reported_by_name        that user's name from their users row
--                                     (support: 'Support')
--   incidents.assigned_to_name        the assignee's name from their users row
-- and none of them changes on update. Values a client sends are overridden,
-- not refused: an installed app on an older bundle still sends them in
-- queued writes, and a refusal would leave the officer only "discard".
-- Admins do not file on someone else's behalf: the reporter is who entered
-- the report (a report phoned in is described in its text), because the
-- database cannot tell a real on-behalf report from a forged one.
-- The service role and the database owner (imports, the demo seed) keep
-- setting these columns as given.
--
-- Transportation and parking tables have no authorship column: their user
-- and driver columns (bus_drivers.user_id, user_*_assignments.user_id,
-- *.driver_id) name who a row is about, chosen by the admins who manage
-- them, not who wrote it.
--
-- Nobody can hide a failing check. A check opens a record only when its door
-- has no open record that a check opened (20261122000600); before this an
-- officer could file an open record pointing at a check, assigned to
-- themselves, and close it as its assignee. Now:
--   * only the door-check trigger sets source_door_log_id (an API caller's
--     value is dropped on insert and kept unchanged on update), so a record
--     someone files by hand is never taken for an automatic one;
--   * a non-admin's new record is unassigned (admins assign);
--   * a record a check opened is resolved only by a passing check (the
--     trigger) or security_admin/super_admin (support sessions act as
--     super_admin); the assignee may work on it (in_progress, notes) but
--     gets 42501 for resolving it: a queued resolve cannot be overridden
--     into something the officer meant;
--   * a non-admin cannot move a record to another door.

create function public.session_user_name() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when public.is_support_session() then 'Support'
    else (
      select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
        from public.users u
       where u.id = auth.uid()
    )
  end
$$;

create function public.user_name_of(user_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
    from public.users u
   where u.id = user_id
$$;

revoke all on function public.session_user_name() from public;
revoke all on function public.user_name_of(uuid) from public;
grant execute on function public.session_user_name() to authenticated;
grant execute on function public.user_name_of(uuid) to authenticated;

create function public.incidents_authorship() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.reported_by := case when public.is_support_session() then null else auth.uid() end;
    new.reported_by_name := public.session_user_name();
  else
    new.reported_by := old.reported_by;
    new.reported_by_name := old.reported_by_name;
  end if;
  if new.assigned_to is not null then
    new.assigned_to_name := public.user_name_of(new.assigned_to);
  elsif tg_op = 'INSERT' or old.assigned_to is not null then
    new.assigned_to_name := null;
  end if;
  return new;
end;
$$;

revoke all on function public.incidents_authorship() from public;

-- Named to fire before incident_starts_reported and the updated_at stamp.
create trigger incidents_a_authorship before insert or update on public.incidents
  for each row execute function public.incidents_authorship();

-- Reporters are now always the session; the insert policy says so too
-- (after the trigger, this only refuses callers who are not signed in).
drop policy "signed-in users report incidents" on public.incidents;

create policy "signed-in users report incidents" on public.incidents
  for insert to authenticated
  with check (
    (select public.is_signed_in())
    and reported_by is not distinct from (
      case when (select public.is_support_session()) then null else (select auth.uid()) end
    )
    and (
      (select public.has_any_role('security_admin', 'super_admin'))
      or status = 'reported'
    )
  );

create function public.maintenance_records_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean;
begin
  if not public.is_api_caller() then
    return new;
  end if;
  admin := public.has_any_role('security_admin', 'super_admin');
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.source_door_log_id := null;
    if not admin then
      new.assigned_to := null;
    end if;
    return new;
  end if;

  new.created_by := old.created_by;
  new.source_door_log_id := old.source_door_log_id;
  if admin then
    return new;
  end if;
  new.door_id := old.door_id;
  if old.source_door_log_id is not null
     and new.status = 'resolved'
     and old.status is distinct from 'resolved' then
    raise exception 'a record a door check opened is resolved by a passing check or a security admin'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function public.maintenance_records_guard() from public;

create trigger maintenance_records_a_guard before insert or update on public.maintenance_records
  for each row execute function public.maintenance_records_guard();

-- Records filed before this migration may point at a check of another door
-- (only a hand-made record could): they are hand-made, so they stop
-- counting as automatic.
update public.maintenance_records m
   set source_door_log_id = null
  from public.door_log l
 where l.id = m.source_door_log_id
   and l.door_id is distinct from m.door_id;
