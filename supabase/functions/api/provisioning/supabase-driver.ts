/**
 * The `supabase` driver: one hosted Supabase project per tenant, through the
 * Supabase Management API (https://api.supabase.com/v1, bearer token of the
 * provider's organization). The requests and responses used:
 *   GET    /v1/projects                      find a project made by an earlier attempt (by name)
 *   POST   /v1/projects                      {name, organization_id, region, db_pass} -> {id, ref, status, ...}
 *   GET    /v1/projects/{ref}                {status: COMING_UP | ACTIVE_HEALTHY | INIT_FAILED | ...}
 *   GET    /v1/projects/{ref}/health         ?services=auth,rest,db -> [{name, healthy, status}]
 *   GET    /v1/projects/{ref}/api-keys       ?reveal=true -> [{name: anon | service_role, api_key}]
 *   GET    /v1/projects/{ref}/postgrest      {..., jwt_secret}
 *   POST   /v1/projects/{ref}/database/query {query} -> rows
 *   DELETE /v1/projects/{ref}
 * The tenant migrations travel inside the function (tenant-migrations.gen.ts)
 * and are recorded in supabase_migrations.schema_migrations as the Supabase
 * CLI records them, so `supabase db push` and this driver agree.
 */
import { z } from 'zod';
import { requestJson } from './http-json';
import { TENANT_MIGRATIONS } from './tenant-migrations.gen';
import { DriverError, type ProjectCredentials, type ProjectDriver, type ProjectState } from './types';

export interface SupabaseDriverConfig {
  url: string;
  accessToken: string;
  organizationId: string;
  region: string;
  /** Where a project's API lives; hosted Supabase: https://{ref}.supabase.co */
  projectUrl?: (ref: string) => string;
}

const projectSchema = z.object({
  id: z.string().optional(),
  ref: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
  organization_id: z.string().optional(),
});
const keysSchema = z.array(z.object({ name: z.string(), api_key: z.string().nullish() }));
const healthSchema = z.array(z.object({ name: z.string(), healthy: z.boolean() }));
const postgrestSchema = z.object({ jwt_secret: z.string().nullish() });

/** Statuses a project passes through while it comes up; anything else that is not healthy has failed. */
const COMING_UP = new Set(['COMING_UP', 'UNKNOWN', 'RESTORING', 'RESTARTING', 'UPGRADING', 'RESIZING', 'GOING_DOWN', 'PAUSING']);

export const projectNameFor = (slug: string) => `lockstep-${slug}`;

/** A database password Supabase accepts; nobody needs it afterwards (the schema is applied through the API). */
function databasePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `Db1!${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const dollarQuote = (text: string) => {
  let tag = 'm';
  while (text.includes(`$${tag}$`)) tag += 'm';
  return `$${tag}$${text}$${tag}$`;
};

export function supabaseDriver(config: SupabaseDriverConfig, fetchFn: typeof fetch): ProjectDriver {
  const base = config.url.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' };
  const call = (path: string, method: string, what: string, body?: unknown) =>
    requestJson(fetchFn, `${base}${path}`, { method, headers, what, body: body === undefined ? undefined : JSON.stringify(body) });
  const projectUrl = config.projectUrl ?? ((ref: string) => `https://${ref}.supabase.co`);
  const refPath = (ref: string) => `/v1/projects/${encodeURIComponent(ref)}`;

  async function query<T>(ref: string, sql: string, what: string): Promise<T[]> {
    const r = await call(`${refPath(ref)}/database/query`, 'POST', what, { query: sql });
    if (r.status === 404) throw new DriverError(`${what}: the project does not exist`, 404);
    return Array.isArray(r.body) ? (r.body as T[]) : [];
  }

  async function find(slug: string): Promise<string | null> {
    const list = await call('/v1/projects', 'GET', 'Listing projects');
    const projects = z.array(projectSchema).safeParse(list.body);
    // Only the provider's own organization: the token may see other organizations' projects too.
    const found = projects.success
      ? projects.data.find((p) => p.name === projectNameFor(slug) && p.status !== 'REMOVED' && p.organization_id === config.organizationId)
      : undefined;
    return found?.ref ?? found?.id ?? null;
  }

  return {
    name: 'supabase',

    async create({ slug }) {
      // A create whose answer was lost made a project: find it rather than make a second one.
      const found = await find(slug);
      if (found) return { ref: found };
      const name = projectNameFor(slug);
      const r = await call('/v1/projects', 'POST', 'Creating the Supabase project', {
        name,
        organization_id: config.organizationId,
        region: config.region,
        db_pass: databasePassword(),
      });
      const made = projectSchema.safeParse(r.body);
      const ref = made.success ? (made.data.ref ?? made.data.id) : undefined;
      if (!ref) throw new DriverError('Creating the Supabase project: the answer carried no project ref');
      return { ref };
    },

    find,

    async status(ref): Promise<ProjectState> {
      const r = await call(refPath(ref), 'GET', 'Checking the project');
      if (r.status === 404) return { state: 'failed', error: 'The Supabase project does not exist' };
      const status = projectSchema.safeParse(r.body).data?.status ?? 'UNKNOWN';
      if (COMING_UP.has(status)) return { state: 'pending', detail: status };
      if (status !== 'ACTIVE_HEALTHY') return { state: 'failed', error: `The Supabase project is ${status}` };
      const h = await call(`${refPath(ref)}/health?services=auth,rest,db`, 'GET', 'Checking the project services');
      const services = healthSchema.safeParse(h.body);
      if (!services.success || services.data.length === 0) return { state: 'pending', detail: 'services starting' };
      const down = services.data.filter((s) => !s.healthy).map((s) => s.name);
      return down.length ? { state: 'pending', detail: `waiting for ${down.join(', ')}` } : { state: 'ready' };
    },

    async credentials(ref): Promise<ProjectCredentials> {
      const k = await call(`${refPath(ref)}/api-keys?reveal=true`, 'GET', 'Reading the project keys');
      const keys = keysSchema.safeParse(k.body);
      const key = (name: string) => (keys.success ? keys.data.find((x) => x.name === name)?.api_key : null);
      const anonKey = key('anon');
      const serviceKey = key('service_role');
      if (!anonKey || !serviceKey) throw new DriverError('Reading the project keys: the anon and service_role keys were not returned');
      const p = await call(`${refPath(ref)}/postgrest`, 'GET', 'Reading the project JWT secret');
      const jwtSecret = postgrestSchema.safeParse(p.body).data?.jwt_secret ?? null;
      return { url: projectUrl(ref), anonKey, serviceKey, jwtSecret };
    },

    async migrate(ref) {
      await query(
        ref,
        `create schema if not exists supabase_migrations;
         create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);`,
        'Preparing the migration history',
      );
      const done = new Set(
        (
          await query<{ version: string }>(
            ref,
            'select version from supabase_migrations.schema_migrations',
            'Reading the migration history',
          )
        ).map((r) => r.version),
      );
      for (const m of TENANT_MIGRATIONS) {
        if (done.has(m.version)) continue;
        // One migration, one transaction: a failure leaves it unapplied and unrecorded, and a retry starts there.
        await query(
          ref,
          `begin;\n${m.sql}\n;insert into supabase_migrations.schema_migrations (version, name) values (${dollarQuote(m.version)}, ${dollarQuote(m.name)});\ncommit;`,
          `Applying migration ${m.version}_${m.name}`,
        );
      }
    },

    async remove(ref) {
      await call(refPath(ref), 'DELETE', 'Deleting the Supabase project');
    },
  };
}
