/**
 * Server memory follows the tenants in use (issue 16): an idle tenant's
 * database closes and reopens on its next request with its data intact; a
 * request in flight keeps it open; beyond TENANT_MAX_OPEN the least recently
 * used idle one closes; a request without a valid key never opens one; and
 * requests that arrive while a tenant closes still get the right answers.
 * The stack runs on a clock the test moves and sweeps when told, so nothing
 * here waits for a delay. PGlite runs with a data directory (an in-memory
 * project is never closed: it would be lost).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabasesWithPrefix } from '../../supabase/local/engine/postgres-engine';
import type { EngineConfig, Project } from '../../supabase/local/project';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';
import { TEST_ORIGIN } from '../support/stack';

const IDLE_MS = 60_000;

function engineConfig(): { config: EngineConfig; cleanup: () => Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prefix = `test_${randomBytes(4).toString('hex')}_`;
    return { config: { kind: 'postgres', url, prefix }, cleanup: () => dropDatabasesWithPrefix(url, prefix) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lockstep-idle-'));
  return { config: { kind: 'pglite', dataDir: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

interface Harness {
  stack: Stack;
  clock: { now: number };
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

async function openHarness(config: EngineConfig, maxOpen = 10): Promise<Harness> {
  const clock = { now: 1_000_000 };
  const stack = await Stack.open(config, TEST_ORIGIN, {
    tenants: { idleCloseMs: IDLE_MS, maxOpen, now: () => clock.now, sweepEveryMs: null },
  });
  const app = createServer(stack);
  return { stack, clock, fetch: async (path, init) => app.fetch(new Request(`${TEST_ORIGIN}${path}`, init)) };
}

let counter = 0;
const provision = (stack: Stack): Promise<Project> => {
  const slug = `idle-${randomBytes(3).toString('hex')}-${++counter}`;
  return stack.provisionTenant({ slug, companyName: `Idle ${slug}`, requireLicense: false });
};

const campusNames = async (h: Harness, t: Project): Promise<string[]> => {
  const res = await h.fetch(`/t/${t.ref}/rest/v1/campus?select=campus_name&order=campus_name`, {
    headers: { apikey: t.keys.serviceKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { campus_name: string }[]).map((r) => r.campus_name);
};

const addCampus = async (h: Harness, t: Project, name: string): Promise<void> => {
  const res = await h.fetch(`/t/${t.ref}/rest/v1/campus`, {
    method: 'POST',
    headers: { apikey: t.keys.serviceKey, 'content-type': 'application/json' },
    body: JSON.stringify({ campus_name: name }),
  });
  expect(res.status).toBe(201);
};

/** Moves the clock past the idle delay and sweeps. */
async function idleOut(h: Harness): Promise<void> {
  h.clock.now += IDLE_MS + 1;
  await h.stack.closeIdleTenants();
}

describe('tenant projects close when idle', () => {
  const { config, cleanup } = engineConfig();
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(config, 2);
  });
  afterAll(async () => {
    await h.stack.close();
    await cleanup();
  });

  it('closes an idle tenant and reopens it on the next request with its data intact', async () => {
    const t = await provision(h.stack);
    await addCampus(h, t, 'North');
    expect(h.stack.isTenantOpen(t.ref)).toBe(true);
    await idleOut(h);
    expect(h.stack.isTenantOpen(t.ref)).toBe(false);
    expect(await campusNames(h, t)).toEqual(['North']);
    expect(h.stack.isTenantOpen(t.ref)).toBe(true);
    // A Project kept from provisioning reopens its database on use.
    await idleOut(h);
    const direct = await t.engine.query<{ n: number }>('select count(*)::int as n from public.campus');
    expect(direct.rows[0]?.n).toBe(1);
  });

  it('keeps a tenant open while a request is in flight, and closes it once the response is done', async () => {
    const t = await provision(h.stack);
    let send: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (send = c) });
    // The request is past the gateway and waits for its body.
    const pending = h.fetch(`/t/${t.ref}/rest/v1/campus`, {
      method: 'POST',
      headers: { apikey: t.keys.serviceKey, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    while (!h.stack.tenantInUse(t.ref)) await new Promise((r) => setTimeout(r, 5));
    await idleOut(h);
    expect(h.stack.isTenantOpen(t.ref)).toBe(true);
    send?.enqueue(new TextEncoder().encode(JSON.stringify({ campus_name: 'In flight' })));
    send?.close();
    expect((await pending).status).toBe(201);
    expect(h.stack.tenantInUse(t.ref)).toBe(false);
    await idleOut(h);
    expect(h.stack.isTenantOpen(t.ref)).toBe(false);
    expect(await campusNames(h, t)).toEqual(['In flight']);
  });

  it('beyond TENANT_MAX_OPEN closes the least recently used idle tenant', async () => {
    const [a, b, c] = [await provision(h.stack), await provision(h.stack), await provision(h.stack)];
    if (!a || !b || !c) throw new Error('tenants missing');
    await idleOut(h);
    expect(h.stack.openTenants()).toEqual([]);
    for (const t of [a, b]) {
      h.clock.now += 10;
      await campusNames(h, t);
    }
    expect(h.stack.openTenants().sort()).toEqual([a.ref, b.ref].sort());
    h.clock.now += 10;
    await campusNames(h, c);
    // The cap is 2: a, used least recently, made room for c.
    expect(h.stack.isTenantOpen(a.ref)).toBe(false);
    expect(h.stack.openTenants().sort()).toEqual([b.ref, c.ref].sort());
    h.clock.now += 10;
    await campusNames(h, a);
    expect(h.stack.openTenants().sort()).toEqual([a.ref, c.ref].sort());
  });

  it('answers every request that arrives while its tenant closes', async () => {
    const t = await provision(h.stack);
    await addCampus(h, t, 'Kept');
    for (let round = 0; round < 4; round++) {
      h.clock.now += IDLE_MS + 1;
      // The close starts first; the requests arrive while it runs.
      const closing = h.stack.closeIdleTenants();
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => campusNames(h, t)),
        t.engine.query<{ campus_name: string }>('select campus_name from public.campus').then((r) => r.rows.map((x) => x.campus_name)),
      ]);
      await closing;
      for (const names of answers) expect(names).toEqual(['Kept']);
    }
    expect(await campusNames(h, t)).toEqual(['Kept']);
  });
});

describe('a request racing shutdown', () => {
  it('is answered 503 with Retry-After, not an internal error', async () => {
    const { config, cleanup } = engineConfig();
    const h = await openHarness(config);
    const t = await provision(h.stack);
    await addCampus(h, t, 'Last');
    await h.stack.close();
    try {
      const res = await h.fetch(`/t/${t.ref}/rest/v1/campus?select=campus_name`, { headers: { apikey: t.keys.serviceKey } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ message: 'The server is shutting down' });
    } finally {
      await cleanup();
    }
  });
});

describe('a request without a valid key opens no tenant', () => {
  const { config, cleanup } = engineConfig();
  let h: Harness;
  let t: Project;
  let other: Project;

  beforeAll(async () => {
    h = await openHarness(config);
    t = await provision(h.stack);
    other = await provision(h.stack);
    await idleOut(h);
  });
  afterAll(async () => {
    await h.stack.close();
    await cleanup();
  });

  async function refusedWithoutOpening(h: Harness): Promise<void> {
    const attempts: [string, Record<string, string>][] = [
      [`/t/${t.ref}/rest/v1/campus?select=id`, {}],
      [`/t/${t.ref}/rest/v1/campus?select=id`, { apikey: 'not-a-key' }],
      [`/t/${t.ref}/rest/v1/campus?select=id`, { apikey: other.keys.anonKey }],
      [`/t/${t.ref}/auth/v1/settings`, {}],
      [`/t/${t.ref}/auth/v1/settings`, { apikey: other.keys.serviceKey }],
      [`/t/${t.ref}/auth/v1/token?grant_type=password`, { apikey: 'x', 'content-type': 'application/json' }],
    ];
    for (const [path, headers] of attempts) {
      const res = await h.fetch(path, {
        method: path.includes('token') ? 'POST' : 'GET',
        headers,
        body: path.includes('token') ? '{}' : undefined,
      });
      expect(res.status, path).toBe(401);
      const body = (await res.json()) as { message: string };
      expect(body.message).toMatch(headers.apikey ? /^Invalid API key$/ : /^No API key found in request$/);
      expect(h.stack.isTenantOpen(t.ref), path).toBe(false);
    }
  }

  it('refuses a missing or wrong key with a 401 and leaves a closed tenant closed', async () => {
    expect(h.stack.isTenantOpen(t.ref)).toBe(false);
    await refusedWithoutOpening(h);
    const ok = await h.fetch(`/t/${t.ref}/rest/v1/campus?select=id`, { headers: { apikey: t.keys.anonKey } });
    expect(ok.status).toBe(200);
    expect(h.stack.isTenantOpen(t.ref)).toBe(true);
  });

  it('refuses them without opening a tenant this process never opened (a restarted server)', async () => {
    await h.stack.close();
    h = await openHarness(config);
    await refusedWithoutOpening(h);
    const ok = await h.fetch(`/t/${t.ref}/auth/v1/settings`, { headers: { apikey: t.keys.anonKey } });
    expect(ok.status).toBe(200);
    expect(h.stack.isTenantOpen(t.ref)).toBe(true);
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL connection budget', () => {
  const { config, cleanup } = engineConfig();
  const BUDGET = 4;
  let stack: Stack;
  let fetchApp: (path: string, init?: RequestInit) => Promise<Response>;
  const tenants: Project[] = [];

  beforeAll(async () => {
    stack = await Stack.open(config, TEST_ORIGIN, { maxConnections: BUDGET });
    const app = createServer(stack);
    fetchApp = async (path, init) => app.fetch(new Request(`${TEST_ORIGIN}${path}`, init));
    for (let i = 0; i < 6; i++) tenants.push(await provision(stack));
  });
  afterAll(async () => {
    await stack.close();
    await cleanup();
  });

  it('serves more concurrent requests across tenants than it has connections, never holding more than its budget', async () => {
    if (config.kind !== 'postgres') throw new Error('PostgreSQL only');
    const pg = (await import('pg')).default;
    const monitor = new pg.Client({ connectionString: config.url });
    await monitor.connect();
    let seen = 0;
    let watching = true;
    // Every sample counts: the budget counts a connection out only once PostgreSQL has closed its socket,
    // which it does after the backend has left pg_stat_activity, so no sample may ever show more than it.
    const watch = (async () => {
      while (watching) {
        // Client backends only: an autovacuum worker also names the database it works in.
        const now = await monitor.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname like $1 and backend_type = 'client backend'`,
          [`${config.prefix}%`],
        );
        seen = Math.max(seen, now.rows[0]?.n ?? 0);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    try {
      const requests = tenants.flatMap((t) =>
        Array.from({ length: 5 }, (_, i) =>
          i % 2
            ? fetchApp(`/t/${t.ref}/rest/v1/campus`, {
                method: 'POST',
                headers: { apikey: t.keys.serviceKey, 'content-type': 'application/json' },
                body: JSON.stringify({ campus_name: `Campus ${i}` }),
              })
            : fetchApp(`/t/${t.ref}/rest/v1/campus?select=id`, { headers: { apikey: t.keys.anonKey } }),
        ),
      );
      const statuses = await Promise.all(requests.map(async (r) => (await r).status));
      expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    } finally {
      watching = false;
      await watch;
      await monitor.end();
    }
    expect(seen).toBeLessThanOrEqual(BUDGET);
    expect(stack.peakConnections).toBeLessThanOrEqual(BUDGET);
  });
});
