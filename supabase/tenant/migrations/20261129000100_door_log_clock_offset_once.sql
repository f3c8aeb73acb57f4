-- The device clock's offset (x-client-time in request.headers against the
-- server's now(), decision 013) is the same for every row of a statement:
-- both are fixed for the transaction. door_log_stamp parsed the headers'
-- JSON once per row, about 2 ms of a 500-check sync batch's 15 ms, paid only
-- by API callers. A statement trigger now works it out once and leaves it in
-- a transaction-local setting that each row reads. That function has no SET
-- clause on purpose: a function's SET clause undoes the SET LOCALs made
-- inside it when it returns. It names everything schema-qualified and runs
-- as its caller, so the caller's search_path can only mislead the caller.

create function public.door_log_clock_offset() returns trigger
language plpgsql
as $$
begin
  if public.is_api_caller() then
    perform pg_catalog.set_config('lockstep.clock_offset_ms', coalesce(public.client_clock_offset_ms()::pg_catalog.text, ''), true);
  end if;
  return null;
end;
$$;

revoke all on function public.door_log_clock_offset() from public;

-- Named to fire before door_log_stamp's rows (statement triggers come first in any case).
create trigger door_log_clock_offset before insert on public.door_log
  for each statement execute function public.door_log_clock_offset();

create or replace function public.door_log_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  tolerance constant interval := interval '2 minutes';
  threshold_ms constant bigint := 120000;
  trusted timestamptz;
  flagged boolean := false;
begin
  new.updated_at := pg_catalog.now();
  if tg_op = 'UPDATE' then
    new.received_at := old.received_at;
    new.created_at := old.created_at;
    new.device_created_at := old.device_created_at;
    new.clock_offset_ms := old.clock_offset_ms;
    new.clock_skew_ms := old.clock_skew_ms;
    return new;
  end if;

  if not public.is_api_caller() then
    -- The server (imports, demo seeds) may record when it received a check.
    new.received_at := coalesce(new.received_at, pg_catalog.now());
    return new;
  end if;

  -- A check is the signed-in officer's own, whatever the body says
  -- (the insert policy refuses anyone without a users row).
  new.user_id := auth.uid();
  new.received_at := pg_catalog.now();
  new.device_created_at := coalesce(new.created_at, pg_catalog.now());
  -- Worked out once per statement, by door_log_clock_offset below.
  new.clock_offset_ms := nullif(pg_catalog.current_setting('lockstep.clock_offset_ms', true), '')::bigint;
  trusted := new.device_created_at;
  if abs(coalesce(new.clock_offset_ms, 0)) > threshold_ms then
    trusted := trusted - pg_catalog.make_interval(secs => new.clock_offset_ms / 1000.0);
    flagged := true;
  end if;
  if trusted > new.received_at + tolerance then
    flagged := true;
  end if;
  new.created_at := least(trusted, new.received_at);
  new.clock_skew_ms := case
    when flagged then (extract(epoch from new.device_created_at - new.created_at) * 1000)::bigint
  end;
  return new;
end;
$$;
