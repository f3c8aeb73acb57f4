-- A tenant's service key is only ever sent to the project URL recorded with it
-- (DESIGN §8, docs/decisions/016-tenant-secrets-and-browser-headers.md).
--
-- Before this, the product API read the URL from "Tenants".supabase_url, which
-- a staff admin may edit from the browser: pointing it at any host made the
-- health probe send that host the tenant's service key. The URL now lives
-- beside the key in tenant_secrets (server only), and a provisioned tenant's
-- URL and anon key can no longer be changed by an API caller: the server
-- (service role, the database owner) changes them, through the product API,
-- where the change is audited.

alter table public.tenant_secrets add column project_url text;

update public.tenant_secrets s
   set project_url = t.supabase_url
  from public."Tenants" t
 where t.id = s.tenant_id
   and s.project_url is null;

-- Secrets stored without a URL belong to the project the tenant row names at
-- that moment: the server writes both when it provisions the tenant.
create function public.tenant_secrets_default_url() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.project_url is null then
    select t.supabase_url into new.project_url from public."Tenants" t where t.id = new.tenant_id;
  end if;
  return new;
end;
$$;

create trigger tenant_secrets_default_url before insert on public.tenant_secrets
  for each row execute function public.tenant_secrets_default_url();

alter table public.tenant_secrets alter column project_url set not null;

comment on column public.tenant_secrets.project_url is
  'The project the service key belongs to: the only URL the key is ever sent to.';

create function public.guard_tenant_project() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') in ('anon', 'authenticated')
     and (new.supabase_url is distinct from old.supabase_url
          or new.supabase_anon_key is distinct from old.supabase_anon_key)
     and exists (select 1 from public.tenant_secrets s where s.tenant_id = old.id) then
    raise exception 'A provisioned tenant''s project URL and anon key change only through the product API'
      using errcode = '42501',
            hint = 'The service key stored for this tenant belongs to its current project.';
  end if;
  return new;
end;
$$;

revoke all on function public.guard_tenant_project() from public;

create trigger tenants_guard_project before update on public."Tenants"
  for each row execute function public.guard_tenant_project();
