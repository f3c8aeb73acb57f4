-- Campuses, doors, door conditions and tenant settings: read by every
-- signed-in user, created, changed and removed by security_admin and
-- super_admin (docs/rls-matrix.md). Removal is a soft delete (deleted_at is a
-- tombstone that sync pulls); hard delete is allowed to the same roles.
--
-- conditions holds three kinds of rows in one table so one pull syncs them:
--   kind 'global'  the default for every door: exactly one row, id all zeros,
--                  door_id and campus_id null;
--   kind 'campus'  the default for one campus: campus_id set, door_id null,
--                  at most one per campus;
--   kind 'door'    an override for one door: door_id set, campus_id null, at
--                  most one per door (upsert on door_id).
-- The effective condition of a door is its override, else its campus
-- default, else the global default. condition holds the text for every kind;
-- default_condition is a read-only alias of it on default rows, for readers
-- of the original schema (select default_condition by id). The original
-- marker values (GLOBAL_DEFAULT, CAMPUS_DEFAULT, 'campus-{id}' ids, an
-- all-zero door_id) are replaced by kind and nulls.

create table public.campus (
  id uuid primary key default gen_random_uuid(),
  campus_name text not null check (length(trim(campus_name)) > 0),
  address_line1 text,
  address_line2 text,
  city text,
  state text,
  zip_code text,
  active boolean not null default true,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index campus_updated_at_id_idx on public.campus (updated_at, id);
alter table public.campus enable row level security;

create table public.doors (
  id uuid primary key default gen_random_uuid(),
  door_number text not null check (length(trim(door_number)) > 0),
  name text,
  location text,
  status text not null default 'operational' check (status in ('operational', 'maintenance', 'out_of_service')),
  condition text default 'good' check (condition in ('good', 'fair', 'poor')),
  last_check timestamptz,
  next_check timestamptz,
  qr_code text,
  -- A data URL or a storage path of an uploaded QR image; it overrides the generated one.
  qr_image text,
  logo text,
  camera text,
  campus_id uuid not null references public.campus (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index doors_campus_id_idx on public.doors (campus_id);
create unique index doors_campus_number_key on public.doors (campus_id, lower(door_number)) where deleted_at is null;
create index doors_updated_at_id_idx on public.doors (updated_at, id);
alter table public.doors enable row level security;

create table public.conditions (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'door' check (kind in ('global', 'campus', 'door')),
  door_id uuid unique references public.doors (id) on delete cascade,
  campus_id uuid references public.campus (id) on delete cascade,
  condition text not null check (length(trim(condition)) > 0),
  default_condition text generated always as (case when kind <> 'door' then condition end) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (
    (kind = 'global' and id = '00000000-0000-0000-0000-000000000000' and door_id is null and campus_id is null)
    or (kind = 'campus' and id <> '00000000-0000-0000-0000-000000000000' and door_id is null and campus_id is not null)
    or (kind = 'door' and id <> '00000000-0000-0000-0000-000000000000' and door_id is not null and campus_id is null)
  )
);
create unique index conditions_one_default_per_campus on public.conditions (campus_id) where kind = 'campus';
create index conditions_updated_at_id_idx on public.conditions (updated_at, id);
alter table public.conditions enable row level security;

create table public.tenant_settings (
  id uuid primary key default gen_random_uuid(),
  -- The tenant's platform id, informational: each tenant has its own database.
  tenant_id uuid,
  setting_key text not null unique,
  setting_value text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index tenant_settings_updated_at_id_idx on public.tenant_settings (updated_at, id);
alter table public.tenant_settings enable row level security;

-- Same triggers and the same four policies on each of these tables, generated
-- so they cannot drift apart.
do $$
declare
  t text;
begin
  foreach t in array array['campus', 'doors', 'conditions', 'tenant_settings'] loop
    execute format(
      'create trigger %1$s_guard_soft_delete before insert or update on public.%1$I
         for each row execute function public.guard_soft_delete(''security_admin'', ''super_admin'')', t);
    execute format(
      'create trigger %1$s_set_updated_at before insert or update on public.%1$I
         for each row execute function public.set_updated_at()', t);
    execute format(
      'create policy "signed-in users read %1$s" on public.%1$I
         for select to authenticated
         using ((select public.is_signed_in()))', t);
    execute format(
      'create policy "security admins create %1$s" on public.%1$I
         for insert to authenticated
         with check ((select public.has_any_role(''security_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "security admins update %1$s" on public.%1$I
         for update to authenticated
         using ((select public.has_any_role(''security_admin'', ''super_admin'')))
         with check ((select public.has_any_role(''security_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "security admins delete %1$s" on public.%1$I
         for delete to authenticated
         using ((select public.has_any_role(''security_admin'', ''super_admin'')))', t);
  end loop;
end;
$$;
