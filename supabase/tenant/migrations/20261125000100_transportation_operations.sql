-- Transportation operations (issue 14, decision 024): service due, pre-trip
-- inspections, evacuation drills, and what a driver's phone may read and write.
--
--   vehicles.oil_change_mileage        the odometer at the last oil change, so
--                                      "3,000 miles since" can be judged.
--   vehicle_maintenance.status 'open'  a defect waiting for someone (a failed
--                                      pre-trip item opens one); bus_log_id
--                                      names the inspection that opened it.
--   bus_log.kind                       trip, pre_trip (the daily inspection),
--                                      drill or evacuation; details holds the
--                                      inspection's items or the drill's roster
--                                      size; recorded_by is set from the session.
--   student_ride_events                'accounted_for' and 'absent' marks of a
--                                      drill (bus_log_id names it); recorded_by
--                                      from the session.
--
-- Drivers: a tenant user linked to a bus_drivers row (bus_drivers.user_id),
-- or assigned to a bus or route (user_bus_assignments, user_route_assignments,
-- current by date), reads those buses, their routes, stops and riders, and
-- records inspections, drills and ride events on those buses. Nothing else of
-- the fleet. The admins' policies from 20261122000400 stay as they were.

alter table public.vehicles
  add column oil_change_mileage integer check (oil_change_mileage >= 0);

alter table public.vehicle_maintenance drop constraint vehicle_maintenance_status_check;
alter table public.vehicle_maintenance
  add constraint vehicle_maintenance_status_check check (status in ('open', 'scheduled', 'in_progress', 'completed'));

alter table public.bus_log
  add column kind text not null default 'trip' check (kind in ('trip', 'pre_trip', 'drill', 'evacuation')),
  add column details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  -- No foreign key: a support session records as its staff member, who is no tenant user.
  add column recorded_by uuid;
create index bus_log_kind_idx on public.bus_log (kind, started_at desc);

alter table public.vehicle_maintenance
  add column bus_log_id uuid references public.bus_log (id) on delete set null;
create index vehicle_maintenance_bus_log_id_idx on public.vehicle_maintenance (bus_log_id);

alter table public.student_ride_events drop constraint student_ride_events_event_type_check;
alter table public.student_ride_events
  add constraint student_ride_events_event_type_check check (event_type in ('boarded', 'exited', 'accounted_for', 'absent')),
  add column bus_log_id uuid references public.bus_log (id) on delete cascade,
  add column recorded_by uuid;
create index student_ride_events_bus_log_id_idx on public.student_ride_events (bus_log_id);

-- An inspection item failed: {"items": [{"key", "label", "ok": false, "note"}]}.
create function public.inspection_failures(details jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(coalesce(i ->> 'label', i ->> 'key', 'item') || coalesce(': ' || nullif(btrim(i ->> 'note'), ''), ''), '; ')
    from jsonb_array_elements(case when jsonb_typeof(details -> 'items') = 'array' then details -> 'items' else '[]'::jsonb end) as i
   where (i ->> 'ok') = 'false'
$$;
revoke all on function public.inspection_failures(jsonb) from public;
grant execute on function public.inspection_failures(jsonb) to anon, authenticated, service_role;

-- The buses, routes and driver rows the signed-in user works on. Security
-- definer: the policies below call them, and they read tables whose own RLS
-- would hide the rows (or recurse). Only a signed-in user (active, not
-- removed) has any: a deactivated driver's still valid token gets nothing.
create function public.my_bus_driver_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select d.id from public.bus_drivers d
   where d.user_id = auth.uid() and d.active and d.deleted_at is null and public.is_signed_in()
$$;

create function public.my_route_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.id from public.routes r
   where r.deleted_at is null and r.active and public.is_signed_in()
     and (r.driver_id in (select public.my_bus_driver_ids())
       or exists (select 1 from public.user_route_assignments a
                   where a.route_id = r.id and a.user_id = auth.uid() and a.deleted_at is null
                     and a.starts_on <= current_date and (a.ends_on is null or a.ends_on >= current_date))
       or exists (select 1 from public.user_bus_assignments a
                   where a.bus_id = r.bus_id and a.user_id = auth.uid() and a.deleted_at is null
                     and a.starts_on <= current_date and (a.ends_on is null or a.ends_on >= current_date)))
$$;

create function public.my_bus_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.bus_id from public.routes r
   where r.id in (select public.my_route_ids()) and r.bus_id is not null
  union
  select a.bus_id from public.user_bus_assignments a
   where a.user_id = auth.uid() and a.deleted_at is null and public.is_signed_in()
     and a.starts_on <= current_date and (a.ends_on is null or a.ends_on >= current_date)
$$;

revoke all on function public.my_bus_driver_ids() from public;
revoke all on function public.my_route_ids() from public;
revoke all on function public.my_bus_ids() from public;
grant execute on function public.my_bus_driver_ids() to authenticated, service_role;
grant execute on function public.my_route_ids() to authenticated, service_role;
grant execute on function public.my_bus_ids() to authenticated, service_role;

create function public.is_transport_admin() returns boolean
language sql
stable
set search_path = ''
as $$
  select public.has_any_role('transportation_admin', 'super_admin')
$$;

-- Who recorded an inspection, drill or mark is the session's; a driver edits
-- only the end, the notes and the details of a record they made.
create function public.bus_log_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_api_caller() then
    if tg_op = 'INSERT' then
      new.recorded_by := auth.uid();
    else
      new.recorded_by := old.recorded_by;
      if not public.is_transport_admin() then
        new.bus_id := old.bus_id;
        new.route_id := old.route_id;
        new.driver_id := old.driver_id;
        new.kind := old.kind;
        new.started_at := old.started_at;
        -- A failed inspection stays failed: the record it opened is the admins' to close.
        if old.kind = 'pre_trip' then
          new.details := old.details;
          new.odometer_start := old.odometer_start;
        end if;
      end if;
    end if;
  end if;
  if new.kind = 'pre_trip' then
    new.pre_trip_ok := public.inspection_failures(new.details) is null;
  end if;
  return new;
end;
$$;
create trigger bus_log_stamp before insert or update on public.bus_log
  for each row execute function public.bus_log_stamp();

create function public.student_ride_events_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_api_caller() then
    new.recorded_by := case when tg_op = 'INSERT' then auth.uid() else old.recorded_by end;
  end if;
  return new;
end;
$$;
create trigger student_ride_events_stamp before insert or update on public.student_ride_events
  for each row execute function public.student_ride_events_stamp();

-- A failed pre-trip item opens a vehicle maintenance record, as a failing
-- door check opens a work order. Security definer: a driver records the
-- inspection but may not write vehicle_maintenance. A replayed inspection
-- (insert ... on conflict do nothing) inserts no row, so no second record.
create function public.bus_log_inspection_maintenance() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  failed text := public.inspection_failures(new.details);
  vehicle uuid;
begin
  if new.kind <> 'pre_trip' or failed is null then
    return null;
  end if;
  select b.vehicle_id into vehicle from public.buses b where b.id = new.bus_id;
  if vehicle is null then
    return null;
  end if;
  insert into public.vehicle_maintenance (vehicle_id, service_type, description, service_date, mileage, status, bus_log_id)
  values (vehicle, 'pre_trip_defect', 'Pre-trip inspection failed: ' || failed, (new.started_at at time zone 'utc')::date,
          new.odometer_start, 'open', new.id);
  return null;
end;
$$;
create trigger bus_log_inspection_maintenance after insert on public.bus_log
  for each row execute function public.bus_log_inspection_maintenance();

-- Drivers' policies (permissive: they add to the admins' own).
create policy "drivers read their own driver record" on public.bus_drivers
  for select to authenticated using (user_id = (select auth.uid()) and (select public.is_signed_in()));
create policy "drivers read their assignments" on public.user_bus_assignments
  for select to authenticated using (user_id = (select auth.uid()) and (select public.is_signed_in()));
create policy "drivers read their route assignments" on public.user_route_assignments
  for select to authenticated using (user_id = (select auth.uid()) and (select public.is_signed_in()));
create policy "drivers read their buses" on public.buses
  for select to authenticated using (id in (select public.my_bus_ids()));
create policy "drivers read their routes" on public.routes
  for select to authenticated using (id in (select public.my_route_ids()));
create policy "drivers read their stops" on public.route_stops
  for select to authenticated using (route_id in (select public.my_route_ids()));
create policy "drivers read their riders" on public.student_routes
  for select to authenticated using (route_id in (select public.my_route_ids()));
create policy "drivers read their bus log" on public.bus_log
  for select to authenticated using (bus_id in (select public.my_bus_ids()));
create policy "drivers record on their buses" on public.bus_log
  for insert to authenticated
  with check (bus_id in (select public.my_bus_ids())
    and kind in ('pre_trip', 'drill', 'evacuation', 'trip')
    -- The route and driver it names are theirs too (a driver assigned to the bus alone names no driver).
    and (route_id is null or route_id in (select public.my_route_ids()))
    and (driver_id is null or driver_id in (select public.my_bus_driver_ids())));
create policy "drivers finish what they recorded" on public.bus_log
  for update to authenticated
  using (recorded_by = (select auth.uid()) and bus_id in (select public.my_bus_ids()))
  with check (recorded_by = (select auth.uid()) and bus_id in (select public.my_bus_ids()));
create policy "drivers read ride events on their buses" on public.student_ride_events
  for select to authenticated using (bus_id in (select public.my_bus_ids()));
create policy "drivers record ride events on their buses" on public.student_ride_events
  for insert to authenticated with check (bus_id in (select public.my_bus_ids()));

-- The fleet's own settings (the oil change interval) are the transportation
-- admins' to change, not only the security admins' (the other settings stay theirs).
create policy "transportation admins create transport settings" on public.tenant_settings
  for insert to authenticated
  with check (setting_key like 'transport\_%' and (select public.is_transport_admin()));
create policy "transportation admins update transport settings" on public.tenant_settings
  for update to authenticated
  using (setting_key like 'transport\_%' and (select public.is_transport_admin()))
  with check (setting_key like 'transport\_%' and (select public.is_transport_admin()));
