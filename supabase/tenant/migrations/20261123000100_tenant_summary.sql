-- The figures the provider's staff see for a tenant (the staff dashboard and
-- /manage-tenants, issue 10): one call per tenant instead of one query per
-- figure. Counts only, no personal data; callable by the server alone (the
-- product API, with the tenant's service key).

create function public.tenant_summary() returns json
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
    'generated_at', now()
  )
$$;

revoke all on function public.tenant_summary() from public, anon, authenticated;
grant execute on function public.tenant_summary() to service_role;
