-- The figures the provider's staff see for a tenant (issue 11): the staff
-- dashboard's health per tenant, the weekly door-check report and the staff
-- door-troubleshooting view. Counts and door times only, no personal data;
-- every function here is callable by the server alone (the product API, with
-- the tenant's service key).
--
-- tenant_summary() keeps its earlier figures and adds what the shared health
-- rule (supabase/functions/_shared/health.ts) weighs besides doors and users:
--   maintenance         every maintenance record (records are never removed)
--   maintenance_open    those not resolved (the same as open_maintenance)
--   maintenance_high    open ones of priority high
--   incidents           incidents not removed
--   incidents_open      those neither resolved nor closed
--   incidents_critical  open ones of severity critical

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
    'doors', (select count(*) from public.doors d where d.deleted_at is null),
    'doors_operational', (select count(*) from public.doors d where d.deleted_at is null and d.status = 'operational'),
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

-- Door checks per week for the last p_weeks weeks (1..52), the current one
-- included: weeks start on Monday 00:00 UTC, oldest first, a week without
-- checks counted as 0. A check belongs to the week of its created_at (the
-- trusted time of the check, decision 013).
create function public.door_checks_by_week(p_weeks integer) returns table (week_start date, checks bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_weeks is null or p_weeks < 1 or p_weeks > 52 then
    raise exception 'p_weeks must be between 1 and 52' using errcode = '22023';
  end if;
  return query
    with bounds as (
      select (date_trunc('week', now() at time zone 'UTC'))::date as this_week
    ),
    weeks as (
      select (b.this_week - (7 * g))::date as week_start
        from bounds b, generate_series(p_weeks - 1, 0, -1) as g
    ),
    counted as (
      select (date_trunc('week', l.created_at at time zone 'UTC'))::date as week_start, count(*) as checks
        from public.door_log l, bounds b
       where l.created_at >= ((b.this_week - (7 * (p_weeks - 1)))::timestamp at time zone 'UTC')
       group by 1
    )
    select w.week_start, coalesce(c.checks, 0)::bigint
      from weeks w left join counted c on c.week_start = w.week_start
     order by w.week_start;
end;
$$;

revoke all on function public.door_checks_by_week(integer) from public, anon, authenticated;
grant execute on function public.door_checks_by_week(integer) to service_role;

-- Each door's latest check (door_log.created_at), for the staff door view:
-- one row per door that has been checked.
create function public.door_last_checks() returns table (door_id uuid, last_check_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select l.door_id, max(l.created_at) from public.door_log l group by l.door_id
$$;

revoke all on function public.door_last_checks() from public, anon, authenticated;
grant execute on function public.door_last_checks() to service_role;
