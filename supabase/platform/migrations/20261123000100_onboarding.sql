-- Onboarding through the product API (issue 10, docs/decisions/018).
--
-- 1. Tenants, licences, features and add-on subscriptions are written by the
--    server alone (the product API, with the service key), so every change
--    goes through a route that checks the caller, validates the body and
--    writes an audit row. Staff admins keep reading them; a licence's hash is
--    not even readable to them (column grants).
-- 2. platform_audit_log: one append-only row per privileged action (staff id,
--    action, tenant, target, time), readable by staff admins.
-- 3. tenant_secrets records which driver made the tenant's project (local,
--    supabase, or a registered project the provider does not own) and the
--    project's ref there, so deleting a tenant deletes the right database;
--    a registered project may come without a JWT secret.
-- 4. tenant_provisioning: the resumable state of a project being created
--    (server only), with a lease so two requests never run the same step.
-- 5. tenant_licence_ok: may the tenant sign users in under its licence rule
--    (require_license needs an active key)?
-- 6. Login lookups: a tenant on trial is listed like an active one (a school
--    trying the product must be able to sign in; the stack already served
--    trial tenants), only once its database is ready, and
--    get_organization_by_slug also says whether the licence rule lets it
--    sign users in. A tenant being created has no project URL yet.

-- 1. Server-only writes -------------------------------------------------------

drop policy "staff admins create tenants" on public."Tenants";
drop policy "staff admins update tenants" on public."Tenants";
drop policy "staff admins delete tenants" on public."Tenants";
revoke insert, update, delete, truncate on public."Tenants" from authenticated;

drop policy "staff admins issue licences" on public."LicenseKeys";
drop policy "staff admins update licences" on public."LicenseKeys";
drop policy "staff admins delete licences" on public."LicenseKeys";
revoke all on public."LicenseKeys" from authenticated;
grant select (id, tenant_id, key_last4, status, issued_by, issued_at, expires_at, max_seats, notes,
              created_at, updated_at, updated_by)
  on public."LicenseKeys" to authenticated;

drop policy "staff admins create features" on public.tenant_features;
drop policy "staff admins update features" on public.tenant_features;
drop policy "staff admins delete features" on public.tenant_features;
revoke insert, update, delete, truncate on public.tenant_features from authenticated;

drop policy "staff admins create subscriptions" on public.addon_subscriptions;
drop policy "staff admins update subscriptions" on public.addon_subscriptions;
drop policy "staff admins delete subscriptions" on public.addon_subscriptions;
revoke insert, update, delete, truncate on public.addon_subscriptions from authenticated;

-- 2. The platform audit log ----------------------------------------------------

create table public.platform_audit_log (
  id uuid primary key default gen_random_uuid(),
  -- The staff member who acted (from their verified session); no foreign key,
  -- so the trail outlives a removed staff account.
  staff_id uuid not null,
  staff_email text,
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  -- No foreign key either: the trail outlives a deleted tenant.
  tenant_id uuid,
  tenant_slug text,
  target text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index platform_audit_log_created_idx on public.platform_audit_log (created_at desc);
create index platform_audit_log_tenant_idx on public.platform_audit_log (tenant_id, created_at desc);
alter table public.platform_audit_log enable row level security;
revoke all on public.platform_audit_log from anon, authenticated;
grant select on public.platform_audit_log to authenticated;
revoke update, delete, truncate on public.platform_audit_log from service_role;

create function public.refuse_platform_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the platform audit log is append-only' using errcode = '42501';
end;
$$;

create trigger platform_audit_log_append_only before update or delete on public.platform_audit_log
  for each row execute function public.refuse_platform_audit_change();

create policy "staff admins read the platform audit log" on public.platform_audit_log
  for select to authenticated
  using ((select public.is_staff_admin()));

-- 3. Where each tenant's project lives ------------------------------------------

alter table public.tenant_secrets alter column jwt_secret drop not null;
alter table public.tenant_secrets add column provider text not null default 'registered'
  check (provider in ('local', 'supabase', 'registered'));
alter table public.tenant_secrets add column provider_ref text;

-- Rows written before: the local stack's own tenants live at <stack>/t/<slug>;
-- anything else was a project registered by hand (README's earlier deploy
-- steps), which deleting the tenant must leave alone.
update public.tenant_secrets s
   set provider = 'local', provider_ref = t.slug
  from public."Tenants" t
 where t.id = s.tenant_id and s.project_url ~ ('/t/' || t.slug || '$');

comment on column public.tenant_secrets.provider is
  'Who made the project: local (the stack), supabase (the Management API), registered (an existing project; deleting the tenant leaves it alone).';

-- 4. Provisioning state ------------------------------------------------------------

create table public.tenant_provisioning (
  tenant_id uuid primary key references public."Tenants" (id) on delete cascade,
  driver text not null check (driver in ('local', 'supabase')),
  step text not null default 'create_project'
    check (step in ('create_project', 'wait_ready', 'configure', 'first_admin', 'done')),
  project_ref text,
  admin_email text not null,
  admin_first_name text not null,
  admin_last_name text not null,
  -- Shown once to the staff admin when the tenant is created; kept only until
  -- the account exists, then erased.
  admin_temp_password text,
  lease_until timestamptz,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (step <> 'done' or admin_temp_password is null)
);
alter table public.tenant_provisioning enable row level security;
revoke all on public.tenant_provisioning from anon, authenticated;
comment on table public.tenant_provisioning is
  'service-only: the resumable state of a tenant project being created; no policy on purpose.';

create trigger tenant_provisioning_set_updated_at before insert or update on public.tenant_provisioning
  for each row execute function public.set_updated_at();

-- Takes the provisioning lease of one tenant: one request at a time runs its
-- steps (a hosted project must never be created twice). Returns nothing when
-- another request holds it or there is nothing left to do.
create function public.claim_tenant_provisioning(p_tenant_id uuid, p_lease_seconds integer)
returns setof public.tenant_provisioning
language sql
volatile
security definer
set search_path = ''
as $$
  update public.tenant_provisioning
     set lease_until = now() + make_interval(secs => greatest(1, least(p_lease_seconds, 600))),
         attempts = attempts + 1
   where tenant_id = p_tenant_id
     and step <> 'done'
     and (lease_until is null or lease_until < now())
  returning *
$$;
revoke all on function public.claim_tenant_provisioning(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_tenant_provisioning(uuid, integer) to service_role;

-- Enabling an add-on turns its feature on and records the subscription in one
-- transaction (a failure leaves neither). Subscribing again keeps the original
-- date; a lapsed subscription starts again now.
create function public.enable_addon(p_tenant_id uuid, p_addon text) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  f json;
  s json;
begin
  insert into public.tenant_features as tf (tenant_id, feature_name, enabled, status, expires_at)
  values (p_tenant_id, p_addon, true, 'active', null)
  on conflict (tenant_id, feature_name) do update set enabled = true, status = 'active', expires_at = null
  returning json_build_object('feature_name', tf.feature_name, 'enabled', tf.enabled, 'status', tf.status, 'expires_at', tf.expires_at)
    into f;
  insert into public.addon_subscriptions as sub (tenant_id, addon_plan_id, status, subscribed_at)
  values (p_tenant_id, p_addon, 'active', now())
  on conflict (tenant_id, addon_plan_id) do update
    set status = 'active',
        subscribed_at = case when sub.status = 'active' then sub.subscribed_at else now() end
  returning json_build_object('addon_plan_id', sub.addon_plan_id, 'status', sub.status, 'subscribed_at', sub.subscribed_at)
    into s;
  return json_build_object('feature', f, 'subscription', s);
end;
$$;
revoke all on function public.enable_addon(uuid, text) from public, anon, authenticated;
grant execute on function public.enable_addon(uuid, text) to service_role;

-- 5. The licence rule at sign-in -------------------------------------------------------

-- True when the tenant may sign users in under its licence rule: it does not
-- require a licence, or it holds an active, unexpired one.
create function public.tenant_licence_ok(p_tenant_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select not t.require_license
        or exists (
          select 1 from public."LicenseKeys" k
           where k.tenant_id = t.id and k.status = 'active'
             and (k.expires_at is null or k.expires_at > now())
        )
      from public."Tenants" t
     where t.id = p_tenant_id
  ), false)
$$;
grant execute on function public.tenant_licence_ok(uuid) to anon, authenticated, service_role;

-- 6. Login lookups: trial tenants, ready databases, the licence rule ------------------------

-- A tenant's project URL and anon key are known only once its project exists.
alter table public."Tenants" alter column supabase_url drop not null;
alter table public."Tenants" alter column supabase_anon_key drop not null;
alter table public."Tenants" add constraint tenants_project_known
  check (database_status in ('creating', 'error', 'pending') or (supabase_url is not null and supabase_anon_key is not null));

-- Login screens list only organizations whose database is ready.
drop policy "anyone reads active tenants" on public."Tenants";
create policy "anyone reads active and trial tenants" on public."Tenants"
  for select to anon
  using (status in ('active', 'trial') and database_status = 'active');

drop function public.get_organization_by_slug(text);

create function public.get_organization_by_slug(org_slug text)
returns table (
  id uuid,
  slug text,
  company_name text,
  display_name text,
  description text,
  email_domain text,
  supabase_url text,
  supabase_anon_key text,
  status text,
  license_active boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.slug, t.company_name, t.display_name, t.description, t.email_domain,
         t.supabase_url, t.supabase_anon_key, t.status, public.tenant_licence_ok(t.id)
    from public."Tenants" t
   where t.slug = lower(trim(org_slug))
     and t.status in ('active', 'trial')
     and t.database_status = 'active'
$$;

grant execute on function public.get_organization_by_slug(text) to anon, authenticated, service_role;
