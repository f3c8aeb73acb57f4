-- A new incident starts at 'reported' unless an admin files it
-- (docs/rls-matrix.md). The reporter may edit their report only while it is
-- 'reported' and may not move it on (20261122000300); without this an
-- officer could skip that step by filing it directly as resolved or closed.
-- security_admin and super_admin (support sessions act as super_admin) may
-- still record an incident at any status, for example one already handled.
--
-- The client sends inserts as upserts on id, so this check also covers the
-- proposed row of every upsert: a reporter's own edit keeps 'reported', so
-- it passes, as before.

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
