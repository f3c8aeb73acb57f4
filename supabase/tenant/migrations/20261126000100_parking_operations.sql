-- Student parking in use (issue 15, decision 025).
--
--   plate_key      parking_permits and parking_violations: the plate as it is
--                  matched (capitals, no spaces, dashes, dots or underscores),
--                  set here from license_plate whatever the client sent; the
--                  plate itself is kept as entered. Devices index it for the
--                  lot lookup.
--   one active permit per plate and per spot: a permit that is active and not
--                  past its end date refuses another such permit for the same
--                  plate or the same spot (23505, a clear message).
--   recorded_by, resolved_by, resolved_at on parking_violations: set from the
--                  session, never taken from the request.
--   officers       regular_user reads permits and violations (the plate
--                  lookup in the lot) and writes violations as themselves; they
--                  may correct their own while it is open, never resolve or
--                  remove one, and never touch permits.
--   settings       office_staff may set the parking_% tenant settings (the
--                  violation types); security and super admins already may.

-- The spaces are listed one by one, as the app lists them (src/features/
-- student-parking/parking-rules.ts): [[:space:]] and JavaScript's \s differ,
-- and pasted plates bring no-break, thin and zero-width spaces and dashes.
create function public.parking_plate_key(plate text) returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(upper(regexp_replace(coalesce(plate, ''),
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff._\u2010-\u2015\u2212-]+', '', 'g')), '')
$$;

create function public.parking_spot_key(spot text) returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(upper(regexp_replace(coalesce(spot, ''),
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+', '', 'g')), '')
$$;

alter table public.parking_permits add column plate_key text;
alter table public.parking_violations
  add column plate_key text,
  -- No foreign keys: a support session records as its staff member, who is no tenant user.
  add column recorded_by uuid,
  add column resolved_by uuid;

create index parking_permits_plate_key_idx on public.parking_permits (plate_key);
create index parking_permits_spot_key_idx on public.parking_permits (public.parking_spot_key(parking_spot_number));
create index parking_violations_plate_key_idx on public.parking_violations (plate_key);

-- A permit counts against another while it is active, not removed and not past its end.
create function public.parking_permit_in_force(status text, expires_on date, deleted_at timestamptz) returns boolean
language sql
stable
set search_path = ''
as $$
  select status = 'active' and deleted_at is null and (expires_on is null or expires_on >= current_date)
$$;

-- Security invoker: the clash is looked for among the permits the writer
-- may read, so a caller without parking access learns nothing from it (RLS
-- then refuses the write); parking staff read every permit.
create function public.parking_permits_prepare() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  clash record;
begin
  new.plate_key := public.parking_plate_key(new.license_plate);
  if not public.parking_permit_in_force(new.status, new.expires_on, new.deleted_at) then
    return new;
  end if;
  -- Compared with the old plate, not the old key: the backfill below sets keys on
  -- rows that may already clash (nothing refused them before), and must not fail.
  if tg_op = 'UPDATE'
     and public.parking_permit_in_force(old.status, old.expires_on, old.deleted_at)
     and new.plate_key is not distinct from public.parking_plate_key(old.license_plate)
     and public.parking_spot_key(new.parking_spot_number) is not distinct from public.parking_spot_key(old.parking_spot_number) then
    return new;
  end if;
  -- Two devices syncing permits for one plate at once must not both pass the check.
  perform pg_advisory_xact_lock(hashtext('parking_permit_plate:' || coalesce(new.plate_key, '')));
  select license_plate into clash
    from public.parking_permits p
   where p.id <> new.id and p.plate_key = new.plate_key
     and public.parking_permit_in_force(p.status, p.expires_on, p.deleted_at)
   limit 1;
  if found then
    raise exception 'Another active permit already has the plate %', clash.license_plate using errcode = '23505';
  end if;
  if public.parking_spot_key(new.parking_spot_number) is not null then
    perform pg_advisory_xact_lock(hashtext('parking_permit_spot:' || public.parking_spot_key(new.parking_spot_number)));
    select parking_spot_number into clash
      from public.parking_permits p
     where p.id <> new.id
       and public.parking_spot_key(p.parking_spot_number) = public.parking_spot_key(new.parking_spot_number)
       and public.parking_permit_in_force(p.status, p.expires_on, p.deleted_at)
     limit 1;
    if found then
      raise exception 'Spot % already has an active permit', clash.parking_spot_number using errcode = '23505';
    end if;
  end if;
  return new;
end;
$$;
create trigger parking_permits_prepare before insert or update on public.parking_permits
  for each row execute function public.parking_permits_prepare();

create function public.parking_violations_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.plate_key := public.parking_plate_key(new.license_plate);
  if public.is_api_caller() then
    if tg_op = 'INSERT' then
      new.recorded_by := auth.uid();
      new.resolved_by := null;
      new.resolved_at := null;
    else
      new.recorded_by := old.recorded_by;
      new.resolved_by := old.resolved_by;
      new.resolved_at := old.resolved_at;
    end if;
  end if;
  if new.status = 'resolved' and (tg_op = 'INSERT' or old.status is distinct from 'resolved') then
    new.resolved_at := coalesce(new.resolved_at, now());
    if public.is_api_caller() then
      new.resolved_by := auth.uid();
    end if;
  elsif new.status = 'open' then
    new.resolved_at := null;
    new.resolved_by := null;
  end if;
  return new;
end;
$$;
create trigger parking_violations_stamp before insert or update on public.parking_violations
  for each row execute function public.parking_violations_stamp();

-- Existing rows get their keys (and a new updated_at, so devices pull them again).
update public.parking_permits set plate_key = public.parking_plate_key(license_plate);
update public.parking_violations set plate_key = public.parking_plate_key(license_plate);

-- Officers in the lot (decision 025).
create policy "officers read parking_permits" on public.parking_permits
  for select to authenticated
  using ((select public.has_any_role('regular_user')));
create policy "officers read parking_violations" on public.parking_violations
  for select to authenticated
  using ((select public.has_any_role('regular_user')));
create policy "officers write parking_violations" on public.parking_violations
  for insert to authenticated
  with check ((select public.has_any_role('regular_user')) and status = 'open' and deleted_at is null);
create policy "officers correct their open parking_violations" on public.parking_violations
  for update to authenticated
  using ((select public.has_any_role('regular_user')) and recorded_by = (select auth.uid()) and status = 'open')
  with check ((select public.has_any_role('regular_user')) and recorded_by = (select auth.uid()) and status = 'open');

-- The parking screens' own settings (the violation types) are the parking staff's.
create policy "parking staff create parking settings" on public.tenant_settings
  for insert to authenticated
  with check (setting_key like 'parking\_%' and (select public.has_any_role('office_staff', 'security_admin', 'super_admin')));
create policy "parking staff update parking settings" on public.tenant_settings
  for update to authenticated
  using (setting_key like 'parking\_%' and (select public.has_any_role('office_staff', 'security_admin', 'super_admin')))
  with check (setting_key like 'parking\_%' and (select public.has_any_role('office_staff', 'security_admin', 'super_admin')));
