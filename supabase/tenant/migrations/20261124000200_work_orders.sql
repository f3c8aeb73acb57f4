-- Maintenance work orders (issue 13 §2, DESIGN §11): the records a failing
-- door check opens become work someone is given, by a date, talked about and
-- closed with a note.
--
--   maintenance_records.due_date     the day the work should be done by; a
--                                    record not resolved after that day is
--                                    overdue (judged in the tenant's screens).
--   maintenance_records.resolved_by  who resolved it, set from the session;
--                                    null while unresolved, and for records a
--                                    passing check resolved.
--   maintenance_comments             the conversation on a record: every
--                                    signed-in user reads them and adds their
--                                    own; nobody changes or removes one
--                                    (append-only, as door_log). user_id and
--                                    author_name come from the session.
--
-- What the assignee may change (docs/rls-matrix.md): the status, with a
-- resolution note when they resolve (a record a check opened included: the
-- person sent to fix the door says it is fixed; the next passing check
-- confirms it; a note left from before a reopening does not count). The
-- description, priority, due date, door and assignment stay the admins'.
-- When a record was resolved (resolved_at) and by whom are the server's.

alter table public.maintenance_records
  add column due_date date,
  add column resolved_by uuid references public.users (id) on delete set null;

create index maintenance_records_resolved_by_idx on public.maintenance_records (resolved_by);
create index maintenance_records_due_date_idx on public.maintenance_records (due_date) where status <> 'resolved';

-- Whitespace as the app trims it (spaces, tabs, line breaks), so a note of
-- nothing but a tab or a newline counts as no note.
create function public.trim_text(value text) returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(btrim(value, E' \t\r\n'), '')
$$;

-- Pure and harmless: every API role may run it, so a refused anon write is
-- refused by its policy, not by a missing grant.
revoke all on function public.trim_text(text) from public;
grant execute on function public.trim_text(text) to anon, authenticated, service_role;

create or replace function public.maintenance_records_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  admin boolean;
begin
  if not public.is_api_caller() then
    return new;
  end if;
  admin := public.has_any_role('security_admin', 'super_admin');
  new.resolution_notes := public.trim_text(new.resolution_notes);
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.source_door_log_id := null;
    new.resolved_by := case when new.status = 'resolved' then auth.uid() end;
    -- When it was resolved is the server's to say, not the device's.
    new.resolved_at := case when new.status = 'resolved' then pg_catalog.now() end;
    if not admin then
      new.assigned_to := null;
    end if;
    return new;
  end if;

  new.created_by := old.created_by;
  new.source_door_log_id := old.source_door_log_id;
  new.created_at := old.created_at;
  if new.status = 'resolved' and old.status is distinct from 'resolved' then
    new.resolved_by := auth.uid();
    new.resolved_at := pg_catalog.now();
  elsif new.status <> 'resolved' then
    new.resolved_by := null;
    new.resolved_at := null;
  else
    new.resolved_by := old.resolved_by;
    new.resolved_at := old.resolved_at;
  end if;
  if admin then
    return new;
  end if;
  -- The assignee changes the status and says what was done; the rest stays the admins'.
  new.door_id := old.door_id;
  new.door_name := old.door_name;
  new.issue_type := old.issue_type;
  new.description := old.description;
  new.priority := old.priority;
  new.due_date := old.due_date;
  if new.status = 'resolved' and (
       new.resolution_notes is null
       -- A note left from before the record was reopened does not say what was done this time.
       or (old.status is distinct from 'resolved' and new.resolution_notes is not distinct from old.resolution_notes)
     ) then
    raise exception 'say what was done to resolve this work order'
      using errcode = '23514';
  end if;
  return new;
end;
$$;

create table public.maintenance_comments (
  id uuid primary key default gen_random_uuid(),
  record_id uuid not null references public.maintenance_records (id) on delete restrict,
  body text not null check (coalesce(length(public.trim_text(body)), 0) between 1 and 2000),
  user_id uuid,
  author_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index maintenance_comments_record_idx on public.maintenance_comments (record_id, created_at);
create index maintenance_comments_updated_at_id_idx on public.maintenance_comments (updated_at, id);
alter table public.maintenance_comments enable row level security;
-- TRUNCATE is not subject to RLS.
revoke truncate on public.maintenance_comments from anon, authenticated;

create trigger maintenance_comments_set_updated_at before insert or update on public.maintenance_comments
  for each row execute function public.set_updated_at();

create function public.maintenance_comments_authorship() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.body := coalesce(public.trim_text(new.body), '');
  if public.is_api_caller() then
    new.user_id := auth.uid();
    new.author_name := public.session_user_name();
  end if;
  return new;
end;
$$;

revoke all on function public.maintenance_comments_authorship() from public;

create trigger maintenance_comments_a_authorship before insert on public.maintenance_comments
  for each row execute function public.maintenance_comments_authorship();

create policy "signed-in users read maintenance comments" on public.maintenance_comments
  for select to authenticated
  using ((select public.is_signed_in()));

create policy "signed-in users comment as themselves" on public.maintenance_comments
  for insert to authenticated
  with check (
    (select public.is_signed_in())
    and user_id is not distinct from (select auth.uid())
  );

-- No update or delete policy: comments are append-only.
