-- Transportation: the 15 tables the product counts (vehicles, bus_drivers and
-- the 13 others). transportation_admin and super_admin read, create, change
-- and remove them; nobody else sees them (docs/rls-matrix.md). Removal is a
-- soft delete (deleted_at); hard delete is allowed to the same roles.
--
-- Students are identified by the school's student id (text): students are
-- not users of the product.

create table public.vehicles (
  id uuid primary key default gen_random_uuid(),
  vehicle_number text not null,
  make text,
  model text,
  year integer check (year between 1950 and 2100),
  license_plate text,
  vin text,
  active boolean not null default true,
  oil_change_date date,
  mileage integer check (mileage >= 0),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index vehicles_number_key on public.vehicles (lower(vehicle_number)) where deleted_at is null;

create table public.bus_drivers (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (length(trim(first_name)) > 0),
  last_name text not null check (length(trim(last_name)) > 0),
  license_number text not null check (length(trim(license_number)) > 0),
  phone text,
  email text,
  -- Set when the driver also signs in to the product.
  user_id uuid references public.users (id) on delete set null,
  license_expires_on date,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index bus_drivers_user_id_idx on public.bus_drivers (user_id);
create index bus_drivers_last_name_idx on public.bus_drivers (last_name);

create table public.vehicle_maintenance (
  id uuid primary key default gen_random_uuid(),
  vehicle_id uuid not null references public.vehicles (id) on delete cascade,
  service_type text not null,
  description text,
  service_date date not null default current_date,
  mileage integer check (mileage >= 0),
  cost_cents integer check (cost_cents >= 0),
  vendor text,
  next_due_date date,
  status text not null default 'completed' check (status in ('scheduled', 'in_progress', 'completed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index vehicle_maintenance_vehicle_id_idx on public.vehicle_maintenance (vehicle_id);

create table public.fuel_log (
  id uuid primary key default gen_random_uuid(),
  vehicle_id uuid not null references public.vehicles (id) on delete cascade,
  driver_id uuid references public.bus_drivers (id) on delete set null,
  fueled_at timestamptz not null default now(),
  gallons numeric(8, 3) not null check (gallons > 0),
  cost_cents integer check (cost_cents >= 0),
  odometer integer check (odometer >= 0),
  station text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index fuel_log_vehicle_id_idx on public.fuel_log (vehicle_id);
create index fuel_log_driver_id_idx on public.fuel_log (driver_id);

create table public.buses (
  id uuid primary key default gen_random_uuid(),
  bus_number text not null,
  vehicle_id uuid references public.vehicles (id) on delete set null,
  capacity integer check (capacity > 0),
  status text not null default 'in_service' check (status in ('in_service', 'maintenance', 'out_of_service')),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index buses_number_key on public.buses (lower(bus_number)) where deleted_at is null;
create index buses_vehicle_id_idx on public.buses (vehicle_id);

create table public.routes (
  id uuid primary key default gen_random_uuid(),
  route_number text not null,
  name text,
  description text,
  campus_id uuid references public.campus (id) on delete set null,
  bus_id uuid references public.buses (id) on delete set null,
  driver_id uuid references public.bus_drivers (id) on delete set null,
  direction text not null default 'both' check (direction in ('am', 'pm', 'both')),
  starts_at time,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index routes_campus_id_idx on public.routes (campus_id);
create index routes_bus_id_idx on public.routes (bus_id);
create index routes_driver_id_idx on public.routes (driver_id);

create table public.route_stops (
  id uuid primary key default gen_random_uuid(),
  route_id uuid not null references public.routes (id) on delete cascade,
  stop_order integer not null check (stop_order > 0),
  name text not null,
  address text,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  scheduled_time time,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index route_stops_route_id_idx on public.route_stops (route_id, stop_order);

create table public.bus_log (
  id uuid primary key default gen_random_uuid(),
  bus_id uuid not null references public.buses (id) on delete cascade,
  driver_id uuid references public.bus_drivers (id) on delete set null,
  route_id uuid references public.routes (id) on delete set null,
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  odometer_start integer check (odometer_start >= 0),
  odometer_end integer check (odometer_end >= 0),
  pre_trip_ok boolean,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (ended_at is null or ended_at >= started_at)
);
create index bus_log_bus_id_idx on public.bus_log (bus_id, started_at desc);
create index bus_log_driver_id_idx on public.bus_log (driver_id);
create index bus_log_route_id_idx on public.bus_log (route_id);

create table public.bus_pings (
  id uuid primary key default gen_random_uuid(),
  bus_id uuid not null references public.buses (id) on delete cascade,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  speed_mph real check (speed_mph >= 0),
  heading real check (heading >= 0 and heading < 360),
  recorded_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index bus_pings_bus_recorded_idx on public.bus_pings (bus_id, recorded_at desc);

create table public.route_stop_events (
  id uuid primary key default gen_random_uuid(),
  route_id uuid not null references public.routes (id) on delete cascade,
  route_stop_id uuid not null references public.route_stops (id) on delete cascade,
  bus_id uuid references public.buses (id) on delete set null,
  event_type text not null check (event_type in ('arrived', 'departed', 'skipped')),
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index route_stop_events_route_id_idx on public.route_stop_events (route_id, occurred_at desc);
create index route_stop_events_route_stop_id_idx on public.route_stop_events (route_stop_id);
create index route_stop_events_bus_id_idx on public.route_stop_events (bus_id);

create table public.user_bus_assignments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  bus_id uuid not null references public.buses (id) on delete cascade,
  starts_on date not null default current_date,
  ends_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index user_bus_assignments_user_id_idx on public.user_bus_assignments (user_id);
create index user_bus_assignments_bus_id_idx on public.user_bus_assignments (bus_id);

create table public.user_route_assignments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  route_id uuid not null references public.routes (id) on delete cascade,
  starts_on date not null default current_date,
  ends_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index user_route_assignments_user_id_idx on public.user_route_assignments (user_id);
create index user_route_assignments_route_id_idx on public.user_route_assignments (route_id);

create table public.student_routes (
  id uuid primary key default gen_random_uuid(),
  student_id text not null,
  student_name text not null,
  grade text,
  route_id uuid not null references public.routes (id) on delete cascade,
  route_stop_id uuid references public.route_stops (id) on delete set null,
  direction text not null default 'both' check (direction in ('am', 'pm', 'both')),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index student_routes_student_id_idx on public.student_routes (student_id);
create index student_routes_route_id_idx on public.student_routes (route_id);
create index student_routes_route_stop_id_idx on public.student_routes (route_stop_id);

create table public.student_ride_events (
  id uuid primary key default gen_random_uuid(),
  student_id text not null,
  student_name text,
  route_id uuid references public.routes (id) on delete set null,
  bus_id uuid references public.buses (id) on delete set null,
  route_stop_id uuid references public.route_stops (id) on delete set null,
  event_type text not null check (event_type in ('boarded', 'exited')),
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index student_ride_events_student_id_idx on public.student_ride_events (student_id, occurred_at desc);
create index student_ride_events_route_id_idx on public.student_ride_events (route_id);
create index student_ride_events_bus_id_idx on public.student_ride_events (bus_id);
create index student_ride_events_route_stop_id_idx on public.student_ride_events (route_stop_id);

-- Students who drive themselves to school (the parking side reads them too).
create table public.student_drivers (
  id uuid primary key default gen_random_uuid(),
  student_id text not null,
  student_name text not null,
  grade text,
  license_number text,
  vehicle_make text,
  vehicle_model text,
  license_plate text,
  approved boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index student_drivers_student_id_idx on public.student_drivers (student_id);

-- Same RLS, triggers, keyset index and four policies on every transportation
-- table, generated so they cannot drift apart.
do $$
declare
  t text;
begin
  foreach t in array array['vehicles', 'bus_drivers', 'vehicle_maintenance', 'fuel_log', 'buses', 'routes',
    'route_stops', 'bus_log', 'bus_pings', 'route_stop_events', 'user_bus_assignments',
    'user_route_assignments', 'student_routes', 'student_ride_events', 'student_drivers'] loop
    execute format('alter table public.%1$I enable row level security', t);
    execute format('create index %1$s_updated_at_id_idx on public.%1$I (updated_at, id)', t);
    execute format(
      'create trigger %1$s_guard_soft_delete before insert or update on public.%1$I
         for each row execute function public.guard_soft_delete(''transportation_admin'', ''super_admin'')', t);
    execute format(
      'create trigger %1$s_set_updated_at before insert or update on public.%1$I
         for each row execute function public.set_updated_at()', t);
    execute format(
      'create policy "transportation admins read %1$s" on public.%1$I
         for select to authenticated
         using ((select public.has_any_role(''transportation_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "transportation admins create %1$s" on public.%1$I
         for insert to authenticated
         with check ((select public.has_any_role(''transportation_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "transportation admins update %1$s" on public.%1$I
         for update to authenticated
         using ((select public.has_any_role(''transportation_admin'', ''super_admin'')))
         with check ((select public.has_any_role(''transportation_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "transportation admins delete %1$s" on public.%1$I
         for delete to authenticated
         using ((select public.has_any_role(''transportation_admin'', ''super_admin'')))', t);
  end loop;
end;
$$;
