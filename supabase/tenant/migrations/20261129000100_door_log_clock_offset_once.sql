-- The device clock's offset (x-client-time in request.headers against the
-- server's now(), decision 013) is the same for every check of a
-- transaction: both are fixed when it starts. door_log_stamp parsed the
-- headers' JSON for each row, about 2 ms of a 500-check sync batch's 15 ms,
-- paid only by API callers. It now works the offset out for the first check
-- and keeps it in a transaction-local setting that the next rows read (a
-- function's SET clause restores only its own variables on return, so the
-- setting outlives each call). API callers cannot set it: PostgREST exposes
-- no set_config, and a new transaction starts without it.

create or replace function public.door_log_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  tolerance constant interval := interval '2 minutes';
  threshold_ms constant bigint := 120000;
  trusted timestamptz;
  flagged boolean := false;
  cached text;
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
  -- Worked out for the transaction's first check, then read back ('none': the device sent no clock).
  cached := pg_catalog.current_setting('lockstep.clock_offset_ms', true);
  if cached is null or cached = '' then
    new.clock_offset_ms := public.client_clock_offset_ms();
    perform pg_catalog.set_config('lockstep.clock_offset_ms', coalesce(new.clock_offset_ms::pg_catalog.text, 'none'), true);
  elsif cached <> 'none' then
    new.clock_offset_ms := cached::pg_catalog.int8;
  end if;
  trusted := new.device_created_at;
  if pg_catalog.abs(coalesce(new.clock_offset_ms, 0)) > threshold_ms then
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
