-- Door checks open and close maintenance records (DESIGN §11).
--
-- A failing check (door_status maintenance or out_of_service, or a
-- door_problem that is not empty, no or none) opens one maintenance record
-- for that door, with source_door_log_id pointing at the check, unless the
-- door already has an open auto-opened record (one per open problem, not one
-- per check). A passing check (operational, no problem) resolves the door's
-- open auto-opened records whose source check is older than it.
--
-- Replays are idempotent: the client sends door_log inserts with
-- `on conflict do nothing`, and an AFTER INSERT row trigger does not fire for
-- a row that was not inserted. Checks arrive out of order when officers sync
-- late, so times compare created_at (the officer's time), not arrival:
--   * a failing check older than the door's latest passing check is recorded
--     already resolved (the problem was seen, and fixed since);
--   * a passing check only resolves records opened by older checks.
-- Two checks of one door committing at once are serialised by a transaction
-- advisory lock on the door, so they never open two records.
--
-- Only checks recorded through the API (authenticated, service_role) open
-- records; the database owner's imports (the demo seed) bring their own.
-- The function is security definer because an officer may create but not
-- update maintenance records (docs/rls-matrix.md); it touches nothing but
-- the records of the checked door.

create function public.door_check_fails(status text, problem text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(status, 'operational') in ('maintenance', 'out_of_service')
      or coalesce(lower(trim(problem)), '') not in ('', 'no', 'none')
$$;

create function public.door_log_maintenance() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  open_id uuid;
  later_pass boolean;
  label text;
begin
  -- The caller's API role (current_user is the owner inside security definer).
  if coalesce(auth.role(), '') not in ('authenticated', 'service_role') then
    return null;
  end if;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('door_log_maintenance:' || new.door_id::text, 0));

  if public.door_check_fails(new.door_status, new.door_problem) then
    select m.id into open_id
      from public.maintenance_records m
     where m.door_id = new.door_id
       and m.source_door_log_id is not null
       and m.status in ('open', 'in_progress')
     limit 1;
    if open_id is not null then
      return null;
    end if;

    select exists (
      select 1 from public.door_log l
       where l.door_id = new.door_id
         and l.id <> new.id
         and l.created_at > new.created_at
         and not public.door_check_fails(l.door_status, l.door_problem)
    ) into later_pass;

    select d.door_number || coalesce(' (' || c.campus_name || ')', '')
      into label
      from public.doors d
      left join public.campus c on c.id = d.campus_id
     where d.id = new.door_id;

    insert into public.maintenance_records
      (door_id, door_name, issue_type, description, priority, status, source_door_log_id,
       created_by, resolution_notes, resolved_at, created_at)
    values (
      new.door_id,
      label,
      'door_check',
      coalesce(nullif(trim(new.door_problem), ''), 'Door reported ' || replace(new.door_status, '_', ' ')),
      case when new.door_status = 'out_of_service' then 'high' else 'medium' end,
      case when later_pass then 'resolved' else 'open' end,
      new.id,
      new.user_id,
      case when later_pass then 'Passed a later door check' end,
      case when later_pass then pg_catalog.now() end,
      new.created_at
    );
  else
    update public.maintenance_records m
       set status = 'resolved',
           resolution_notes = coalesce(m.resolution_notes, 'Passed a door check'),
           resolved_at = pg_catalog.now()
      from public.door_log src
     where m.door_id = new.door_id
       and m.source_door_log_id = src.id
       and m.status in ('open', 'in_progress')
       and src.created_at < new.created_at;
  end if;
  return null;
end;
$$;

revoke all on function public.door_log_maintenance() from public;

create trigger door_log_maintenance after insert on public.door_log
  for each row execute function public.door_log_maintenance();
