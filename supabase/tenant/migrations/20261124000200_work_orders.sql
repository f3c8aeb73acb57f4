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
-- confirms it). The priority, the due date, the door and the assignment stay
-- the admins'.

alter table public.maintenance_records
  add column due_date date,
  add column resolved_by uuid references public.users (id) on delete set null;

create index maintenance_records_resolved_by_idx on public.maintenance_records (resolved_by);
create index maintenance_records_due_date_idx on public.maintenance_records (due_date) where status <> 'resolved';

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
  new.resolution_notes := nullif(btrim(new.resolution_notes), '');
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
    new.source_door_log_id := null;
    new.resolved_by := case when new.status = 'resolved' then auth.uid() end;
    if not admin then
      new.assigned_to := null;
    end if;
    return new;
  end if;

  new.created_by := old.created_by;
  new.source_door_log_id := old.source_door_log_id;
  if new.status = 'resolved' and old.status is distinct from 'resolved' then
    new.resolved_by := auth.uid();
  elsif new.status <> 'resolved' then
    new.resolved_by := null;
  else
    new.resolved_by := old.resolved_by;
  end if;
  if admin then
    return new;
  end if;
  new.door_id := old.door_id;
  new.priority := old.priority;
  new.due_date := old.due_date;
  if new.status = 'resolved' and old.status is distinct from 'resolved' and new.resolution_notes is null then
    raise exception 'say what was done to resolve this work order'
      using errcode = '23514';
  end if;
  return new;
end;
$$;

create table public.maintenance_comments (
  id uuid primary key default gen_random_uuid(),
  record_id uuid not null references public.maintenance_records (id) on delete restrict,
  body text not null check (length(btrim(body)) between 1 and 2000),
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
  new.body := btrim(new.body);
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
