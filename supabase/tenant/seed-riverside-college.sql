-- Demo data for riverside-college (Riverside Community College): one
-- campus, 10 doors, a week of checks ending now, one open maintenance record
-- and one incident. Security only: no transportation data.
--
-- Run as the database owner after the demo auth accounts exist.

insert into public.users (id, email, first_name, last_name, department, role, tenant_slug, organization_email_domain, last_sign_in_at)
select a.id, v.email, v.first_name, v.last_name, v.department, v.role, 'riverside-college', 'riverside.test', now() - v.last_seen
  from (values
    ('super@riverside.test', 'Helen', 'Brooks', 'Operations', 'super_admin', interval '1 day'),
    ('officer@riverside.test', 'Marcus', 'Hill', 'Security', 'regular_user', interval '3 hours')
  ) as v (email, first_name, last_name, department, role, last_seen)
  join auth.users a on lower(a.email) = v.email
on conflict (id) do nothing;

insert into public.tenant_settings (setting_key, setting_value)
values ('check_interval_hours', '12')
on conflict (setting_key) do nothing;

insert into public.campus (id, campus_name, address_line1, city, state, zip_code, active, latitude, longitude)
values ('2c000000-0000-4000-8000-000000000001', 'Riverside Main Campus', '2500 River Bend Dr', 'Bastrop', 'TX', '78602', true, 30.1105, -97.3153);

insert into public.doors (door_number, name, location, campus_id, qr_code)
select d.door_number, d.name, d.location, c.id, json_build_object('door_number', d.door_number, 'campus', c.campus_name)::text
  from public.campus c
  cross join lateral (
    select 'EA' || n as door_number, 'Exterior Access ' || n as name, 'Library and student center' as location
      from generate_series(1, 6) n
    union all
    select 'S' || (200 + n), 'Science lab ' || (200 + n), 'Science building, second floor'
      from generate_series(1, 4) n
  ) d;

-- Door groups for sweeps (decision 030); the labs carry a label of the college's own.
update public.doors
   set door_groups = case when door_number like 'EA%' then '{exterior}'::text[]
                          when door_number like 'S%' then '{lab}'::text[]
                          else door_groups end
 where door_groups = '{}';

-- The demo's 12-hour interval has always been in force: the history the
-- settings trigger started (24 from the migration, 12 from this seed) is
-- one row.
delete from public.check_interval_changes where effective_at > '2000-01-01T00:00:00Z';
update public.check_interval_changes set hours = public.check_interval_in_force() where effective_at = '2000-01-01T00:00:00Z';

insert into public.door_log (door_id, user_id, campus, door_status, door_problem, maintenance, created_at, received_at)
select d.id, u.id, 'Riverside Main Campus',
       case when (d.rn + g.day) % 17 = 0 then 'maintenance' else 'operational' end,
       case when (d.rn + g.day) % 17 = 0 then 'Closer slams' end,
       case when (d.rn + g.day) % 17 = 0 then 'yes' else 'no' end,
       now() - g.day * interval '1 day' - interval '45 minutes' - (d.rn * 23 % 300) * interval '1 minute',
       now() - g.day * interval '1 day' - interval '45 minutes' - (d.rn * 23 % 300) * interval '1 minute' + interval '2 seconds'
  from (select id, row_number() over (order by door_number) as rn from public.doors) d
  cross join generate_series(0, 6) as g (day)
  join public.users u on u.email = 'officer@riverside.test';

update public.doors d
   set last_check = l.created_at, next_check = l.created_at + interval '12 hours', status = l.door_status
  from (select distinct on (door_id) door_id, created_at, door_status from public.door_log order by door_id, created_at desc) l
 where l.door_id = d.id;

insert into public.maintenance_records (door_id, door_name, issue_type, description, priority, status, source_door_log_id, created_at)
select distinct on (l.door_id) l.door_id, dr.door_number, 'hardware', l.door_problem, 'medium', 'open', l.id, l.created_at
  from public.door_log l join public.doors dr on dr.id = l.door_id
 where l.door_status <> 'operational'
 order by l.door_id, l.created_at desc;

insert into public.conditions (id, kind, condition)
values ('00000000-0000-0000-0000-000000000000', 'global', 'Closed and latched; locked after 22:00');

insert into public.incidents (title, description, severity, status, reported_by, reported_by_name, location, campus_id, campus_name)
select 'Lab door left unlocked', 'S203 found unlocked after hours.', 'medium', 'reported', u.id, u.first_name || ' ' || u.last_name,
       'Science building, second floor', c.id, c.campus_name
  from public.users u cross join public.campus c
 where u.email = 'officer@riverside.test';
