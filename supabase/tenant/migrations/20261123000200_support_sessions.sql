-- Audited support sessions (issue 11, DESIGN §6 and §8, docs/decisions/019).
--
-- A staff admin enters a tenant with a 30-minute tenant JWT minted by the
-- product API: role authenticated, sub = the staff id (no users row here),
-- support_session = the platform's support_access_log id. Until now any such
-- claim counted as super_admin for as long as the JWT lived. Now the tenant
-- keeps its own record of every session, written by the server (the product
-- API with the service key) when the session starts and when it ends, and the
-- claim counts only while that row exists, has not ended and has not expired
-- by this database's clock. So "Exit support" ends the session on the
-- tenant's side at once, and an expired one is refused here whatever the
-- token says.
--
-- A claim without a live row is not quietly treated as a signed-out caller
-- (empty lists would look like an empty tenant): every statement of that
-- request fails with SQLSTATE PT401, which PostgREST answers as HTTP 401, the
-- answer an expired JWT gets, so the app leaves support mode.
--
-- Who may do what (docs/rls-matrix.md): the tenant's super admins (and a live
-- support session, which acts as super_admin) read the history; no client
-- writes it (no insert, update or delete policy); the server writes freely.

create table public.support_sessions (
  -- The platform's support_access_log id, the same value as the JWT's claim.
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null,
  staff_email text not null,
  staff_name text,
  reason text not null check (reason in ('technical_support', 'bug_investigation', 'performance_issue',
    'data_migration', 'security_audit', 'feature_troubleshooting', 'other')),
  details text,
  started_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (reason <> 'other' or length(trim(coalesce(details, ''))) > 0),
  check (expires_at > started_at),
  check (ended_at is null or ended_at >= started_at)
);
create index support_sessions_started_idx on public.support_sessions (started_at desc);
create index support_sessions_updated_at_id_idx on public.support_sessions (updated_at, id);
alter table public.support_sessions enable row level security;
-- TRUNCATE is not subject to RLS.
revoke truncate on public.support_sessions from anon, authenticated;

create trigger support_sessions_set_updated_at before insert or update on public.support_sessions
  for each row execute function public.set_updated_at();

create policy "super admins read support sessions" on public.support_sessions
  for select to authenticated
  using ((select public.has_any_role('super_admin')));

-- No insert, update or delete policy: the server alone records sessions.

-- The claim is honoured only while its row is live. Security definer: it
-- reads support_sessions whatever the caller may read. Every role helper
-- (current_app_role, has_any_role, is_signed_in) and the authorship triggers
-- go through this one function, so they all follow.
create or replace function public.is_support_session() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claim text := nullif(auth.jwt() ->> 'support_session', '');
begin
  if claim is null or auth.role() is distinct from 'authenticated' then
    return false;
  end if;
  -- A claim that is no uuid names no session (checked before the cast, so a
  -- bad claim is refused like any other dead session).
  if claim ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    if exists (
      select 1 from public.support_sessions s
       where s.id = claim::uuid
         and s.staff_id::text = auth.jwt() ->> 'sub'
         and s.ended_at is null
         and s.expires_at > now()
    ) then
      return true;
    end if;
  end if;
  raise exception 'This support session has ended or expired'
    using errcode = 'PT401', hint = 'Start a new support session from the staff dashboard.';
end;
$$;
