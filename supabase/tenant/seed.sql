-- Demo data for lincoln-isd (Lincoln Independent School District, Lincoln,
-- Texas): two campuses, 44 doors, three weeks of door checks ending now,
-- maintenance records opened by failing checks, incidents, door conditions,
-- settings, transportation and student parking.
--
-- Run as the database owner after the demo auth accounts exist (seed.ts
-- creates them; on a hosted project create them in the dashboard first).
-- Times are relative to now(), so a fresh seed always looks current.

insert into public.users (id, email, first_name, last_name, phone, department, role, tenant_slug,
                          organization_email_domain, require_password_change, last_sign_in_at)
select a.id, v.email, v.first_name, v.last_name, v.phone, v.department, v.role, 'lincoln-isd', 'lincoln-isd.test',
       v.require_password_change, case when v.require_password_change then null else now() - v.last_seen end
  from (values
    ('super@lincoln-isd.test', 'Maria', 'Gonzalez', '(512)-555-0101', 'Operations', 'super_admin', false, interval '2 hours'),
    ('security@lincoln-isd.test', 'James', 'Carter', '(512)-555-0102', 'Security', 'security_admin', false, interval '1 day'),
    ('transport@lincoln-isd.test', 'Linda', 'Nguyen', '(512)-555-0103', 'Transportation', 'transportation_admin', false, interval '3 days'),
    ('office@lincoln-isd.test', 'Patricia', 'Moore', '(512)-555-0104', 'Other', 'office_staff', false, interval '5 days'),
    ('officer@lincoln-isd.test', 'Daniel', 'Reyes', '(512)-555-0105', 'Police', 'regular_user', false, interval '30 minutes'),
    ('driver@lincoln-isd.test', 'Robert', 'Alvarez', '(512)-555-0141', 'Transportation', 'regular_user', false, interval '1 day'),
    ('newhire@lincoln-isd.test', 'Jordan', 'Kim', null, 'Security', 'regular_user', true, interval '0')
  ) as v (email, first_name, last_name, phone, department, role, require_password_change, last_seen)
  join auth.users a on lower(a.email) = v.email
on conflict (id) do nothing;

insert into public.tenant_settings (setting_key, setting_value)
values ('check_interval_hours', '24')
on conflict (setting_key) do nothing;

insert into public.campus (id, campus_name, address_line1, city, state, zip_code, active, latitude, longitude)
values
  ('1c000000-0000-4000-8000-000000000001', 'Lincoln High School', '401 W Oak St', 'Lincoln', 'TX', '78948', true, 30.2841, -96.9702),
  ('1c000000-0000-4000-8000-000000000002', 'Lincoln Middle School', '900 N Pecan St', 'Lincoln', 'TX', '78948', true, 30.2779, -96.9588);

-- High school: 12 exterior entrances, 12 classroom doors, 4 gym doors.
-- Middle school: 8 exterior entrances, 8 classroom doors.
insert into public.doors (door_number, name, location, campus_id, qr_code, camera, condition)
select d.door_number, d.name, d.location, c.id,
       json_build_object('door_number', d.door_number, 'campus', c.campus_name)::text,
       d.camera, d.condition
  from public.campus c
  cross join lateral (
    select 'EA' || n as door_number, 'Exterior Access ' || n as name,
           (array['North entrance', 'East wing exit', 'South parking lot', 'West courtyard'])[1 + n % 4] as location,
           case when n % 3 = 1 then 'CAM-' || left(c.campus_name, 1) || 'E' || lpad(n::text, 2, '0') end as camera,
           case when n % 7 = 0 then 'fair' else 'good' end as condition
      from generate_series(1, case when c.campus_name = 'Lincoln High School' then 12 else 8 end) n
    union all
    select 'D' || (100 + n), 'Classroom ' || (100 + n),
           case when n <= 6 then 'A hall, first floor' else 'B hall, first floor' end,
           null, case when n = 9 then 'poor' else 'good' end
      from generate_series(1, case when c.campus_name = 'Lincoln High School' then 12 else 8 end) n
    union all
    select 'G' || n, 'Gymnasium ' || n, 'Gym and field house', 'CAM-HG' || n, 'good'
      from generate_series(1, case when c.campus_name = 'Lincoln High School' then 4 else 0 end) n
  ) d;

-- Door groups for sweeps (decision 030): entrances, classrooms, the gym.
update public.doors
   set door_groups = case when door_number like 'EA%' then '{exterior}'::text[]
                          when door_number like 'D%' then '{classroom}'::text[]
                          when door_number like 'G%' then '{gym}'::text[]
                          else door_groups end
 where door_groups = '{}';

-- Three weeks of checks: most doors daily, some days skipped; a few fail.
-- received_at trails created_at by seconds, or by up to an hour and a half
-- for checks recorded offline.
insert into public.door_log (door_id, user_id, campus, door_status, door_problem, maintenance, notes, created_at, received_at)
select d.id,
       case when (d.rn + g.day) % 5 = 0 then sec.id else off.id end,
       c.campus_name,
       s.status,
       case when s.status <> 'operational'
            then (array['Door does not latch', 'Closer leaking oil', 'Card reader offline', 'Hinge loose', 'Glass cracked'])[1 + (d.rn + g.day) % 5] end,
       case when s.status <> 'operational' then 'yes' else 'no' end,
       case when (d.rn * 3 + g.day) % 11 = 0 then 'Propped open with a chair, closed it' end,
       t.at,
       t.at + case when (d.rn + g.day) % 9 = 0 then ((d.rn * 13 + g.day) % 90) * interval '1 minute' else interval '3 seconds' end
  from (select id, campus_id, row_number() over (order by campus_id, door_number) as rn from public.doors) d
  join public.campus c on c.id = d.campus_id
  cross join generate_series(0, 20) as g (day)
  cross join lateral (
    select case
      when (d.rn * 3 + g.day) % 53 = 0 then 'out_of_service'
      when (d.rn * 7 + g.day * 5) % 29 = 0 then 'maintenance'
      else 'operational'
    end as status
  ) s
  cross join lateral (
    select now() - g.day * interval '1 day' - interval '20 minutes' - ((d.rn * 37 + g.day * 17) % 540) * interval '1 minute' as at
  ) t
  join public.users off on off.email = 'officer@lincoln-isd.test'
  join public.users sec on sec.email = 'security@lincoln-isd.test'
 where (d.rn * 7 + g.day) % 4 <> 0;

-- Each door shows its latest check.
update public.doors d
   set last_check = l.created_at,
       next_check = l.created_at + interval '24 hours',
       status = l.door_status
  from (select distinct on (door_id) door_id, created_at, door_status
          from public.door_log order by door_id, created_at desc) l
 where l.door_id = d.id;

-- A maintenance record for each failing check; older ones are resolved.
insert into public.maintenance_records (door_id, door_name, issue_type, description, priority, status, assigned_to,
                                        source_door_log_id, resolution_notes, resolved_at, created_at)
select l.door_id, dr.door_number || ' (' || l.campus || ')',
       case l.door_problem when 'Card reader offline' then 'access_control' when 'Glass cracked' then 'glass' else 'hardware' end,
       l.door_problem,
       case when l.door_status = 'out_of_service' then 'high' when l.door_problem = 'Hinge loose' then 'low' else 'medium' end,
       case when l.created_at < now() - interval '7 days' then 'resolved'
            when l.created_at < now() - interval '2 days' then 'in_progress' else 'open' end,
       case when l.created_at < now() - interval '2 days' then sec.id end,
       l.id,
       case when l.created_at < now() - interval '7 days' then 'Repaired by facilities' end,
       case when l.created_at < now() - interval '7 days' then l.created_at + interval '2 days' end,
       l.created_at
  from public.door_log l
  join public.doors dr on dr.id = l.door_id
  join public.users sec on sec.email = 'security@lincoln-isd.test'
 where l.door_status <> 'operational';

insert into public.incidents (title, description, severity, status, reported_by, reported_by_name, reported_at, location,
                              campus_id, campus_name, assigned_to, assigned_to_name, resolution_notes, created_at)
select v.title, v.description, v.severity, v.status, rep.id, rep.first_name || ' ' || rep.last_name, now() - v.ago, v.location,
       c.id, c.campus_name, case when v.status <> 'reported' then sec.id end,
       case when v.status <> 'reported' then sec.first_name || ' ' || sec.last_name end,
       v.resolution_notes, now() - v.ago
  from (values
    ('Exterior door propped open', 'EA3 found propped open with a wedge after the lunch period.', 'high', 'investigating',
     'officer@lincoln-isd.test', interval '2 days', 'East wing exit', 'Lincoln High School', null),
    ('Unauthorized visitor', 'Adult without a visitor badge in B hall; escorted to the front office.', 'medium', 'resolved',
     'office@lincoln-isd.test', interval '9 days', 'B hall, first floor', 'Lincoln Middle School', 'Visitor was a parent; badge policy reminder sent.'),
    ('Broken window in classroom', 'Cracked pane in D109, no injuries.', 'low', 'reported',
     'officer@lincoln-isd.test', interval '6 hours', 'B hall, first floor', 'Lincoln High School', null),
    ('Fire alarm pull station tampered', 'Cover missing from the pull station by G2.', 'critical', 'reported',
     'security@lincoln-isd.test', interval '1 day', 'Gym and field house', 'Lincoln High School', null),
    ('Vandalism in parking lot', 'Graffiti on the south lot fence.', 'low', 'closed',
     'officer@lincoln-isd.test', interval '18 days', 'South parking lot', 'Lincoln High School', 'Painted over by facilities.')
  ) as v (title, description, severity, status, reporter, ago, location, campus, resolution_notes)
  join public.users rep on rep.email = v.reporter
  join public.users sec on sec.email = 'security@lincoln-isd.test'
  join public.campus c on c.campus_name = v.campus;

-- Door conditions: the global default, one default per campus, three overrides.
insert into public.conditions (id, kind, condition)
values ('00000000-0000-0000-0000-000000000000', 'global', 'Door closes and latches; no visible damage');
insert into public.conditions (kind, campus_id, condition)
select 'campus', id,
       case campus_name when 'Lincoln High School' then 'Closed, latched and locked from the outside after 8:00'
                        else 'Closed and latched; exterior doors locked at all times' end
  from public.campus;
insert into public.conditions (kind, door_id, condition)
select 'door', d.id, v.condition
  from (values
    ('Lincoln High School', 'EA1', 'Main entrance: unlocked 7:15-8:00 for arrival, then locked'),
    ('Lincoln High School', 'G1', 'Open during evening events only, staffed'),
    ('Lincoln Middle School', 'EA4', 'Delivery door: closed and locked except for scheduled deliveries')
  ) as v (campus, door_number, condition)
  join public.campus c on c.campus_name = v.campus
  join public.doors d on d.campus_id = c.id and d.door_number = v.door_number;

-- Transportation.
-- oil_change_mileage is the odometer at the last oil change: LISD-05 is past
-- 3,000 miles since its change though it was changed 20 days ago, LISD-06 has
-- no change on record; LISD-04 is off the road.
insert into public.vehicles (id, vehicle_number, make, model, year, license_plate, vin, active, oil_change_date, mileage, oil_change_mileage)
values
  ('1e000000-0000-4000-8000-000000000001', 'LISD-01', 'Blue Bird', 'Vision', 2019, 'TX 4KJ-2291', '1BAKGCPA9KF000101', true, current_date - 40, 48210, 46100),
  ('1e000000-0000-4000-8000-000000000002', 'LISD-02', 'Blue Bird', 'Vision', 2020, 'TX 4KJ-2292', '1BAKGCPA0LF000102', true, current_date - 75, 39877, 37950),
  ('1e000000-0000-4000-8000-000000000003', 'LISD-03', 'Thomas Built', 'Saf-T-Liner C2', 2018, 'TX 4KJ-2293', '4UZABRDU3JC000103', true, current_date - 12, 61544, 61390),
  ('1e000000-0000-4000-8000-000000000004', 'LISD-04', 'IC Bus', 'CE Series', 2017, 'TX 4KJ-2294', '4DRBUAAN1HB000104', false, current_date - 140, 88020, 84150),
  ('1e000000-0000-4000-8000-000000000005', 'LISD-05', 'Ford', 'Transit 350', 2022, 'TX 9PL-4410', '1FBAX2C80NKA00105', true, current_date - 20, 18730, 15420),
  ('1e000000-0000-4000-8000-000000000006', 'LISD-06', 'Chevrolet', 'Tahoe', 2021, 'TX 9PL-4411', '1GNSKLED0MR000106', true, null, 25400, null);

insert into public.buses (id, bus_number, vehicle_id, capacity, status)
values
  ('1b000000-0000-4000-8000-000000000001', 'Bus 1', '1e000000-0000-4000-8000-000000000001', 72, 'in_service'),
  ('1b000000-0000-4000-8000-000000000002', 'Bus 2', '1e000000-0000-4000-8000-000000000002', 72, 'in_service'),
  ('1b000000-0000-4000-8000-000000000003', 'Bus 3', '1e000000-0000-4000-8000-000000000003', 66, 'in_service'),
  ('1b000000-0000-4000-8000-000000000004', 'Bus 4', '1e000000-0000-4000-8000-000000000004', 66, 'maintenance');

insert into public.bus_drivers (id, first_name, last_name, license_number, phone, email, license_expires_on)
values
  ('1d000000-0000-4000-8000-000000000001', 'Robert', 'Alvarez', 'TX-CDL-40981274', '(512)-555-0141', null, current_date + 400),
  ('1d000000-0000-4000-8000-000000000002', 'Karen', 'Whitfield', 'TX-CDL-40981711', '(512)-555-0142', null, current_date + 210),
  ('1d000000-0000-4000-8000-000000000003', 'Luis', 'Ortega', 'TX-CDL-40982036', null, null, current_date + 90),
  ('1d000000-0000-4000-8000-000000000004', 'Dorothy', 'Banks', 'TX-CDL-40982555', '(512)-555-0144', null, current_date + 700),
  ('1d000000-0000-4000-8000-000000000005', 'Terrence', 'Hall', 'TX-CDL-40983019', '(512)-555-0145', null, current_date + 35);

-- Robert Alvarez signs in as driver@: his phone reads Bus 1, route R1, its
-- stops and riders, and records inspections and drills there (decision 024).
update public.bus_drivers d
   set user_id = u.id, email = u.email
  from public.users u
 where u.email = 'driver@lincoln-isd.test' and d.id = '1d000000-0000-4000-8000-000000000001';

insert into public.routes (id, route_number, name, description, campus_id, bus_id, driver_id, direction, starts_at)
values
  ('1a000000-0000-4000-8000-000000000001', 'R1', 'North loop', 'FM 1624 and the north subdivisions', '1c000000-0000-4000-8000-000000000001',
   '1b000000-0000-4000-8000-000000000001', '1d000000-0000-4000-8000-000000000001', 'both', '06:45'),
  ('1a000000-0000-4000-8000-000000000002', 'R2', 'Town center', 'Main St, Pecan St and Oak St', '1c000000-0000-4000-8000-000000000002',
   '1b000000-0000-4000-8000-000000000002', '1d000000-0000-4000-8000-000000000002', 'both', '07:00'),
  ('1a000000-0000-4000-8000-000000000003', 'R3', 'County road east', 'CR 321 to the county line', '1c000000-0000-4000-8000-000000000001',
   '1b000000-0000-4000-8000-000000000003', '1d000000-0000-4000-8000-000000000003', 'am', '06:30');

insert into public.route_stops (route_id, stop_order, name, address, latitude, longitude, scheduled_time)
select r.id, s.n, r.route_number || ' stop ' || s.n,
       (array['FM 1624 & CR 318', 'Main St & 2nd St', 'Pecan St & Elm St', 'CR 321 & Cedar Ln'])[s.n],
       30.2841 + 0.01 * s.n * (case r.route_number when 'R1' then 1 when 'R2' then -0.3 else 0.5 end),
       -96.9702 + 0.012 * s.n * (case r.route_number when 'R3' then 1 else -0.4 end),
       r.starts_at + (s.n - 1) * interval '7 minutes'
  from public.routes r
  cross join generate_series(1, 4) as s (n);

insert into public.vehicle_maintenance (vehicle_id, service_type, description, service_date, mileage, cost_cents, vendor, next_due_date, status)
values
  ('1e000000-0000-4000-8000-000000000001', 'oil_change', 'Oil and filter, 15W-40', current_date - 40, 46100, 18950, 'Lee County Fleet Service', current_date + 50, 'completed'),
  ('1e000000-0000-4000-8000-000000000003', 'brakes', 'Front brake pads and rotors', current_date - 12, 61400, 112000, 'Lee County Fleet Service', null, 'completed'),
  ('1e000000-0000-4000-8000-000000000004', 'transmission', 'Slipping in 3rd gear; waiting on parts', current_date - 6, 88020, null, 'Central Texas Transmission', null, 'in_progress'),
  ('1e000000-0000-4000-8000-000000000002', 'inspection', 'Annual state inspection', current_date + 9, null, null, 'DPS Inspection Station', null, 'scheduled');

insert into public.fuel_log (vehicle_id, driver_id, fueled_at, gallons, cost_cents, odometer, station)
select v.id, d.id, now() - g.n * interval '3 days' - interval '5 hours', 28 + (g.n * 7) % 19, (28 + (g.n * 7) % 19) * 329,
       v.mileage - g.n * 140, 'Lincoln Fuel & Go'
  from (values ('1e000000-0000-4000-8000-000000000001'::uuid, '1d000000-0000-4000-8000-000000000001'::uuid),
               ('1e000000-0000-4000-8000-000000000002'::uuid, '1d000000-0000-4000-8000-000000000002'::uuid),
               ('1e000000-0000-4000-8000-000000000003'::uuid, '1d000000-0000-4000-8000-000000000003'::uuid)) as p (vehicle_id, driver_id)
  join public.vehicles v on v.id = p.vehicle_id
  join public.bus_drivers d on d.id = p.driver_id
  cross join generate_series(1, 4) as g (n);

-- The last five school days of runs, with stop events and a few GPS pings.
insert into public.bus_log (bus_id, driver_id, route_id, started_at, ended_at, odometer_start, odometer_end, pre_trip_ok)
select r.bus_id, r.driver_id, r.id, d.run_day + r.starts_at::interval, d.run_day + r.starts_at::interval + interval '55 minutes',
       40000 + g.n * 60, 40000 + g.n * 60 + 31, true
  from public.routes r
  cross join generate_series(1, 7) as g (n)
  cross join lateral (select date_trunc('day', now() - g.n * interval '1 day') as run_day) d
 where extract(isodow from d.run_day) < 6;

-- Pre-trip inspections before each of those runs, with the phone form's
-- checklist. All pass but R3's on the latest run day (a brake light out):
-- the inspection trigger opens its vehicle maintenance record ('open',
-- bus_log_id set), as it does for a driver's phone, so none is inserted here.
-- Robert records his own; the office enters the other drivers' paper forms.
insert into public.bus_log (bus_id, driver_id, route_id, kind, started_at, ended_at, odometer_start, details, recorded_by)
select r.bus_id, r.driver_id, r.id, 'pre_trip', t.run_day + r.starts_at::interval - interval '20 minutes',
       t.run_day + r.starts_at::interval - interval '8 minutes', v.mileage - t.n * 45,
       jsonb_build_object('items', (
         select jsonb_agg(jsonb_build_object('key', c.key, 'label', c.label, 'ok', not f.failed, 'note', case when f.failed then 'Right rear brake light out' end)
                          order by c.ord)
           from (values (1, 'brakes', 'Brakes'), (2, 'tires', 'Tires and wheels'), (3, 'lights', 'Lights and signals'),
                        (4, 'mirrors', 'Mirrors'), (5, 'stop_arm', 'Stop arm and crossing gate'),
                        (6, 'emergency_exits', 'Emergency exits and alarms'), (7, 'first_aid', 'First aid and fire extinguisher'),
                        (8, 'horn_wipers', 'Horn and wipers'), (9, 'seats', 'Seats and aisle'), (10, 'fluids', 'Fluid levels and leaks'))
                as c (ord, key, label)
           cross join lateral (select r.route_number = 'R3' and t.latest and c.key = 'lights' as failed) f)),
       case when r.route_number = 'R1' then drv.id else adm.id end
  from public.routes r
  cross join lateral (
    select g.n, date_trunc('day', now() - g.n * interval '1 day') as run_day,
           g.n = min(g.n) over () as latest
      from generate_series(1, 7) as g (n)
     where extract(isodow from date_trunc('day', now() - g.n * interval '1 day')) < 6
  ) t
  join public.buses b on b.id = r.bus_id
  join public.vehicles v on v.id = b.vehicle_id
  join public.users drv on drv.email = 'driver@lincoln-isd.test'
  join public.users adm on adm.email = 'transport@lincoln-isd.test';

insert into public.route_stop_events (route_id, route_stop_id, bus_id, event_type, occurred_at)
select s.route_id, s.id, r.bus_id, e.event_type, b.started_at + (s.stop_order * 7 + e.offs) * interval '1 minute'
  from public.bus_log b
  join public.routes r on r.id = b.route_id
  join public.route_stops s on s.route_id = r.id
  cross join (values ('arrived', 0), ('departed', 1)) as e (event_type, offs);

insert into public.bus_pings (bus_id, latitude, longitude, speed_mph, heading, recorded_at)
select r.bus_id, s.latitude, s.longitude, 22 + s.stop_order * 3, (s.stop_order * 85) % 360, now() - interval '1 day' + s.stop_order * interval '7 minutes'
  from public.routes r
  join public.route_stops s on s.route_id = r.id;

insert into public.user_bus_assignments (user_id, bus_id, starts_on)
select u.id, '1b000000-0000-4000-8000-000000000001', current_date - 60 from public.users u where u.email = 'transport@lincoln-isd.test';
insert into public.user_route_assignments (user_id, route_id, starts_on)
select u.id, r.id, current_date - 60 from public.users u cross join public.routes r where u.email = 'transport@lincoln-isd.test';

insert into public.student_routes (student_id, student_name, grade, route_id, route_stop_id, direction)
select v.student_id, v.student_name, v.grade, s.route_id, s.id, 'both'
  from (values
    ('LISD-100231', 'Emma Johnson', '7', 'R1', 1), ('LISD-100232', 'Noah Williams', '9', 'R1', 2),
    ('LISD-100237', 'Isabella Garcia', '9', 'R1', 2), ('LISD-100238', 'Lucas Hernandez', '10', 'R1', 3),
    ('LISD-100239', 'Mia Thompson', '6', 'R1', 4),
    ('LISD-100233', 'Ava Martinez', '6', 'R2', 1), ('LISD-100234', 'Liam Davis', '10', 'R2', 3),
    ('LISD-100235', 'Sophia Brown', '8', 'R3', 2), ('LISD-100236', 'Mason Wilson', '11', 'R3', 4)
  ) as v (student_id, student_name, grade, route_number, stop_order)
  join public.routes r on r.route_number = v.route_number
  join public.route_stops s on s.route_id = r.id and s.stop_order = v.stop_order;

insert into public.student_ride_events (student_id, student_name, route_id, bus_id, route_stop_id, event_type, occurred_at)
select sr.student_id, sr.student_name, sr.route_id, r.bus_id, sr.route_stop_id, 'boarded',
       date_trunc('day', now() - interval '1 day') + r.starts_at::interval + s.stop_order * interval '7 minutes'
  from public.student_routes sr
  join public.routes r on r.id = sr.route_id
  join public.route_stops s on s.id = sr.route_stop_id;

-- Last week's evacuation drill on Bus 1 (route R1): six minutes, every rider
-- accounted for, recorded by Robert on his phone.
insert into public.bus_log (id, bus_id, driver_id, route_id, kind, started_at, ended_at, details, notes, recorded_by)
select '1a100000-0000-4000-8000-000000000001', r.bus_id, r.driver_id, r.id, 'drill', d.at, d.at + interval '6 minutes',
       jsonb_build_object('roster_size', (select count(*) from public.student_routes sr where sr.route_id = r.id and sr.active)),
       'Front door evacuation at the high school bus loop', u.id
  from public.routes r
  cross join (select date_trunc('day', now() - interval '7 days') + interval '15 hours 40 minutes' as at) d
  join public.users u on u.email = 'driver@lincoln-isd.test'
 where r.route_number = 'R1';

insert into public.student_ride_events (student_id, student_name, route_id, bus_id, route_stop_id, event_type, occurred_at, bus_log_id, recorded_by)
select sr.student_id, sr.student_name, sr.route_id, b.bus_id, sr.route_stop_id, 'accounted_for',
       b.started_at + (1 + row_number() over (order by sr.student_name)) * interval '1 minute', b.id, b.recorded_by
  from public.bus_log b
  join public.student_routes sr on sr.route_id = b.route_id and sr.active
 where b.id = '1a100000-0000-4000-8000-000000000001';

insert into public.student_drivers (student_id, student_name, grade, license_number, vehicle_make, vehicle_model, license_plate, approved)
values
  ('LISD-100301', 'Tyler Robinson', '12', 'TX-DL-30118274', 'Toyota', 'Corolla', 'TX RBN-4471', true),
  ('LISD-100302', 'Madison Clark', '11', 'TX-DL-30118821', 'Honda', 'Civic', 'TX MCL-0923', true),
  ('LISD-100303', 'Ethan Lewis', '12', 'TX-DL-30119405', 'Ford', 'F-150', 'TX ETL-5530', false);

-- Student parking (issue 15): permits across every status (one still marked
-- active but past its end, which shows as expired; two ending within 30
-- days), violations over the last six weeks, and repeat offenders (Olivia
-- Walker, and a car with no permit seen three times).
insert into public.parking_permits (id, student_id, student_name, grade, license_plate, vehicle_description, parking_spot_number,
                                    campus_id, status, issued_on, expires_on)
values
  ('1f000000-0000-4000-8000-000000000001', 'LISD-100301', 'Tyler Robinson', '12', 'TX RBN-4471', 'Silver Toyota Corolla', 'S-014',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 80, current_date + 200),
  ('1f000000-0000-4000-8000-000000000002', 'LISD-100302', 'Madison Clark', '11', 'TX MCL-0923', 'Blue Honda Civic', 'S-027',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 80, current_date + 200),
  ('1f000000-0000-4000-8000-000000000003', 'LISD-100304', 'Olivia Walker', '12', 'TX OWK-7719', 'Red Jeep Wrangler', 'S-031',
   '1c000000-0000-4000-8000-000000000001', 'suspended', current_date - 120, current_date + 160),
  ('1f000000-0000-4000-8000-000000000004', 'LISD-100305', 'Noah Patel', '12', 'TX NPT-3308', 'White Ford Escape', 'S-002',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 200, current_date + 12),
  ('1f000000-0000-4000-8000-000000000005', 'LISD-100306', 'Ava Thompson', '11', 'TX AVT-6120', 'Gray Subaru Outback', 'S-009',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 150, current_date + 25),
  ('1f000000-0000-4000-8000-000000000006', 'LISD-100307', 'Liam Chen', '12', 'TX LCH-8841', 'Black Honda Accord', 'S-040',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 300, current_date - 6),
  ('1f000000-0000-4000-8000-000000000007', 'LISD-100308', 'Sophia Martinez', '10', 'TX SMZ-1187', 'Green Kia Soul', 'S-041',
   '1c000000-0000-4000-8000-000000000001', 'expired', current_date - 400, current_date - 35),
  ('1f000000-0000-4000-8000-000000000008', 'LISD-100309', 'Jackson Lee', '11', 'TX JKL-5092', 'Silver Nissan Altima', 'S-018',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 60, current_date + 220),
  ('1f000000-0000-4000-8000-000000000009', 'LISD-100310', 'Emma Davis', '12', 'TX EMD-2745', 'Blue Mazda 3', 'S-022',
   '1c000000-0000-4000-8000-000000000001', 'suspended', current_date - 90, current_date + 190),
  ('1f000000-0000-4000-8000-000000000010', 'LISD-100311', 'Lucas Brown', '12', 'TX LBR-9034', 'Red Chevrolet Malibu', 'S-035',
   '1c000000-0000-4000-8000-000000000001', 'active', current_date - 45, current_date + 235);

insert into public.parking_violations (student_id, student_name, permit_id, license_plate, violation_type, description, location,
                                       status, fine_cents, occurred_at, resolved_at)
values
  ('LISD-100304', 'Olivia Walker', '1f000000-0000-4000-8000-000000000003', 'TX OWK-7719', 'Fire lane',
   'Parked in the fire lane by the gym.', 'Gym and field house', 'open', 2500, now() - interval '3 days', null),
  ('LISD-100304', 'Olivia Walker', '1f000000-0000-4000-8000-000000000003', 'TX OWK-7719', 'Wrong spot',
   'In S-012, permit is for S-031.', 'Student lot, row S', 'resolved', 1000, now() - interval '16 days', now() - interval '15 days'),
  ('LISD-100304', 'Olivia Walker', '1f000000-0000-4000-8000-000000000003', 'TX OWK-7719', 'Blocking traffic',
   'Left in the drop-off lane during dismissal.', 'Front drop-off loop', 'resolved', 1500, now() - interval '30 days', now() - interval '28 days'),
  ('LISD-100303', 'Ethan Lewis', null, 'TX ETL-5530', 'No permit',
   'No permit displayed in the student lot.', 'South parking lot', 'resolved', 1500, now() - interval '12 days', now() - interval '10 days'),
  (null, null, null, 'tx qzk 2218', 'No permit',
   'Unknown student car, no permit, windshield note left.', 'South parking lot', 'open', 1500, now() - interval '2 days', null),
  (null, null, null, 'TX-QZK-2218', 'No permit',
   'Same car again, second note.', 'South parking lot', 'open', 1500, now() - interval '9 days', null),
  (null, null, null, 'TX QZK2218', 'Handicapped spot without placard',
   'In the accessible space by the main entrance.', 'Main entrance', 'open', 5000, now() - interval '20 days', null),
  ('LISD-100307', 'Liam Chen', '1f000000-0000-4000-8000-000000000006', 'TX LCH-8841', 'Expired permit',
   'Permit ended last week; still parking in S-040.', 'Student lot, row S', 'open', 1000, now() - interval '1 day', null),
  ('LISD-100309', 'Jackson Lee', '1f000000-0000-4000-8000-000000000008', 'TX JKL-5092', 'Speeding or reckless driving',
   'Reported by the crossing guard at 7:40.', 'Service road', 'resolved', 0, now() - interval '24 days', now() - interval '23 days'),
  ('LISD-100309', 'Jackson Lee', '1f000000-0000-4000-8000-000000000008', 'TX JKL-5092', 'Wrong spot',
   'Parked across two spaces.', 'Student lot, row S', 'open', 1000, now() - interval '6 days', null),
  ('LISD-100310', 'Emma Davis', '1f000000-0000-4000-8000-000000000009', 'TX EMD-2745', 'No permit',
   'Permit not displayed (hanger missing).', 'South parking lot', 'resolved', 0, now() - interval '38 days', now() - interval '37 days'),
  ('LISD-100311', 'Lucas Brown', '1f000000-0000-4000-8000-000000000010', 'TX LBR-9034', 'Fire lane',
   'Waiting in the fire lane after practice.', 'Gym and field house', 'open', 2500, now() - interval '4 hours', null);
