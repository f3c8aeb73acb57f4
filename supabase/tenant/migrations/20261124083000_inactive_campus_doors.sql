-- Doors of an inactive campus leave the server's figures as they leave the
-- screens (issue 13 §3, src/lib/inactive-campuses.ts): campuses are
-- deactivated (campus.active = false), never deleted, and while one is
-- inactive its doors are neither counted nor alerted on; they come back when
-- it is reactivated. Only a campus known to be inactive takes its doors out,
-- as on the screens.
--
-- tenant_summary(): doors and doors_operational leave them out (every other
-- figure as in 20261123000300_staff_figures).
-- overdue_doors(): no alert for them (otherwise as in
-- 20261124000100_missed_check_alerts).

create or replace function public.tenant_summary() returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'users', (select count(*) from public.users u
               where u.deleted_at is null and (u.is_organization_user or u.is_admin)),
    'active_users', (select count(*) from public.users u
                      where u.deleted_at is null and u.active and (u.is_organization_user or u.is_admin)
                        and u.last_sign_in_at > now() - interval '30 days'),
    'doors', (select count(*) from public.doors d
               where d.deleted_at is null
                 and not exists (select 1 from public.campus c where c.id = d.campus_id and not c.active)),
    'doors_operational', (select count(*) from public.doors d
                           where d.deleted_at is null and d.status = 'operational'
                             and not exists (select 1 from public.campus c where c.id = d.campus_id and not c.active)),
    'checks_24h', (select count(*) from public.door_log l where l.created_at > now() - interval '24 hours'),
    'last_check_at', (select max(l.created_at) from public.door_log l),
    'open_maintenance', (select count(*) from public.maintenance_records m where m.status <> 'resolved'),
    'maintenance', (select count(*) from public.maintenance_records m),
    'maintenance_open', (select count(*) from public.maintenance_records m where m.status <> 'resolved'),
    'maintenance_high', (select count(*) from public.maintenance_records m
                          where m.status <> 'resolved' and m.priority = 'high'),
    'incidents', (select count(*) from public.incidents i where i.deleted_at is null),
    'incidents_open', (select count(*) from public.incidents i
                        where i.deleted_at is null and i.status not in ('resolved', 'closed')),
    'incidents_critical', (select count(*) from public.incidents i
                            where i.deleted_at is null and i.status not in ('resolved', 'closed')
                              and i.severity = 'critical'),
    'generated_at', now()
  )
$$;

revoke all on function public.tenant_summary() from public, anon, authenticated;
grant execute on function public.tenant_summary() to service_role;

-- Security invoker as before: every signed-in user reads campuses as they
-- read doors, so a caller who sees a door also sees whether its campus is active.
create or replace function public.overdue_doors(at timestamptz default now())
returns table (door_id uuid, door_number text, campus_id uuid, last_check_at timestamptz, due_at timestamptz, level text)
language sql
stable
set search_path = ''
as $$
  with policy as (
    select
      public.setting_integer((select s.setting_value from public.tenant_settings s
                               where s.setting_key = 'check_interval_hours' and s.deleted_at is null), 1, 168, 24) as interval_hours,
      public.setting_integer((select s.setting_value from public.tenant_settings s
                               where s.setting_key = 'missed_check_grace_percent' and s.deleted_at is null), 0, 400, 25) as grace_percent,
      public.setting_integer((select s.setting_value from public.tenant_settings s
                               where s.setting_key = 'missed_check_escalate_percent' and s.deleted_at is null), 100, 1000, 200) as escalate_percent
  ),
  judged as (
    select d.id, d.door_number, d.campus_id, l.last_check_at,
           l.last_check_at + make_interval(hours => p.interval_hours) as due_at,
           public.missed_check_level(l.last_check_at, p.interval_hours, p.grace_percent, p.escalate_percent, $1) as level
      from public.doors d
      cross join policy p
      left join lateral (
        select max(x.created_at) as last_check_at from public.door_log x where x.door_id = d.id
      ) l on true
     where d.deleted_at is null
       and d.id <> '00000000-0000-0000-0000-000000000000'
       and d.door_number <> 'GLOBAL_DEFAULT'
       and not exists (select 1 from public.campus c where c.id = d.campus_id and not c.active)
  )
  select j.id, j.door_number, j.campus_id, j.last_check_at, j.due_at, j.level
    from judged j
   where j.level <> 'ok'
   order by j.last_check_at is not null, j.due_at, j.door_number
$$;

revoke all on function public.overdue_doors(timestamptz) from public, anon;
grant execute on function public.overdue_doors(timestamptz) to authenticated, service_role;
