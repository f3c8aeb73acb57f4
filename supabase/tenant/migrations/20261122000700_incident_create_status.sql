-- A new incident starts at 'reported' unless an admin files it
-- (docs/rls-matrix.md). The reporter may edit their report only while it is
-- 'reported' and may not move it on (20261122000300); without this an
-- officer could skip that step by filing it directly as resolved or closed.
-- security_admin and super_admin (support sessions act as super_admin) may
-- still record an incident at any status, for example one already handled.
--
-- A non-admin's report is not refused for its status: a BEFORE INSERT
-- trigger files it as 'reported'. An installed PWA can run an older bundle
-- until its user accepts the update, and such a bundle may queue a report at
-- another status offline; refusing it would leave the officer only "discard".
-- The insert policy below still holds the row to 'reported' (it is checked
-- after BEFORE triggers), so nothing else can slip through. Replays are
-- unaffected: the sync engine sends a new row as insert on conflict do
-- nothing, and the trigger only rewrites the proposed row.

drop policy "signed-in users report incidents" on public.incidents;

create policy "signed-in users report incidents" on public.incidents
  for insert to authenticated
  with check (
    (select public.is_signed_in())
    and (
      (select public.has_any_role('security_admin', 'super_admin'))
      or (
        status = 'reported'
        and (reported_by is null or reported_by = (select auth.uid()))
      )
    )
  );

create function public.incident_starts_reported() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only API callers: the seed and server-side tools (database owner,
  -- service role) record incidents as they are.
  if coalesce(auth.role(), '') = 'authenticated'
     and not (select public.has_any_role('security_admin', 'super_admin')) then
    new.status := 'reported';
  end if;
  return new;
end;
$$;

create trigger incident_starts_reported
  before insert on public.incidents
  for each row execute function public.incident_starts_reported();

revoke all on function public.incident_starts_reported() from public;
