-- Missed-check alerts (issue 12, DESIGN §11, docs/decisions/021).
--
-- The rule of src/features/security/missed-check.ts in SQL, so a digest
-- computed here agrees with the screens (tests/db/missed-check-alerts.test.ts
-- runs both on the same fixtures):
--   overdue    at >= last check + interval x (100 + grace) %
--   escalated  at >= last check + interval x max(100 + grace, escalate) %
--   a door never checked is escalated.
-- N hours x P % is N x 36 x P seconds exactly, so nothing rounds.
--
-- Settings (tenant_settings, parsed by public.setting_integer as
-- parseSettingInteger parses them in the app; anything unusable gives the
-- default): check_interval_hours 1..168 (24), missed_check_grace_percent
-- 0..400 (25), missed_check_escalate_percent 100..1000 (200).
--
-- door_alert_acks: an admin's acknowledgement of an alert, with a note.
-- Who may do what (docs/rls-matrix.md): every signed-in user reads them;
-- security_admin and super_admin (and a support session, as super_admin)
-- create them; nobody changes or removes one (append-only: a correction is a
-- new acknowledgement). acknowledged_by and acknowledged_by_name are set from
-- the session, whatever the request says. An ack is for one check episode
-- (last_check_at: the door's latest check when it was made, null for a door
-- never checked) and one level: an ack made while the door was only overdue
-- does not cover its escalation.

create function public.setting_integer(value text, min_value integer, max_value integer, fallback integer) returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when value ~ '^[ \t\n\r]*[0-9]+[ \t\n\r]*$' then
      case
        when btrim(value, E' \t\n\r')::numeric between min_value and max_value then btrim(value, E' \t\n\r')::integer
        else fallback
      end
    else fallback
  end
$$;

create function public.missed_check_level(
  last_check timestamptz,
  interval_hours integer,
  grace_percent integer,
  escalate_percent integer,
  at timestamptz
) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when last_check is null then 'escalated'
    when $5 >= last_check + make_interval(secs => greatest(interval_hours::bigint * 36 * (100 + grace_percent),
                                                           interval_hours::bigint * 36 * escalate_percent))
      then 'escalated'
    when $5 >= last_check + make_interval(secs => interval_hours::bigint * 36 * (100 + grace_percent)) then 'overdue'
    else 'ok'
  end
$$;

-- Every door that is overdue or escalated at `at`, most late first (never
-- checked first, then by how long ago its interval ended; doors due at the
-- same time in text order of door_number, where the screens use natural door
-- order, EA2 before EA10).
-- Security invoker: a caller sees only the doors and checks their own
-- policies let them read (every signed-in user reads both); the service role
-- (a digest job) sees all.
create function public.overdue_doors(at timestamptz default now())
returns table (door_id uuid, door_number text, campus_id uuid, last_check_at timestamptz, due_at timestamptz, level text)
language sql
stable
set search_path = ''
as $$
  with policy as (
    select
      public.setting_integer((select s.setting_value from public.tenant_settings s
                               where s.setting_key = 'check_interval_hours' and s.deleted_at is null), 1, 168, 24) as interval_hours,
      public.setting_integer((select s.setting_value from public.tenant_settings s
                               where s.setting_key = 'missed_check_grace_percent' and s.deleted_at is null), 0, 400, 25) as grace_percent,
      public.setting_integer((select s.setting_value from public.tenant_settings s
                               where s.setting_key = 'missed_check_escalate_percent' and s.deleted_at is null), 100, 1000, 200) as escalate_percent
  ),
  judged as (
    select d.id, d.door_number, d.campus_id, l.last_check_at,
           l.last_check_at + make_interval(hours => p.interval_hours) as due_at,
           public.missed_check_level(l.last_check_at, p.interval_hours, p.grace_percent, p.escalate_percent, $1) as level
      from public.doors d
      cross join policy p
      left join lateral (
        select max(x.created_at) as last_check_at from public.door_log x where x.door_id = d.id
      ) l on true
     where d.deleted_at is null
       and d.id <> '00000000-0000-0000-0000-000000000000'
       and d.door_number <> 'GLOBAL_DEFAULT'
  )
  select j.id, j.door_number, j.campus_id, j.last_check_at, j.due_at, j.level
    from judged j
   where j.level <> 'ok'
   order by j.last_check_at is not null, j.due_at, j.door_number
$$;

revoke all on function public.setting_integer(text, integer, integer, integer) from public, anon;
revoke all on function public.missed_check_level(timestamptz, integer, integer, integer, timestamptz) from public, anon;
revoke all on function public.overdue_doors(timestamptz) from public, anon;
grant execute on function public.setting_integer(text, integer, integer, integer) to authenticated, service_role;
grant execute on function public.missed_check_level(timestamptz, integer, integer, integer, timestamptz) to authenticated, service_role;
grant execute on function public.overdue_doors(timestamptz) to authenticated, service_role;

create table public.door_alert_acks (
  id uuid primary key default gen_random_uuid(),
  door_id uuid not null references public.doors (id) on delete restrict,
  last_check_at timestamptz,
  level text not null default 'overdue' check (level in ('overdue', 'escalated')),
  note text not null check (length(btrim(note)) between 1 and 500),
  acknowledged_by uuid,
  acknowledged_by_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index door_alert_acks_door_idx on public.door_alert_acks (door_id, last_check_at);
create index door_alert_acks_updated_at_id_idx on public.door_alert_acks (updated_at, id);
alter table public.door_alert_acks enable row level security;
-- TRUNCATE is not subject to RLS.
revoke truncate on public.door_alert_acks from anon, authenticated;

create trigger door_alert_acks_set_updated_at before insert or update on public.door_alert_acks
  for each row execute function public.set_updated_at();

create function public.door_alert_acks_authorship() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  judged text;
begin
  new.note := btrim(new.note);
  if public.is_api_caller() then
    new.acknowledged_by := auth.uid();
    new.acknowledged_by_name := public.session_user_name();
    -- An ack may not claim an escalation before it happened: that would keep
    -- the door from super admins. (An early overdue-level ack hides nothing
    -- from them; it covers the overdue alert only, in the acknowledged list.)
    -- Judged by the server's clock when the ack arrives; within one check
    -- episode the level only rises, so an ack written offline still passes.
    -- (anon may not judge; the insert policy refuses it anyway.)
    if current_user::text <> 'authenticated' then
      return new;
    end if;
    select public.missed_check_level(
             new.last_check_at,
             public.setting_integer((select s.setting_value from public.tenant_settings s
                                      where s.setting_key = 'check_interval_hours' and s.deleted_at is null), 1, 168, 24),
             public.setting_integer((select s.setting_value from public.tenant_settings s
                                      where s.setting_key = 'missed_check_grace_percent' and s.deleted_at is null), 0, 400, 25),
             public.setting_integer((select s.setting_value from public.tenant_settings s
                                      where s.setting_key = 'missed_check_escalate_percent' and s.deleted_at is null), 100, 1000, 200),
             now())
      into judged;
    if new.level = 'escalated' and judged <> 'escalated' then
      raise exception 'This door''s check is not %: there is nothing to acknowledge at that level', new.level
        using errcode = '23514';
    end if;
  end if;
  return new;
end;
$$;

revoke all on function public.door_alert_acks_authorship() from public;

create trigger door_alert_acks_a_authorship before insert on public.door_alert_acks
  for each row execute function public.door_alert_acks_authorship();

create policy "signed-in users read door alert acks" on public.door_alert_acks
  for select to authenticated
  using ((select public.is_signed_in()));

create policy "security admins acknowledge door alerts" on public.door_alert_acks
  for insert to authenticated
  with check (
    (select public.has_any_role('security_admin', 'super_admin'))
    and deleted_at is null
    and acknowledged_by is not distinct from (select auth.uid())
  );

-- No update or delete policy: acknowledgements are append-only.
