/**
 * Trusted time on door checks (migration 20261122000800, decision 013):
 * created_at becomes the server's trusted time, clamped when in the future
 * of its arrival and moved into the server's frame when the pushing device's
 * clock (x-client-time, as request.headers carries it) is off; such rows are
 * flagged with clock_skew_ms, and the device's own time is kept beside. The
 * maintenance trigger orders checks by that trusted time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { asRole } from '../../supabase/local/request-tx';
import { newId, SERVICE, type TestProjects } from './helpers/db';
import { openFixtureTenant, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

interface Stored {
  created_at: string;
  received_at: string;
  device_created_at: string | null;
  clock_offset_ms: string | null;
  clock_skew_ms: string | null;
}

interface Push {
  created_at: string;
  /** The device's clock when it pushed, minus the real time (ms); undefined: no header. */
  deviceAheadMs?: number;
  header?: string;
  door_status?: string;
  doorId?: string;
  extra?: Record<string, unknown>;
}

/** One check pushed as the officer, the way the rest layer runs it (headers in request.headers). */
async function push(p: Push): Promise<Stored> {
  const id = newId();
  const headers = new Headers();
  if (p.header !== undefined) headers.set('X-Client-Time', p.header);
  else if (p.deviceAheadMs !== undefined) headers.set('X-Client-Time', String(Date.now() + p.deviceAheadMs));
  const row: Record<string, unknown> = {
    id,
    door_id: p.doorId ?? fx.parents.doorId,
    user_id: fx.uids.regular_user,
    door_status: p.door_status ?? 'operational',
    created_at: p.created_at,
    ...p.extra,
  };
  const cols = Object.keys(row);
  await asRole(
    tenant.engine,
    fx.claims.regular_user,
    (tx) =>
      tx.query(
        `insert into public.door_log (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) on conflict do nothing`,
        cols.map((c) => row[c]),
      ),
    { headers },
  );
  const r = await tenant.engine.query<Stored>(
    `select created_at::text, received_at::text, device_created_at::text, clock_offset_ms::text, clock_skew_ms::text
       from public.door_log where id = $1`,
    [id],
  );
  return r.rows[0]!;
}

const ms = (pgTime: string | null): number =>
  Date.parse(
    String(pgTime)
      .replace(' ', 'T')
      .replace(/([+-]\d\d)$/, '$1:00'),
  );
const iso = (t: number): string => new Date(t).toISOString();

describe('a check dated in the future of its arrival', () => {
  it('2099 from a client that sends no clock (an older app): clamped to the receive time and flagged', async () => {
    const s = await push({ created_at: '2099-01-01T00:00:00Z' });
    expect(s.created_at).toBe(s.received_at);
    expect(ms(s.device_created_at)).toBe(Date.parse('2099-01-01T00:00:00Z'));
    expect(s.clock_offset_ms).toBeNull();
    // Microseconds: the database rounds, Date.parse truncates.
    expect(Math.abs(Number(s.clock_skew_ms) - (Date.parse('2099-01-01T00:00:00Z') - ms(s.received_at)))).toBeLessThanOrEqual(1);
  });

  it('2099 from a device whose clock is right: clamped and flagged, the offset recorded near zero', async () => {
    const s = await push({ created_at: '2099-01-01T00:00:00Z', deviceAheadMs: 0 });
    expect(s.created_at).toBe(s.received_at);
    expect(Math.abs(Number(s.clock_offset_ms))).toBeLessThan(MIN);
    expect(Number(s.clock_skew_ms)).toBeGreaterThan(0);
  });

  it('a few seconds ahead (jitter) is held at the receive time without a flag', async () => {
    const s = await push({ created_at: iso(Date.now() + 30_000), deviceAheadMs: 0 });
    expect(ms(s.created_at)).toBeLessThanOrEqual(ms(s.received_at));
    expect(s.clock_skew_ms).toBeNull();
  });
});

describe('a device whose clock is off', () => {
  it('a batch in one statement: every check moved by the one offset; the next request, with no clock, has none', async () => {
    const ahead = 3 * 60 * MIN;
    const headers = new Headers({ 'X-Client-Time': String(Date.now() + ahead) });
    const ids = [newId(), newId(), newId()];
    const rows = ids.map((id, i) => ({
      id,
      door_id: fx.parents.doorId,
      user_id: fx.uids.regular_user,
      door_status: 'operational',
      created_at: iso(Date.now() + ahead - (i + 1) * MIN),
    }));
    await asRole(
      tenant.engine,
      fx.claims.regular_user,
      (tx) =>
        tx.query(
          `insert into public.door_log (id, door_id, user_id, door_status, created_at)
           select id, door_id, user_id, door_status, created_at from json_populate_recordset(null::public.door_log, $1::json)`,
          [JSON.stringify(rows)],
        ),
      { headers },
    );
    const stored = await tenant.engine.query<Stored & { id: string }>(
      `select id, created_at::text, received_at::text, clock_offset_ms::text from public.door_log where id = any($1::uuid[])`,
      [ids],
    );
    expect(stored.rows).toHaveLength(3);
    const offsets = new Set(stored.rows.map((r) => r.clock_offset_ms));
    expect(offsets.size).toBe(1);
    expect(Math.abs(Number([...offsets][0]) - ahead)).toBeLessThan(MIN);
    for (const [i, id] of ids.entries()) {
      const r = stored.rows.find((x) => x.id === id)!;
      const minutesAgo = (ms(r.received_at) - ms(r.created_at)) / MIN;
      expect(Math.abs(minutesAgo - (i + 1))).toBeLessThan(0.5);
    }
    // The offset belongs to that transaction: a later one without a clock (on a pooled connection) records none.
    for (let i = 0; i < 3; i++) expect((await push({ created_at: iso(Date.now() - MIN) })).clock_offset_ms).toBeNull();
  });

  it('two days behind: its check lands at the real time, flagged with the offset', async () => {
    const behind = -2 * DAY;
    const s = await push({ created_at: iso(Date.now() + behind), deviceAheadMs: behind });
    expect(Math.abs(ms(s.created_at) - ms(s.received_at))).toBeLessThan(MIN);
    expect(Math.abs(Number(s.clock_offset_ms) - behind)).toBeLessThan(MIN);
    expect(Math.abs(Number(s.clock_skew_ms) - behind)).toBeLessThan(MIN);
    expect(ms(s.device_created_at)).toBeLessThan(Date.now() - DAY);
  });

  it('an hour ahead, with a check recorded offline 30 minutes ago: moved to 30 minutes ago', async () => {
    const ahead = 60 * MIN;
    const s = await push({ created_at: iso(Date.now() + ahead - 30 * MIN), deviceAheadMs: ahead });
    const minutesAgo = (ms(s.received_at) - ms(s.created_at)) / MIN;
    expect(minutesAgo).toBeGreaterThan(29);
    expect(minutesAgo).toBeLessThan(31);
    expect(Math.abs(Number(s.clock_skew_ms) - ahead)).toBeLessThan(MIN);
  });

  it('a device within the tolerance keeps its own time, unflagged', async () => {
    const recorded = iso(Date.now() - 10 * MIN);
    const s = await push({ created_at: recorded, deviceAheadMs: 20_000 });
    expect(ms(s.created_at)).toBe(Date.parse(recorded));
    expect(s.clock_skew_ms).toBeNull();
    expect(Math.abs(Number(s.clock_offset_ms) - 20_000)).toBeLessThan(MIN);
  });

  it.each(['soon', '-5', '1e12', '9'.repeat(30)])('a malformed clock header %j is ignored, not an error', async (header) => {
    const recorded = iso(Date.now() - 5 * MIN);
    const s = await push({ created_at: recorded, header });
    expect(s.clock_offset_ms).toBeNull();
    expect(ms(s.created_at)).toBe(Date.parse(recorded));
  });

  it('the body cannot choose the flags or the device time', async () => {
    const recorded = iso(Date.now() - 5 * MIN);
    const s = await push({
      created_at: recorded,
      deviceAheadMs: 0,
      extra: { device_created_at: '2001-01-01T00:00:00Z', clock_offset_ms: 5, clock_skew_ms: 7, received_at: '2001-01-01T00:00:00Z' },
    });
    expect(ms(s.device_created_at)).toBe(Date.parse(recorded));
    expect(s.clock_skew_ms).toBeNull();
    expect(ms(s.received_at)).toBeGreaterThan(Date.now() - MIN);
  });
});

describe('what reads the trusted time', () => {
  async function newDoor(): Promise<string> {
    const r = await tenant.engine.query<{ id: string }>(`insert into public.doors (door_number, campus_id) values ($1, $2) returning id`, [
      `TT${newId().slice(0, 6)}`,
      fx.parents.campusId,
    ]);
    return r.rows[0]!.id;
  }

  it('a passing check dated 2099 does not make the next real failure be born resolved', async () => {
    const door = await newDoor();
    await push({ doorId: door, created_at: '2099-01-01T00:00:00Z', deviceAheadMs: 0 });
    await new Promise((r) => setTimeout(r, 5));
    await push({ doorId: door, door_status: 'out_of_service', created_at: new Date().toISOString(), deviceAheadMs: 0 });
    const r = await tenant.engine.query<{ status: string }>(`select status from public.maintenance_records where door_id = $1`, [door]);
    expect(r.rows).toEqual([{ status: 'open' }]);
  });

  it("the latest check of a door is the latest in trusted time, whatever the phone's clock said", async () => {
    const door = await newDoor();
    await push({ doorId: door, created_at: '2099-01-01T00:00:00Z' });
    const r = await tenant.engine.query<{ future: number }>(
      `select count(*)::int future from public.door_log where door_id = $1 and created_at > now() + interval '2 minutes'`,
      [door],
    );
    expect(r.rows[0]!.future).toBe(0);
  });

  it('the server (service role imports) records times as given', async () => {
    const id = newId();
    await asRole(tenant.engine, SERVICE, (tx) =>
      tx.query(
        `insert into public.door_log (id, door_id, user_id, created_at, received_at) values ($1, $2, $3, '2026-01-02T03:04:05Z', '2026-01-02T03:05:00Z')`,
        [id, fx.parents.doorId, fx.uids.regular_user],
      ),
    );
    const r = await tenant.engine.query<{ c: string; s: string | null }>(
      `select created_at::text c, clock_skew_ms::text s from public.door_log where id = $1`,
      [id],
    );
    expect(r.rows[0]).toEqual({ c: '2026-01-02 03:04:05+00', s: null });
  });

  it('server_time() answers the server clock to a signed-in caller', async () => {
    const t = await asRole(tenant.engine, fx.claims.regular_user, (tx) => tx.query<{ t: string }>(`select public.server_time()::text t`));
    expect(Math.abs(ms(t.rows[0]!.t) - Date.now())).toBeLessThan(MIN);
  });
});
