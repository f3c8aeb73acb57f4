-- Platform core: Staff (the provider's people), Tenants (one row per
-- organization, each with its own Supabase project) and tenant_secrets (the
-- keys only the server may read), with the staff helpers every platform
-- policy uses and the public organization lookup the login screens call.
--
-- Who may do what (docs/rls-matrix.md):
--   Tenants        anon reads the public columns of active tenants only
--                  (column grants), active staff read every row and column,
--                  staff admins insert, update and delete.
--   Staff          a staff member reads their own row; staff admins manage all.
--   tenant_secrets service_role only: RLS on, no policy, no grants to the API roles.

create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

-- Records who changed a row when a signed-in staff member did; a server
-- write (no JWT subject) keeps the value it was given.
create function public.set_updated_by() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := coalesce(auth.uid(), new.updated_by);
  return new;
end;
$$;

create table public."Staff" (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  first_name text,
  last_name text,
  is_staff_admin boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index staff_email_key on public."Staff" (lower(email));
alter table public."Staff" enable row level security;

create trigger staff_set_updated_at before insert or update on public."Staff"
  for each row execute function public.set_updated_at();

-- Security definer so policies can read Staff without recursing into its own RLS.
create function public.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public."Staff" s where s.id = auth.uid() and s.active
  )
$$;

create function public.is_staff_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public."Staff" s where s.id = auth.uid() and s.active and s.is_staff_admin
  )
$$;

create policy "staff read own row, staff admins read all" on public."Staff"
  for select to authenticated
  using (id = (select auth.uid()) or (select public.is_staff_admin()));

create policy "staff admins create staff" on public."Staff"
  for insert to authenticated
  with check ((select public.is_staff_admin()));

create policy "staff admins update staff" on public."Staff"
  for update to authenticated
  using ((select public.is_staff_admin()))
  with check ((select public.is_staff_admin()));

create policy "staff admins delete staff" on public."Staff"
  for delete to authenticated
  using ((select public.is_staff_admin()));

create table public."Tenants" (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$'),
  company_name text not null,
  display_name text,
  description text,
  -- null means "No Domain": any email may sign in to this organization.
  email_domain text,
  supabase_url text not null,
  supabase_anon_key text not null,
  status text not null default 'active'
    check (status in ('active', 'suspended', 'trial', 'canceled')),
  database_status text not null default 'active'
    check (database_status in ('active', 'creating', 'error', 'pending')),
  database_created_at timestamptz,
  database_error text,
  plan text not null default 'Starter',
  plan_name text,
  plan_interval text check (plan_interval in ('monthly', 'yearly', 'multi_year')),
  plan_amount_cents integer check (plan_amount_cents >= 0),
  seats integer check (seats >= 0),
  subscription_status text default 'active'
    check (subscription_status in ('active', 'trialing', 'past_due', 'canceled')),
  paid_until timestamptz,
  require_license boolean not null default true,
  last_activity timestamptz,
  created_at timestamptz not null default now(),
  created_by uuid,
  updated_at timestamptz not null default now(),
  updated_by uuid
);
create index tenants_status_idx on public."Tenants" (status);
create index tenants_company_name_idx on public."Tenants" (company_name);
alter table public."Tenants" enable row level security;

create trigger tenants_set_updated_at before insert or update on public."Tenants"
  for each row execute function public.set_updated_at();
create trigger tenants_set_updated_by before insert or update on public."Tenants"
  for each row execute function public.set_updated_by();

-- anon may read only what the login screens need; every other column (plan,
-- seats, billing) is refused with 42501 even on active tenants. Writes by anon
-- are refused at the privilege level too.
revoke all on public."Tenants" from anon;
grant select (id, slug, company_name, display_name, description, email_domain,
              supabase_url, supabase_anon_key, status)
  on public."Tenants" to anon;

create policy "anyone reads active tenants" on public."Tenants"
  for select to anon
  using (status = 'active');

-- Signed-in platform accounts are staff; a signed-in account without an active
-- Staff row sees nothing (it has no business on the platform).
create policy "staff read tenants" on public."Tenants"
  for select to authenticated
  using ((select public.is_staff()));

create policy "staff admins create tenants" on public."Tenants"
  for insert to authenticated
  with check ((select public.is_staff_admin()));

create policy "staff admins update tenants" on public."Tenants"
  for update to authenticated
  using ((select public.is_staff_admin()))
  with check ((select public.is_staff_admin()));

create policy "staff admins delete tenants" on public."Tenants"
  for delete to authenticated
  using ((select public.is_staff_admin()));

create table public.tenant_secrets (
  tenant_id uuid primary key references public."Tenants" (id) on delete cascade,
  service_role_key text not null,
  jwt_secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.tenant_secrets enable row level security;
revoke all on public.tenant_secrets from anon, authenticated;
comment on table public.tenant_secrets is
  'service-only: tenant service keys and JWT secrets; no policy on purpose, only service_role (which bypasses RLS) reads it.';

create trigger tenant_secrets_set_updated_at before insert or update on public.tenant_secrets
  for each row execute function public.set_updated_at();

-- The login helper: the public face of one active organization. Security
-- definer so it returns exactly these columns whatever the caller's grants.
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
  status text
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.slug, t.company_name, t.display_name, t.description, t.email_domain,
         t.supabase_url, t.supabase_anon_key, t.status
    from public."Tenants" t
   where t.slug = lower(trim(org_slug))
     and t.status = 'active'
$$;

grant execute on function public.get_organization_by_slug(text) to anon, authenticated, service_role;
