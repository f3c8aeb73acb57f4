-- Licence keys, feature flags and add-on subscriptions of each tenant.
-- Staff admins manage all three; nobody else reads them through the API (the
-- product API reads features with the service key).
--
-- Licence keys are stored as a SHA-256 hex digest plus the last 4 characters
-- for display: the clear key is shown once, when generated, and never stored.
-- At most one active licence per tenant; revoking is final.

create table public."LicenseKeys" (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public."Tenants" (id) on delete cascade,
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  key_last4 text not null check (key_last4 ~ '^[A-Z0-9]{4}$'),
  status text not null default 'active' check (status in ('active', 'revoked')),
  issued_by uuid,
  issued_at timestamptz not null default now(),
  expires_at timestamptz,
  max_seats integer check (max_seats >= 0),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
create unique index license_keys_one_active_per_tenant on public."LicenseKeys" (tenant_id) where status = 'active';
create index license_keys_tenant_issued_idx on public."LicenseKeys" (tenant_id, issued_at desc);
alter table public."LicenseKeys" enable row level security;
-- Not even a hash of a key is anon's business: refused at the privilege level.
revoke all on public."LicenseKeys" from anon;

create trigger license_keys_set_updated_at before insert or update on public."LicenseKeys"
  for each row execute function public.set_updated_at();
create trigger license_keys_set_updated_by before insert or update on public."LicenseKeys"
  for each row execute function public.set_updated_by();

-- A revoked key stays revoked, and a key's identity never changes: a new
-- licence is a new row.
create function public.guard_license_key_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'revoked' and new.status <> 'revoked' then
    raise exception 'a revoked licence cannot be reactivated' using errcode = '23514';
  end if;
  if new.key_hash <> old.key_hash or new.tenant_id <> old.tenant_id then
    raise exception 'a licence key and its tenant cannot be changed; issue a new licence' using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger license_keys_guard_update before update on public."LicenseKeys"
  for each row execute function public.guard_license_key_update();

create policy "staff admins read licences" on public."LicenseKeys"
  for select to authenticated
  using ((select public.is_staff_admin()));

create policy "staff admins issue licences" on public."LicenseKeys"
  for insert to authenticated
  with check ((select public.is_staff_admin()));

create policy "staff admins update licences" on public."LicenseKeys"
  for update to authenticated
  using ((select public.is_staff_admin()))
  with check ((select public.is_staff_admin()));

create policy "staff admins delete licences" on public."LicenseKeys"
  for delete to authenticated
  using ((select public.is_staff_admin()));

create table public.tenant_features (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public."Tenants" (id) on delete cascade,
  feature_name text not null check (feature_name in ('security_core', 'transportation', 'student_parking')),
  enabled boolean not null default true,
  status text not null default 'active' check (status in ('active', 'trial', 'expired', 'disabled')),
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, feature_name)
);
alter table public.tenant_features enable row level security;

create trigger tenant_features_set_updated_at before insert or update on public.tenant_features
  for each row execute function public.set_updated_at();

create policy "staff admins read features" on public.tenant_features
  for select to authenticated
  using ((select public.is_staff_admin()));

create policy "staff admins create features" on public.tenant_features
  for insert to authenticated
  with check ((select public.is_staff_admin()));

create policy "staff admins update features" on public.tenant_features
  for update to authenticated
  using ((select public.is_staff_admin()))
  with check ((select public.is_staff_admin()));

create policy "staff admins delete features" on public.tenant_features
  for delete to authenticated
  using ((select public.is_staff_admin()));

create table public.addon_subscriptions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references public."Tenants" (id) on delete cascade,
  addon_plan_id text not null,
  status text not null default 'active' check (status in ('active', 'trialing', 'past_due', 'canceled')),
  subscribed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Subscribing again updates the one row (upsert on tenant and plan).
  unique (tenant_id, addon_plan_id)
);
alter table public.addon_subscriptions enable row level security;

create trigger addon_subscriptions_set_updated_at before insert or update on public.addon_subscriptions
  for each row execute function public.set_updated_at();

create policy "staff admins read subscriptions" on public.addon_subscriptions
  for select to authenticated
  using ((select public.is_staff_admin()));

create policy "staff admins create subscriptions" on public.addon_subscriptions
  for insert to authenticated
  with check ((select public.is_staff_admin()));

create policy "staff admins update subscriptions" on public.addon_subscriptions
  for update to authenticated
  using ((select public.is_staff_admin()))
  with check ((select public.is_staff_admin()));

create policy "staff admins delete subscriptions" on public.addon_subscriptions
  for delete to authenticated
  using ((select public.is_staff_admin()));
