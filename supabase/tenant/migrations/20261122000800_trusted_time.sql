-- Trusted time for door checks (DESIGN §7 "Time", docs/decisions/013-trusted-time.md).
--
-- A check's created_at came from the phone unbounded: a check dated 2099 kept
-- a door "Recent Check" for ever and made the next failure's maintenance
-- record be born resolved; a phone two days behind filed checks two days in
-- the past. From here on created_at is the trusted time of the check, in the
-- server's clock, and everything that reads it (freshness, the maintenance
-- trigger, reports, the local store's indexes) gets trusted time unchanged.
-- What the device said is kept beside it:
--
--   device_created_at  the created_at the device sent (null: a row from
--                      before this migration or from the server itself)
--   clock_offset_ms    the device's clock minus the server's when it pushed
--                      (its x-client-time header, epoch ms; null when the
--                      client sent none, as older app versions do)
--   clock_skew_ms      null when the device's time was trusted as sent;
--                      otherwise the row is flagged and this is how far the
--                      device's time was moved (device_created_at minus
--                      created_at; positive: the device was ahead)
--
-- For a check from an API caller (authenticated):
--   * a device clock off by more than 2 minutes moves the check into the
--     server's frame (device time minus offset) and flags it: the offset is
--     measured when the push arrives, so an offline check from a phone whose
--     clock was already wrong when it was recorded lands at its real time;
--   * a created_at still more than 2 minutes after the receive time (a
--     forged date, or a clock changed between recording and pushing) is
--     clamped to the receive time and flagged;
--   * a check is never later than its receive time (a few seconds of jitter
--     are clamped without a flag).
-- The server (service_role imports, the database owner's seeds) records
-- times as given, as before.

alter table public.door_log
  add column device_created_at timestamptz,
  add column clock_offset_ms bigint,
  add column clock_skew_ms bigint;

comment on column public.door_log.created_at is 'Trusted time of the check, in the server''s clock (docs/decisions/013-trusted-time.md).';
comment on column public.door_log.device_created_at is 'The time the device recorded for the check, as sent.';
comment on column public.door_log.clock_offset_ms is 'Device clock minus server clock at the push (x-client-time header), ms.';
comment on column public.door_log.clock_skew_ms is 'Set when flagged: how far the device''s time was moved to the trusted time, ms.';

create function public.client_clock_offset_ms() returns bigint
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := nullif(pg_catalog.current_setting('request.headers', true), '');
  sent text;
begin
  if headers is null then
    return null;
  end if;
  sent := headers::json ->> 'x-client-time';
  -- Checked before the cast: an exception block would cost a subtransaction per row.
  if sent is null or sent !~ '^[0-9]{1,15}$' then
    return null;
  end if;
  return sent::bigint - (extract(epoch from pg_catalog.now()) * 1000)::bigint;
end;
$$;

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
  new.clock_offset_ms := public.client_clock_offset_ms();
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

-- Checks already stored in the future of their arrival get the same clamp,
-- so a 2099 check stops holding its door at "Recent Check". updated_at moves
-- so every device pulls the corrected row. The stamp trigger keeps times on
-- update (append-only), so it is held off for this one repair.
alter table public.door_log disable trigger door_log_stamp;
update public.door_log
   set device_created_at = created_at,
       clock_skew_ms = (extract(epoch from created_at - received_at) * 1000)::bigint,
       created_at = received_at,
       updated_at = pg_catalog.now()
 where created_at > received_at + interval '2 minutes';
alter table public.door_log enable trigger door_log_stamp;

-- The device learns its own offset from the server's time (the sync engine
-- asks once per round), so the officer's screen judges freshness by the
-- same clock the admins' screens do.
create function public.server_time() returns timestamptz
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.clock_timestamp()
$$;

revoke all on function public.server_time() from public;
grant execute on function public.server_time() to authenticated;
