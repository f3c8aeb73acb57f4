/**
 * The `local` driver: the local stack makes the project (its database cloned
 * from the migrated tenant template, its own keys) through its /local/v1
 * endpoint, authorized with the platform's service key. Works the same from
 * the Node-mounted API and from the Edge Function entry under Deno.
 */
import { z } from 'zod';
import { requestJson } from './http-json';
import { DriverError, type ProjectCredentials, type ProjectDriver } from './types';

const credentialsSchema = z.object({
  url: z.string().min(1),
  anon_key: z.string().min(1),
  service_role_key: z.string().min(1),
  jwt_secret: z.string().min(1),
});

export function localDriver(baseUrl: string, platformServiceKey: string, fetchFn: typeof fetch): ProjectDriver {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${platformServiceKey}`, 'content-type': 'application/json' };
  const call = (path: string, method: string, what: string, body?: unknown) =>
    requestJson(fetchFn, `${base}${path}`, { method, headers, what, body: body === undefined ? undefined : JSON.stringify(body) });

  return {
    name: 'local',
    async create({ slug, name }) {
      await call('/projects', 'POST', 'Creating the database', { ref: slug, name });
      return { ref: slug };
    },
    async find(slug) {
      const r = await call(`/projects/${encodeURIComponent(slug)}`, 'GET', 'Looking for the database');
      return r.status === 404 ? null : slug;
    },
    async status(ref) {
      const r = await call(`/projects/${encodeURIComponent(ref)}`, 'GET', 'Checking the database');
      return r.status === 404 ? { state: 'failed', error: 'The database was not created' } : { state: 'ready' };
    },
    async credentials(ref): Promise<ProjectCredentials> {
      const r = await call(`/projects/${encodeURIComponent(ref)}/credentials`, 'GET', 'Reading the project keys');
      const parsed = credentialsSchema.safeParse(r.body);
      if (r.status === 404 || !parsed.success) throw new DriverError('Reading the project keys: the project did not answer with its keys');
      return {
        url: parsed.data.url,
        anonKey: parsed.data.anon_key,
        serviceKey: parsed.data.service_role_key,
        jwtSecret: parsed.data.jwt_secret,
      };
    },
    async migrate(ref) {
      const r = await call(`/projects/${encodeURIComponent(ref)}/migrate`, 'POST', 'Applying the tenant migrations');
      if (r.status === 404) throw new DriverError('Applying the tenant migrations: the project does not exist');
    },
    async activated(ref) {
      await call(`/projects/${encodeURIComponent(ref)}/activated`, 'POST', 'Serving the project');
    },
    async remove(ref) {
      await call(`/projects/${encodeURIComponent(ref)}`, 'DELETE', 'Deleting the database');
    },
  };
}
