-- Door checks (door_log), maintenance records and incidents
-- (docs/rls-matrix.md):
--   door_log             every signed-in user reads it and records checks as
--                        themselves; nobody changes or removes a check
--                        (append-only: corrections are new entries). Support
--                        sessions read but do not record checks: a check is an
--                        officer's own record and needs their users row.
--   maintenance_records  every signed-in user reads and creates; security_admin,
--                        super_admin and the assignee change; nobody removes
--                        (records are resolved, not deleted).
--   incidents            every signed-in user reads and creates; security_admin
--                        and super_admin change, and the reporter while the
--                        status is still 'reported'; super_admin removes.
--
-- door_log keeps both times of a check: created_at is when the officer
-- recorded it (the device's clock, sent by the client) and received_at is
-- when the server got it, set here for every API request so no client can
-- choose it, and never changed afterwards.

create table public.door_log (
  id uuid primary key default gen_random_uuid(),
  door_id uuid not null references public.doors (id) on delete restrict,
  user_id uuid references public.users (id) on delete set null,
  -- The campus name when the check was recorded, as the report shows it.
  campus text,
  door_status text not null default 'operational' check (door_status in ('operational', 'maintenance', 'out_of_service')),
  door_problem text,
  maintenance text,
  notes text,
  created_at timestamptz not null default now(),
  received_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index door_log_door_created_idx on public.door_log (door_id, created_at desc);
create index door_log_user_id_idx on public.door_log (user_id);
create index door_log_created_at_idx on public.door_log (created_at desc);
create index door_log_updated_at_id_idx on public.door_log (updated_at, id);
alter table public.door_log enable row level security;

create function public.door_log_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if tg_op = 'INSERT' then
    -- The server (imports, demo seeds) may record when it received a check;
    -- a client never can.
    if public.is_api_caller() or new.received_at is null then
      new.received_at := now();
    end if;
  else
    new.received_at := old.received_at;
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

create trigger door_log_stamp before insert or update on public.door_log
  for each row execute function public.door_log_stamp();

create policy "signed-in users read door logs" on public.door_log
  for select to authenticated
  using ((select public.is_signed_in()));

create policy "signed-in users record checks as themselves" on public.door_log
  for insert to authenticated
  with check (
    (select public.is_signed_in())
    and not (select public.is_support_session())
    and user_id = (select auth.uid())
  );

-- No update or delete policy: door logs are append-only.

create table public.maintenance_records (
  id uuid primary key default gen_random_uuid(),
  door_id uuid references public.doors (id) on delete restrict,
  door_name text,
  issue_type text,
  description text,
  priority text not null default 'medium' check (priority in ('high', 'medium', 'low')),
  status text not null default 'open' check (status in ('open', 'in_progress', 'resolved')),
  assigned_to uuid references public.users (id) on delete set null,
  -- The failing check that opened this record, when one did.
  source_door_log_id uuid references public.door_log (id) on delete set null,
  created_by uuid default auth.uid(),
  resolution_notes text,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index maintenance_records_door_id_idx on public.maintenance_records (door_id);
create index maintenance_records_assigned_to_idx on public.maintenance_records (assigned_to);
create index maintenance_records_source_door_log_idx on public.maintenance_records (source_door_log_id);
create index maintenance_records_status_idx on public.maintenance_records (status);
create index maintenance_records_updated_at_id_idx on public.maintenance_records (updated_at, id);
alter table public.maintenance_records enable row level security;

-- resolved_at follows status, so reports never see a resolved record without it.
create function public.stamp_resolved_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'resolved' and (tg_op = 'INSERT' or old.status is distinct from 'resolved') then
    new.resolved_at := coalesce(new.resolved_at, now());
  elsif new.status <> 'resolved' then
    new.resolved_at := null;
  end if;
  return new;
end;
$$;

create trigger maintenance_records_stamp_resolved_at before insert or update on public.maintenance_records
  for each row execute function public.stamp_resolved_at();
create trigger maintenance_records_set_updated_at before insert or update on public.maintenance_records
  for each row execute function public.set_updated_at();

create policy "signed-in users read maintenance records" on public.maintenance_records
  for select to authenticated
  using ((select public.is_signed_in()));

create policy "signed-in users create maintenance records" on public.maintenance_records
  for insert to authenticated
  with check ((select public.is_signed_in()));

-- The assignee works on the record but cannot hand it to someone else.
create policy "security admins and the assignee update maintenance records" on public.maintenance_records
  for update to authenticated
  using (
    (select public.has_any_role('security_admin', 'super_admin'))
    or (assigned_to = (select auth.uid()) and (select public.is_signed_in()))
  )
  with check (
    (select public.has_any_role('security_admin', 'super_admin'))
    or (assigned_to = (select auth.uid()) and (select public.is_signed_in()))
  );

-- No delete policy: maintenance records are resolved, not removed.

create table public.incidents (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  description text not null check (length(trim(description)) > 0),
  severity text not null default 'medium' check (severity in ('low', 'medium', 'high', 'critical')),
  status text not null default 'reported' check (status in ('reported', 'investigating', 'resolved', 'closed')),
  reported_by uuid references public.users (id) on delete set null,
  reported_by_name text,
  reported_at timestamptz not null default now(),
  location text,
  campus_id uuid references public.campus (id) on delete set null,
  campus_name text,
  assigned_to uuid references public.users (id) on delete set null,
  assigned_to_name text,
  resolution_notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index incidents_reported_by_idx on public.incidents (reported_by);
create index incidents_assigned_to_idx on public.incidents (assigned_to);
create index incidents_campus_id_idx on public.incidents (campus_id);
create index incidents_status_idx on public.incidents (status);
create index incidents_updated_at_id_idx on public.incidents (updated_at, id);
alter table public.incidents enable row level security;

create trigger incidents_guard_soft_delete before insert or update on public.incidents
  for each row execute function public.guard_soft_delete('super_admin');
create trigger incidents_set_updated_at before insert or update on public.incidents
  for each row execute function public.set_updated_at();

create policy "signed-in users read incidents" on public.incidents
  for select to authenticated
  using ((select public.is_signed_in()));

-- Anyone reports as themselves; admins may also record a report on someone's behalf.
create policy "signed-in users report incidents" on public.incidents
  for insert to authenticated
  with check (
    (select public.is_signed_in())
    and (
      reported_by is null
      or reported_by = (select auth.uid())
      or (select public.has_any_role('security_admin', 'super_admin'))
    )
  );

create policy "security admins and the reporter update incidents" on public.incidents
  for update to authenticated
  using (
    (select public.has_any_role('security_admin', 'super_admin'))
    or (reported_by = (select auth.uid()) and status = 'reported' and (select public.is_signed_in()))
  )
  with check (
    (select public.has_any_role('security_admin', 'super_admin'))
    or (reported_by = (select auth.uid()) and status = 'reported' and (select public.is_signed_in()))
  );

create policy "super admins delete incidents" on public.incidents
  for delete to authenticated
  using ((select public.has_any_role('super_admin')));
