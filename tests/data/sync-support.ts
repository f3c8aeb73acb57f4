/**
 * Shared set-up for the sync tests (tests/data/sync-*.test.ts): a tenant on
 * the real local stack with a signed-in user (auth admin API + users row),
 * a campus and doors to check, "tabs" (a supabase-js session client over a
 * shared storage and lock provider, a TenantDb and a SyncEngine each), and a
 * fetch wrapper that injects faults and logs requests.
 */
import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import type { Project } from '../../supabase/local/project';
import { openTenantDb, type TenantDb } from '../../src/data/local-db';
import { createMemoryLocks, type LockProvider } from '../../src/data/locks';
import { supabaseSessionSource, type SessionSource } from '../../src/data/session-source';
import { SyncEngine, type SyncEngineOptions } from '../../src/data/sync-engine';
import type { AuthStorage } from '../../src/data/session-store';
import type { TestStack } from '../support/stack';

export const FAST_BACKOFF = { baseMs: 2, capMs: 10 };

export type Fault = 'ok' | 'network' | 'drop-after-commit' | '503' | '429' | 'slow';

export interface RequestLog {
  method: string;
  path: string;
  status: number | 'network';
}

export interface FaultyFetch {
  fetch: typeof fetch;
  log: RequestLog[];
  /** Next faults to apply, one per request, to rest writes only unless `all`. */
  queue: Fault[];
  /** While set, every rest request fails as a network error. */
  offline: boolean;
  /**
   * While set, every rest request is refused with 401 as PostgREST refuses
   * a token it will not take, however fresh (auth requests still work, so
   * refreshes succeed).
   */
  refuseTokens: boolean;
}

function pathOf(input: RequestInfo | URL): string {
  const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  return `${u.pathname}${u.search}`;
}

export function faultyFetch(base: typeof fetch): FaultyFetch {
  const state: FaultyFetch = {
    log: [],
    queue: [],
    offline: false,
    refuseTokens: false,
    fetch: async (input, init) => {
      const method = init?.method ?? 'GET';
      const path = pathOf(input);
      // Photo uploads (Storage) fail with the rows: one connection, one network.
      const isRest = path.includes('/rest/v1/') || path.includes('/storage/v1/');
      if (isRest && state.offline) {
        state.log.push({ method, path, status: 'network' });
        throw new TypeError('fetch failed (offline)');
      }
      if (isRest && state.refuseTokens) {
        state.log.push({ method, path, status: 401 });
        return new Response(JSON.stringify({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature', details: null, hint: null }), {
          status: 401,
          headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' },
        });
      }
      const fault = isRest ? (state.queue.shift() ?? 'ok') : 'ok';
      if (fault === 'network') {
        state.log.push({ method, path, status: 'network' });
        throw new TypeError('fetch failed');
      }
      if (fault === '503' || fault === '429') {
        state.log.push({ method, path, status: Number(fault) });
        return new Response(
          JSON.stringify({ code: '', message: fault === '503' ? 'Service Unavailable' : 'Too Many Requests', details: null, hint: null }),
          { status: Number(fault), headers: { 'content-type': 'application/json' } },
        );
      }
      if (fault === 'slow') await new Promise((r) => setTimeout(r, 15));
      const res = await base(input, init);
      if (fault === 'drop-after-commit') {
        await res.text();
        state.log.push({ method, path, status: 'network' });
        throw new TypeError('fetch failed (response lost after commit)');
      }
      state.log.push({ method, path, status: res.status });
      return res;
    },
  };
  return state;
}

export function memoryStorage(): AuthStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (k) => data.get(k) ?? null,
    setItem: async (k, v) => {
      data.set(k, v);
    },
    removeItem: async (k) => {
      data.delete(k);
    },
  };
}

export interface TenantFixture {
  project: Project;
  url: string;
  user: { id: string; email: string; password: string };
  campusId: string;
  doorIds: string[];
  /** A supabase-js client that keeps its session in `storage`, refreshes behind `locks`. */
  sessionClient(storage: AuthStorage, fetchImpl: typeof fetch): SupabaseClient;
  signIn(client: SupabaseClient): Promise<void>;
  serverIds(table: string): Promise<Map<string, number>>;
}

export async function tenantFixture(t: TestStack, role = 'security_admin', doors = 3): Promise<TenantFixture> {
  const project = await t.createTenant();
  const url = t.stack.tenantUrl(project.ref);
  const admin = t.tenantClient(project, project.keys.serviceKey);
  const email = `officer-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Sync-test-1!';
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser: ${created.error?.message}`);
  const id = created.data.user.id;
  await project.engine.query(`insert into public.users (id, email, role) values ($1, $2, $3)`, [id, email, role]);
  const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Main') returning id`);
  const campusId = campus.rows[0]?.id ?? '';
  const doorIds: string[] = [];
  for (let i = 1; i <= doors; i++) {
    const d = await project.engine.query<{ id: string }>(`insert into public.doors (door_number, campus_id) values ($1, $2) returning id`, [
      `D${i}`,
      campusId,
    ]);
    doorIds.push(d.rows[0]?.id ?? '');
  }
  return {
    project,
    url,
    user: { id, email, password },
    campusId,
    doorIds,
    sessionClient: (storage, fetchImpl) =>
      createClient(url, project.keys.anonKey, {
        global: { fetch: fetchImpl },
        auth: {
          storage,
          storageKey: `lockstep-auth-tenant-${project.ref}`,
          persistSession: true,
          autoRefreshToken: false,
          detectSessionInUrl: false,
        },
      }),
    signIn: async (client) => {
      const r = await client.auth.signInWithPassword({ email, password });
      if (r.error) throw new Error(`signIn: ${r.error.message}`);
    },
    serverIds: async (table) => {
      const r = await project.engine.query<{ id: string; n: string | number }>(
        `select id::text as id, count(*) as n from public.${table} group by id`,
      );
      return new Map(r.rows.map((row) => [row.id, Number(row.n)]));
    },
  };
}

export function storageKeyOf(f: TenantFixture): string {
  return `lockstep-auth-tenant-${f.project.ref}`;
}

export interface Tab {
  db: TenantDb;
  engine: SyncEngine;
  session: SessionSource;
  client: SupabaseClient;
}

export interface Device {
  storage: ReturnType<typeof memoryStorage>;
  locks: LockProvider;
  net: FaultyFetch;
}

export function device(t: TestStack): Device {
  return { storage: memoryStorage(), locks: createMemoryLocks(), net: faultyFetch(t.fetch) };
}

/** One browser tab of `dev` on the fixture's tenant (not started). */
export async function openTab(f: TenantFixture, dev: Device, extra: Partial<SyncEngineOptions> = {}): Promise<Tab> {
  const db = await openTenantDb({ slug: f.project.ref, url: f.url, anonKey: f.project.keys.anonKey, userId: f.user.id });
  const client = f.sessionClient(dev.storage, dev.net.fetch);
  const session = supabaseSessionSource(client, { storage: dev.storage, storageKey: storageKeyOf(f) }, dev.locks);
  const engine = new SyncEngine({
    db,
    session,
    locks: dev.locks,
    fetch: dev.net.fetch,
    backoff: FAST_BACKOFF,
    pollMs: 0,
    windowTriggers: false,
    watchOutbox: false,
    pullAfterPush: false,
    ...extra,
  });
  return { db, engine, session, client };
}

/** Starts the tab's engine and syncs until its outbox is empty (or the time is up). */
export async function drain(tab: Tab, timeoutMs = 20_000): Promise<void> {
  tab.engine.start();
  await tab.engine.waitForLeadership();
  const until = Date.now() + timeoutMs;
  while ((await tab.db.outbox.count()) > 0) {
    if (Date.now() > until)
      throw new Error(`outbox not drained: ${await tab.db.outbox.count()} left; state ${JSON.stringify(tab.engine.getState().lastError)}`);
    if (tab.engine.getState().paused) throw new Error('paused for sign-in');
    await tab.engine.requestSync();
    if ((await tab.db.outbox.count()) > 0) await new Promise((r) => setTimeout(r, 5));
  }
}

export function restWrites(log: RequestLog[], table?: string): RequestLog[] {
  return log.filter((l) => l.method !== 'GET' && l.path.includes('/rest/v1/') && (!table || l.path.includes(`/rest/v1/${table}`)));
}

/** The i-th seeded door id (throws when the fixture has fewer). */
export function doorId(f: TenantFixture, i = 0): string {
  const id = f.doorIds[i];
  if (!id) throw new Error(`fixture has no door ${i}`);
  return id;
}

/** A device whose session storage holds a signed-in session of the fixture's user. */
export async function signedInDevice(t: TestStack, f: TenantFixture): Promise<Device> {
  const dev = device(t);
  const tab = await openTab(f, dev);
  await f.signIn(tab.client);
  await closeTab(tab);
  return dev;
}

export async function closeTab(tab: Tab): Promise<void> {
  await tab.engine.stop();
  tab.db.close();
}
