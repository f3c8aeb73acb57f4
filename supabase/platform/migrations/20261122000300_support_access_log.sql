-- The support access audit log: one row per support session a staff admin
-- opens inside a tenant. Its id travels in the tenant session's
-- support_session claim. Append-only for everyone, the server included: no
-- update or delete policy, no update or delete privilege, and a trigger that
-- refuses both (service_role bypasses RLS, not triggers).
--
-- tenant_id carries no foreign key on purpose: the audit trail outlives a
-- deleted tenant (tenant_slug keeps it readable).

create table public.support_access_log (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public."Staff" (id),
  tenant_id uuid not null,
  tenant_slug text,
  reason text not null check (reason in ('technical_support', 'bug_investigation', 'performance_issue',
    'data_migration', 'security_audit', 'feature_troubleshooting', 'other')),
  reason_details text,
  started_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour',
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  check (reason <> 'other' or length(trim(coalesce(reason_details, ''))) > 0),
  check (expires_at > started_at)
);
create index support_access_log_staff_idx on public.support_access_log (staff_id);
create index support_access_log_tenant_idx on public.support_access_log (tenant_id, started_at desc);
alter table public.support_access_log enable row level security;
revoke all on public.support_access_log from anon;
revoke update, delete, truncate on public.support_access_log from authenticated, service_role;

create function public.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the support access log is append-only' using errcode = '42501';
end;
$$;

create trigger support_access_log_append_only before update or delete on public.support_access_log
  for each row execute function public.refuse_audit_change();

create policy "staff admins read the audit log" on public.support_access_log
  for select to authenticated
  using ((select public.is_staff_admin()));

create policy "staff admins log their own support sessions" on public.support_access_log
  for insert to authenticated
  with check ((select public.is_staff_admin()) and staff_id = (select auth.uid()));
