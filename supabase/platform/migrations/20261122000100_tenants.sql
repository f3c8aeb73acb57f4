-- Tenants: one row per organization, with the public values its sign-in
-- screens need, and tenant_secrets: the keys only the server may read.
create table public."Tenants" (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  company_name text not null,
  display_name text,
  description text,
  email_domain text,
  supabase_url text not null,
  supabase_anon_key text not null,
  status text not null default 'active',
  database_status text not null default 'active',
  database_created_at timestamptz,
  database_error text,
  created_at timestamptz not null default now(),
  created_by uuid,
  updated_at timestamptz not null default now()
);
alter table public."Tenants" enable row level security;

create table public.tenant_secrets (
  tenant_id uuid primary key references public."Tenants" (id) on delete cascade,
  service_role_key text not null,
  jwt_secret text not null
);
alter table public.tenant_secrets enable row level security;
revoke all on public.tenant_secrets from anon, authenticated;
