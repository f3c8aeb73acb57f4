/**
 * A stand-in for the Supabase Management API (https://api.supabase.com/v1),
 * for tests only: the hosted service cannot be reached from this machine, so
 * the `supabase` provisioning driver is tested against this small Hono app,
 * which follows the Management API's documented requests and responses for
 * the endpoints the driver uses (supabase-driver.ts):
 *
 *   GET    /v1/projects                                [{id, ref, organization_id, name, region, created_at, status}]
 *   POST   /v1/projects                                {name, organization_id, region, db_pass} -> 201 {..., status: COMING_UP}
 *   GET    /v1/projects/{ref}                          COMING_UP for the first `comingUpPolls` reads, then ACTIVE_HEALTHY
 *   GET    /v1/projects/{ref}/health?services=auth,rest,db   [{name, healthy, status}]
 *   GET    /v1/projects/{ref}/api-keys?reveal=true     [{name: anon | service_role, api_key}]
 *   GET    /v1/projects/{ref}/postgrest                {db_schema, max_rows, db_extra_search_path, jwt_secret}
 *   POST   /v1/projects/{ref}/database/query           {query} -> 201 rows; a SQL error -> 400 {message}
 *   DELETE /v1/projects/{ref}                          200 {id, ref, name}
 *
 * Every /v1 request needs `Authorization: Bearer <accessToken>` (401
 * otherwise), and a project is created only in `organizationId`.
 *
 * Behind it are real projects: each one is a fresh database (PGlite in
 * memory, or a database on the PostgreSQL server of DATABASE_URL, dropped at
 * close) holding only what a new hosted project has: the local stack's
 * bootstrap (API roles, the auth schema), no tenant migration and no
 * migration history, so the driver must bring the schema through
 * database/query as it does on Supabase. Each has its own keys, and its auth
 * and rest APIs are the local stack's own, behind its gateway, at
 * `${origin}/hosted/{ref}` (the driver's projectUrl).
 *
 * Tests steer it: `comingUpPolls` and `outcome` (ACTIVE_HEALTHY or
 * INIT_FAILED), `failNext` (an HTTP error before or after a request is
 * handled: a transient 500, a lost answer), `hold` (a request waits until
 * released), and read what it saw in `requests`.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createAuthApp } from '../../supabase/local/auth';
import pg from 'pg';
import { dropDatabasesWithPrefix, openPostgres } from '../../supabase/local/engine/postgres-engine';
import { openPglite } from '../../supabase/local/engine/pglite-engine';
import type { SqlEngine } from '../../supabase/local/engine/types';
import { isPgError } from '../../supabase/local/engine/types';
import type { StackEnv } from '../../supabase/local/http/context';
import { bearerToken } from '../../supabase/local/http/context';
import { DEFAULT_BODY_LIMIT, projectGateway } from '../../supabase/local/http/gateway';
import { createProjectKeys } from '../../supabase/local/keys';
import { bootstrap } from '../../supabase/local/migrate';
import { openAccess, type Project } from '../../supabase/local/project';
import { createRestApp } from '../../supabase/local/rest';

export type HostedStatus = 'COMING_UP' | 'ACTIVE_HEALTHY' | 'INIT_FAILED' | 'REMOVED';

export interface HostedProject {
  id: string;
  ref: string;
  name: string;
  organization_id: string;
  region: string;
  created_at: string;
  status: HostedStatus;
  /** How many times GET /v1/projects/{ref} has been answered. */
  polls: number;
  /** The status reached once the project has come up. */
  outcome: 'ACTIVE_HEALTHY' | 'INIT_FAILED';
  /** The database, its keys and engine, as the local stack's own projects. */
  project: Project;
  /** The PostgreSQL database name (postgres engine only). */
  database: string | null;
}

export interface SeenRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  status: number;
}

interface Fault {
  method: string;
  path: RegExp;
  status: ContentfulStatusCode;
  message: string;
  /** Matching requests let through before this fault applies. */
  skip: number;
  times: number;
  /** true: the request is handled, then its answer is replaced (a lost answer). */
  after: boolean;
}

interface Hold {
  method: string;
  path: RegExp;
  reached: () => void;
  released: Promise<void>;
}

export interface StandInOptions {
  /** Serve on an ephemeral loopback port; otherwise only in process (`fetch`). */
  loopback?: boolean;
  /** How many status reads answer COMING_UP before the project is up (default 1). */
  comingUpPolls?: number;
}

export interface ManagementApiStandIn {
  readonly app: Hono;
  /** http://management.test in process, or http://127.0.0.1:<port> on loopback. */
  readonly origin: string;
  /** Where a project's API lives, for the driver's projectUrl: `${origin}/hosted/{ref}`. */
  readonly projectUrlTemplate: string;
  readonly accessToken: string;
  readonly organizationId: string;
  /** Reaches the stand-in: in process, or over loopback HTTP when it listens. */
  readonly fetch: typeof fetch;
  /** Whether a URL is the stand-in's (its API or a hosted project). */
  owns(url: string): boolean;
  comingUpPolls: number;
  /** What projects created from now on become once up. */
  outcome: 'ACTIVE_HEALTHY' | 'INIT_FAILED';
  readonly projects: ReadonlyMap<string, HostedProject>;
  readonly requests: readonly SeenRequest[];
  /** How many requests matched (method, path), answered or not. */
  count(method: string, path: RegExp): number;
  projectNamed(name: string): HostedProject | undefined;
  projectUrl(ref: string): string;
  /** The next matching request(s) answer `status` {message}; `after`: once handled (its answer lost). */
  failNext(
    method: string,
    path: RegExp,
    opts?: { status?: ContentfulStatusCode; message?: string; skip?: number; times?: number; after?: boolean },
  ): void;
  /** The next matching request waits until released; `reached` resolves when it arrives. */
  hold(method: string, path: RegExp): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

const IN_PROCESS_ORIGIN = 'http://management.test';

/** Engines for hosted projects, as tests/support/stack.ts chooses them. */
function hostedEngines(): {
  open(ref: string): Promise<{ engine: SqlEngine; database: string | null }>;
  drop(database: string): Promise<void>;
  cleanup(): Promise<void>;
} {
  const url = process.env.DATABASE_URL;
  if (!url) {
    return {
      open: async () => ({ engine: await openPglite({ template: await freshPgliteTemplate() }), database: null }),
      drop: async () => undefined,
      cleanup: async () => undefined,
    };
  }
  const prefix = `test_${randomBytes(4).toString('hex')}_hosted_`;
  return {
    open: async (ref) => {
      const database = `${prefix}${ref}`;
      return { engine: await openPostgres(url, database), database };
    },
    drop: (database) => dropWhenIdle(url, database),
    cleanup: () => dropDatabasesWithPrefix(url, prefix),
  };
}

/**
 * Drops a closed project's database once its connections are gone. A pool's
 * end() resolves before its connections have closed, and a forced drop then
 * would kill one mid-close (an unhandled FATAL 57P01 in the test process).
 */
async function dropWhenIdle(url: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`drop database if exists "${database.replace(/"/g, '""')}"`);
        return;
      } catch (e) {
        // 55006: still being accessed; the closing connections go within moments.
        if ((e as { code?: string }).code !== '55006' || attempt >= 500) throw e;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  } finally {
    await admin.end();
  }
}

let pgliteTemplate: Promise<Blob> | null = null;

/** A new project's database on PGlite, made once per process and cloned (initdb in WASM takes seconds). */
function freshPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const db = await openPglite({});
    try {
      await freshDatabase(db);
      return await db.dump();
    } finally {
      await db.close();
    }
  })();
  pgliteTemplate.catch(() => (pgliteTemplate = null));
  return pgliteTemplate;
}

/** A project ref as Supabase makes them: 20 lowercase letters. */
function newRef(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(20)].map((b) => letters[b % letters.length]).join('');
}

/**
 * A new project's database: the bootstrap gives it what every hosted project
 * has before any migration (roles, auth); the local stack's own extras (its
 * key table, a migration history) are removed, as a new hosted project has
 * neither.
 */
async function freshDatabase(engine: SqlEngine): Promise<void> {
  await bootstrap(engine);
  await engine.exec('drop schema supabase_migrations cascade; drop schema _local cascade;');
}

/**
 * SQL as the database owner, as database/query runs it: one statement
 * answers its rows; several (begin/commit inside allowed) run as one script.
 * A hosted query gets a connection of its own, so a script failing after its
 * own `begin` leaves nothing behind. Here, PostgreSQL runs the script as one
 * simple query (the pool discards a connection whose query failed); PGlite,
 * one connection for everything, runs it inside an engine transaction that
 * is rolled back on error (a commit inside the script commits what came
 * before it).
 */
async function runQuery(engine: SqlEngine, sql: string): Promise<unknown[]> {
  try {
    const r = await engine.query(sql);
    // PostgreSQL runs several statements at once and answers no single row set.
    return Array.isArray(r.rows) ? r.rows : [];
  } catch (e) {
    // PGlite prepares a lone statement; a script is refused before anything ran.
    if (!(isPgError(e) && e.code === '42601' && /multiple commands/.test(e.message))) throw e;
  }
  await engine.transaction((tx) => tx.exec(sql));
  return [];
}

function serviceList(raw: string[]): string[] {
  return raw
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function startManagementApiStandIn(opts: StandInOptions = {}): Promise<ManagementApiStandIn> {
  const engines = hostedEngines();
  const accessToken = `sbp_${randomBytes(20).toString('hex')}`;
  const organizationId = `org-${randomBytes(6).toString('hex')}`;
  const projects = new Map<string, HostedProject>();
  const requests: SeenRequest[] = [];
  const faults: Fault[] = [];
  const holds: Hold[] = [];
  let origin = IN_PROCESS_ORIGIN;
  let server: ServerType | null = null;

  const matches = (rule: { method: string; path: RegExp }, method: string, path: string) => rule.method === method && rule.path.test(path);

  const describe = (p: HostedProject) => ({
    id: p.id,
    ref: p.ref,
    organization_id: p.organization_id,
    name: p.name,
    region: p.region,
    created_at: p.created_at,
    status: p.status,
  });
  const notFound = (c: Context) => c.json({ message: 'Project not found' }, 404);
  const live = (ref: string | undefined): HostedProject | null => {
    const p = ref ? projects.get(ref) : undefined;
    return p && p.status !== 'REMOVED' ? p : null;
  };

  const app = new Hono();

  // Every request is logged; faults and holds apply to the API and the hosted projects alike.
  app.use('*', async (c, next) => {
    const method = c.req.method;
    const path = new URL(c.req.url).pathname;
    const seen: SeenRequest = { method, path, status: 0 };
    requests.push(seen);
    const hold = holds.find((h) => matches(h, method, path));
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      hold.reached();
      await hold.released;
    }
    const fault = faults.find((f) => matches(f, method, path));
    if (fault && fault.skip > 0) fault.skip--;
    else if (fault) {
      if (--fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      if (!fault.after) {
        seen.status = fault.status;
        return c.json({ message: fault.message }, fault.status);
      }
      await next();
      c.res = c.json({ message: fault.message }, fault.status);
      seen.status = fault.status;
      return;
    }
    await next();
    seen.status = c.res.status;
  });

  const v1 = new Hono();
  v1.use('*', async (c, next) => {
    if (bearerToken(c) !== accessToken) return c.json({ message: 'Unauthorized' }, 401);
    await next();
  });

  v1.get('/projects', (c) => c.json([...projects.values()].filter((p) => p.status !== 'REMOVED').map(describe)));

  v1.post('/projects', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const name = body?.name;
    const region = body?.region;
    const dbPass = body?.db_pass;
    if (typeof name !== 'string' || !name || typeof region !== 'string' || !region || typeof dbPass !== 'string' || dbPass.length < 8) {
      return c.json({ message: 'name, organization_id, region and db_pass are required' }, 400);
    }
    if (body?.organization_id !== organizationId) {
      return c.json({ message: 'You do not have permission to create a project in this organization' }, 403);
    }
    const ref = newRef();
    const { engine, database } = await engines.open(ref);
    if (engine.kind === 'postgres') {
      try {
        await freshDatabase(engine);
      } catch (e) {
        await engine.close();
        if (database) await engines.drop(database);
        throw e;
      }
    }
    const keys = await createProjectKeys(ref);
    const p: HostedProject = {
      id: ref,
      ref,
      name,
      organization_id: organizationId,
      region,
      created_at: new Date().toISOString(),
      status: 'COMING_UP',
      polls: 0,
      outcome: standIn.outcome,
      project: { ref, kind: 'tenant', engine, keys, created: true },
      database,
    };
    projects.set(ref, p);
    return c.json(describe(p), 201);
  });

  v1.get('/projects/:ref', (c) => {
    const p = live(c.req.param('ref'));
    if (!p) return notFound(c);
    p.polls++;
    if (p.status === 'COMING_UP' && p.polls > standIn.comingUpPolls) p.status = p.outcome;
    return c.json(describe(p));
  });

  v1.get('/projects/:ref/health', (c) => {
    const p = live(c.req.param('ref'));
    if (!p) return notFound(c);
    const services = serviceList(c.req.queries('services') ?? []);
    if (services.length === 0) return c.json({ message: 'services is required' }, 400);
    const healthy = p.status === 'ACTIVE_HEALTHY';
    return c.json(
      services.map((name) => ({
        name,
        healthy,
        status: healthy ? 'ACTIVE_HEALTHY' : p.status === 'COMING_UP' ? 'COMING_UP' : 'UNHEALTHY',
      })),
    );
  });

  v1.get('/projects/:ref/api-keys', (c) => {
    const p = live(c.req.param('ref'));
    if (!p) return notFound(c);
    const reveal = c.req.query('reveal') === 'true';
    return c.json([
      { name: 'anon', api_key: p.project.keys.anonKey, type: 'legacy' },
      // Secret keys are shown only when asked to reveal them.
      { name: 'service_role', api_key: reveal ? p.project.keys.serviceKey : null, type: 'legacy' },
    ]);
  });

  v1.get('/projects/:ref/postgrest', (c) => {
    const p = live(c.req.param('ref'));
    if (!p) return notFound(c);
    return c.json({
      db_schema: 'public,graphql_public',
      max_rows: 1000,
      db_extra_search_path: 'public,extensions',
      db_pool: null,
      jwt_secret: p.project.keys.jwtSecret,
    });
  });

  v1.post('/projects/:ref/database/query', async (c) => {
    const p = live(c.req.param('ref'));
    if (!p) return notFound(c);
    if (p.status !== 'ACTIVE_HEALTHY') return c.json({ message: `Project is ${p.status}` }, 400);
    const body = (await c.req.json().catch(() => null)) as { query?: unknown } | null;
    if (typeof body?.query !== 'string' || !body.query.trim()) return c.json({ message: 'query is required' }, 400);
    try {
      return c.json(await runQuery(p.project.engine, body.query), 201);
    } catch (e) {
      if (e instanceof Error) return c.json({ message: `Failed to run sql query: ${e.message}` }, 400);
      throw e;
    }
  });

  v1.delete('/projects/:ref', async (c) => {
    const p = live(c.req.param('ref'));
    if (!p) return notFound(c);
    p.status = 'REMOVED';
    await p.project.engine.close();
    if (p.database) await engines.drop(p.database);
    return c.json({ id: p.id, ref: p.ref, name: p.name });
  });

  app.route('/v1', v1);

  // The hosted projects' own APIs, as the stack serves its tenants (server.ts).
  const hosted = new Hono<StackEnv>();
  hosted.use(
    '*',
    projectGateway(async (c) => {
      const p = live(c.req.param('ref'));
      return p && p.status === 'ACTIVE_HEALTHY' ? openAccess(p.project) : null;
    }, DEFAULT_BODY_LIMIT),
  );
  // Its links return to the stand-in's own origin unless allow-listed.
  hosted.route('/auth/v1', createAuthApp({ siteUrl: () => origin }));
  hosted.route('/rest/v1', createRestApp());
  app.route('/hosted/:ref', hosted);

  app.notFound((c) => c.json({ message: 'Not found' }, 404));

  const inProcess: typeof fetch = async (input, init) => app.fetch(new Request(input, init));

  if (opts.loopback) {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    server = s;
    await new Promise<void>((resolve) => s.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  }

  const standIn: ManagementApiStandIn = {
    app,
    origin,
    projectUrlTemplate: `${origin}/hosted/{ref}`,
    accessToken,
    organizationId,
    fetch: server ? (input, init) => fetch(input, init) : inProcess,
    owns: (url) => url === origin || url.startsWith(`${origin}/`),
    comingUpPolls: opts.comingUpPolls ?? 1,
    outcome: 'ACTIVE_HEALTHY',
    projects,
    requests,
    count: (method, path) => requests.filter((r) => matches({ method, path }, r.method, r.path)).length,
    projectNamed: (name) => [...projects.values()].find((p) => p.name === name && p.status !== 'REMOVED'),
    projectUrl: (ref) => `${origin}/hosted/${ref}`,
    failNext(method, path, o = {}) {
      faults.push({
        method,
        path,
        status: o.status ?? 500,
        message: o.message ?? 'Internal Server Error',
        skip: o.skip ?? 0,
        times: o.times ?? 1,
        after: o.after ?? false,
      });
    },
    hold(method, path) {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ method, path, reached, released });
      return { reached: arrived, release };
    },
    async close() {
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      for (const p of projects.values()) {
        if (p.status === 'REMOVED') continue;
        p.status = 'REMOVED';
        await p.project.engine.close().catch(() => undefined);
        if (p.database) await engines.drop(p.database);
      }
      // Anything left (a project whose creation failed half-way).
      await engines.cleanup();
    },
  };
  return standIn;
}
