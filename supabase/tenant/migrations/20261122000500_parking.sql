-- Student parking: permits and violations, stored and synced like every
-- other table (the original kept them as demo data). office_staff,
-- security_admin and super_admin read, create, change and remove them;
-- nobody else sees them (docs/rls-matrix.md). Removal is a soft delete.

create table public.parking_permits (
  id uuid primary key default gen_random_uuid(),
  student_id text not null,
  student_name text not null,
  grade text,
  license_plate text not null,
  vehicle_description text,
  parking_spot_number text,
  campus_id uuid references public.campus (id) on delete set null,
  status text not null default 'active' check (status in ('active', 'suspended', 'expired')),
  issued_on date not null default current_date,
  expires_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (expires_on is null or expires_on >= issued_on)
);
create index parking_permits_student_id_idx on public.parking_permits (student_id);
create index parking_permits_license_plate_idx on public.parking_permits (license_plate);
create index parking_permits_campus_id_idx on public.parking_permits (campus_id);

create table public.parking_violations (
  id uuid primary key default gen_random_uuid(),
  student_id text,
  student_name text,
  permit_id uuid references public.parking_permits (id) on delete set null,
  license_plate text,
  violation_type text not null,
  description text,
  location text,
  status text not null default 'open' check (status in ('open', 'resolved')),
  fine_cents integer check (fine_cents >= 0),
  occurred_at timestamptz not null default now(),
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index parking_violations_student_id_idx on public.parking_violations (student_id);
create index parking_violations_permit_id_idx on public.parking_violations (permit_id);

do $$
declare
  t text;
begin
  foreach t in array array['parking_permits', 'parking_violations'] loop
    execute format('alter table public.%1$I enable row level security', t);
    execute format('create index %1$s_updated_at_id_idx on public.%1$I (updated_at, id)', t);
    execute format(
      'create trigger %1$s_guard_soft_delete before insert or update on public.%1$I
         for each row execute function public.guard_soft_delete(''office_staff'', ''security_admin'', ''super_admin'')', t);
    execute format(
      'create trigger %1$s_set_updated_at before insert or update on public.%1$I
         for each row execute function public.set_updated_at()', t);
    execute format(
      'create policy "parking staff read %1$s" on public.%1$I
         for select to authenticated
         using ((select public.has_any_role(''office_staff'', ''security_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "parking staff create %1$s" on public.%1$I
         for insert to authenticated
         with check ((select public.has_any_role(''office_staff'', ''security_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "parking staff update %1$s" on public.%1$I
         for update to authenticated
         using ((select public.has_any_role(''office_staff'', ''security_admin'', ''super_admin'')))
         with check ((select public.has_any_role(''office_staff'', ''security_admin'', ''super_admin'')))', t);
    execute format(
      'create policy "parking staff delete %1$s" on public.%1$I
         for delete to authenticated
         using ((select public.has_any_role(''office_staff'', ''security_admin'', ''super_admin'')))', t);
  end loop;
end;
$$;
