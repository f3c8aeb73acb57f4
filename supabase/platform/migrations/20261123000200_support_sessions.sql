-- Audited support sessions through the product API (issue 11,
-- docs/decisions/019).
--
-- 1. support_access_log is written by the server alone: POST
--    /api/admin/support-sessions re-checks the staff admin's password, then
--    writes this row, the tenant's support_sessions row and the platform
--    audit row, and mints the tenant JWT. A staff admin writing the row
--    directly would log a session that no check stood behind.
-- 2. The row names the staff member as they were (email and name, kept if
--    the Staff row changes later) and records when the session ended. It
--    stays append-only except for that one fact: ended_at may be set once,
--    from empty, by the server, and nothing else ever changes.
-- 3. support_reauth_attempts: every re-authentication the support route
--    made (right or wrong, with the API's clock), so five wrong passwords in
--    a row within 15 minutes lock the route for 15 minutes from the fifth,
--    whichever API instance answers. Server only. An attempt is recorded
--    (pending, succeeded null) before the password is checked, by
--    begin_support_reauth under a row lock on the staff member, so parallel
--    requests cannot check more than five passwords: a pending attempt
--    counts as a failure until its answer is written.

-- 1. Server-only writes ----------------------------------------------------------

drop policy "staff admins log their own support sessions" on public.support_access_log;
revoke insert on public.support_access_log from authenticated;

-- 2. Who, and the end ---------------------------------------------------------------

alter table public.support_access_log add column staff_email text;
alter table public.support_access_log add column staff_name text;
alter table public.support_access_log add column ended_at timestamptz;
alter table public.support_access_log add constraint support_access_log_ended_after_start
  check (ended_at is null or ended_at >= started_at);
grant update (ended_at) on public.support_access_log to service_role;

create or replace function public.refuse_audit_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and old.ended_at is null
     and new.ended_at is not null
     and (to_jsonb(new) - 'ended_at') = (to_jsonb(old) - 'ended_at') then
    return new;
  end if;
  raise exception 'the support access log is append-only' using errcode = '42501';
end;
$$;

-- 3. Re-authentication attempts ---------------------------------------------------

create table public.support_reauth_attempts (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public."Staff" (id) on delete cascade,
  -- null while the password is being checked (counted as a failure).
  succeeded boolean,
  -- The API's clock (it can be given one in tests), not now(): the lock is
  -- computed by the API from these times.
  attempted_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index support_reauth_attempts_staff_idx on public.support_reauth_attempts (staff_id, attempted_at desc);
alter table public.support_reauth_attempts enable row level security;
revoke all on public.support_reauth_attempts from anon, authenticated;
comment on table public.support_reauth_attempts is
  'service-only: the support route''s password re-checks, for its lock; no policy on purpose.';

-- Takes one re-authentication slot: under a lock on the staff member's row
-- (so parallel requests queue here), computes the lock from the last five
-- attempts as the API does (pending ones count as failures) and, when not
-- locked, records a pending attempt and returns its id. Returns the lock's
-- end instead when locked. p_at is the API's clock.
create function public.begin_support_reauth(p_staff_id uuid, p_at timestamptz) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  newest timestamptz;
  oldest timestamptz;
  failed integer;
  total integer;
  new_id uuid;
begin
  perform 1 from public."Staff" where id = p_staff_id for update;
  select max(a.attempted_at), min(a.attempted_at), count(*) filter (where a.succeeded is not true), count(*)
    into newest, oldest, failed, total
    from (select attempted_at, succeeded from public.support_reauth_attempts
           where staff_id = p_staff_id order by attempted_at desc, created_at desc limit 5) a;
  if total = 5 and failed = 5 and newest - oldest <= interval '15 minutes'
     and p_at < newest + interval '15 minutes' then
    return json_build_object('locked_until', newest + interval '15 minutes');
  end if;
  insert into public.support_reauth_attempts (staff_id, succeeded, attempted_at)
  values (p_staff_id, null, p_at) returning id into new_id;
  return json_build_object('attempt_id', new_id);
end;
$$;
revoke all on function public.begin_support_reauth(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.begin_support_reauth(uuid, timestamptz) to service_role;
