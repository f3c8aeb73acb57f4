-- Tenant users and the role helpers every tenant policy uses.
--
-- Signed in means: a JWT with role authenticated whose subject has an active,
-- not deleted users row, or a support session. A support session is a JWT
-- with role authenticated and a support_session claim (the id of the
-- platform's support_access_log row); only the product API can mint one, and
-- it acts as super_admin (it has no users row).
--
-- Role and flags: users.role is the one source of truth. The flags are derived
-- from it on every write, and values a client sends for them are ignored:
--   is_super_admin          = role = 'super_admin'
--   is_security_admin       = role = 'security_admin'
--   is_transportation_admin = role = 'transportation_admin'
--   is_admin                = role is one of the three admin roles
-- is_organization_user is a plain column (every member of the organization,
-- true by default). is_staff_admin is informational and only the server may
-- change it; tenant authorization never reads it.
--
-- Who may do what (docs/rls-matrix.md): every signed-in user reads users;
-- only the server inserts; a user changes their own first_name, last_name and
-- phone; security_admin changes users that are not super admins and cannot
-- grant super_admin; super_admin changes and removes anyone.

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

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  first_name text,
  last_name text,
  phone text,
  department text,
  role text not null default 'regular_user'
    check (role in ('regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin')),
  is_admin boolean not null default false,
  is_organization_user boolean not null default true,
  tenant_slug text,
  organization_email_domain text,
  active boolean not null default true,
  require_password_change boolean not null default false,
  password_changed_at timestamptz,
  last_sign_in_at timestamptz,
  is_staff_admin boolean not null default false,
  is_security_admin boolean not null default false,
  is_transportation_admin boolean not null default false,
  is_super_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index users_email_key on public.users (lower(email));
create index users_role_idx on public.users (role);
create index users_updated_at_id_idx on public.users (updated_at, id);
alter table public.users enable row level security;

create function public.is_support_session() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.role() = 'authenticated' and nullif(auth.jwt() ->> 'support_session', '') is not null, false)
$$;

-- Security definer: policies on users call it, so it must read users
-- without going through users' own RLS.
create function public.current_app_role() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when public.is_support_session() then 'super_admin'
    else (
      select u.role from public.users u
       where u.id = auth.uid() and u.active and u.deleted_at is null
    )
  end
$$;

create function public.has_any_role(variadic roles text[]) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.current_app_role() = any (roles), false)
$$;

create function public.is_signed_in() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.current_app_role() is not null
$$;

-- Only requests through the API roles are checked by the guards below; the
-- server (service_role) and the database owner write freely.
create function public.is_api_caller() returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user::text in ('anon', 'authenticated')
$$;

-- Soft delete (setting deleted_at, or clearing it again) is allowed only to
-- the roles named in the trigger's arguments; tables whose remove roles equal
-- their change roles get it too, so the rule is visible on every table.
create function public.guard_soft_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_api_caller()
     and ((tg_op = 'INSERT' and new.deleted_at is not null)
       or (tg_op = 'UPDATE' and new.deleted_at is distinct from old.deleted_at))
     and not public.has_any_role(variadic tg_argv) then
    raise exception 'only % may remove rows from %', array_to_string(tg_argv, ', '), tg_table_name
      using errcode = '42501';
  end if;
  return new;
end;
$$;

create function public.users_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  caller text;
begin
  -- Older clients store regular users as 'user'.
  if new.role = 'user' then
    new.role := 'regular_user';
  end if;
  new.is_super_admin := new.role = 'super_admin';
  new.is_security_admin := new.role = 'security_admin';
  new.is_transportation_admin := new.role = 'transportation_admin';
  new.is_admin := new.role in ('security_admin', 'transportation_admin', 'super_admin');

  if tg_op <> 'UPDATE' or not public.is_api_caller() then
    return new;
  end if;

  -- Server-owned: a client sending a whole cached row must not fail or
  -- rewind them, so they silently keep their stored values.
  new.last_sign_in_at := old.last_sign_in_at;
  new.created_at := old.created_at;

  caller := public.current_app_role();
  if new.is_staff_admin is distinct from old.is_staff_admin then
    raise exception 'is_staff_admin is set by the server only' using errcode = '42501';
  end if;
  if new.id <> old.id then
    raise exception 'a user''s id cannot change' using errcode = '42501';
  end if;
  if caller = 'super_admin' then
    return new;
  end if;
  if new.deleted_at is distinct from old.deleted_at then
    raise exception 'only super_admin may remove users' using errcode = '42501';
  end if;
  if caller = 'security_admin' and old.id <> auth.uid() then
    -- RLS already hides super admins from security admins; this keeps the
    -- message precise if a policy ever changes.
    if old.role = 'super_admin' or new.role = 'super_admin' then
      raise exception 'security admins cannot change super admins or grant super_admin' using errcode = '42501';
    end if;
    return new;
  end if;
  -- Everyone else, and any admin on their own row: names and phone only.
  if (to_jsonb(new) - array['first_name', 'last_name', 'phone', 'updated_at'])
     is distinct from (to_jsonb(old) - array['first_name', 'last_name', 'phone', 'updated_at']) then
    raise exception 'you may change only your first name, last name and phone' using errcode = '42501';
  end if;
  return new;
end;
$$;

-- Triggers fire in name order: derive and guard first, then stamp updated_at.
create trigger users_a_before_write before insert or update on public.users
  for each row execute function public.users_before_write();
create trigger users_z_set_updated_at before insert or update on public.users
  for each row execute function public.set_updated_at();

create policy "signed-in users read users" on public.users
  for select to authenticated
  using ((select public.is_signed_in()));

-- No insert policy: users are created by the server (service key) together
-- with their auth account.

create policy "self, security admins and super admins update users" on public.users
  for update to authenticated
  using (
    (select public.has_any_role('super_admin'))
    or ((select public.has_any_role('security_admin')) and role <> 'super_admin')
    or (id = (select auth.uid()) and (select public.is_signed_in()))
  )
  with check (
    (select public.has_any_role('super_admin'))
    or ((select public.has_any_role('security_admin')) and role <> 'super_admin')
    or (id = (select auth.uid()) and (select public.is_signed_in()))
  );

create policy "super admins delete users" on public.users
  for delete to authenticated
  using ((select public.has_any_role('super_admin')));

-- Auth keeps the sign-in time and the password; the profile mirrors what the
-- product shows: last_sign_in_at, and that a password change clears
-- require_password_change (an admin reset sets it again afterwards through
-- the server). Security definer: it runs as the auth server's role.
create function public.sync_user_from_auth() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.last_sign_in_at is distinct from old.last_sign_in_at then
    update public.users set last_sign_in_at = new.last_sign_in_at where id = new.id;
  end if;
  if new.encrypted_password is distinct from old.encrypted_password then
    update public.users set require_password_change = false, password_changed_at = now() where id = new.id;
  end if;
  return new;
end;
$$;

create trigger on_auth_user_updated after update of last_sign_in_at, encrypted_password on auth.users
  for each row execute function public.sync_user_from_auth();
