/**
 * The local stack's own provisioning endpoint (/local/v1), what the product
 * API's `local` driver calls (docs/decisions/018): create a tenant project
 * from the migrated template, report it, hand its URL and keys to the
 * server, bring its schema up to date, serve it as soon as it is active,
 * delete it. Only the platform's service key may call it: it hands out
 * tenant service keys and JWT secrets.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { migrate } from '../migrate';
import { SLUG_PATTERN, type Stack } from '../stack';
import { bearerToken } from './context';

const createSchema = z.strictObject({ ref: z.string().regex(SLUG_PATTERN), name: z.string().trim().min(1).max(200) });

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function localProjectsApp(stack: Stack): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const token = bearerToken(c);
    if (!token || !sameSecret(token, stack.platform.keys.serviceKey)) return c.json({ message: 'Unauthorized' }, 401);
    await next();
  });

  const refOf = (c: Context): string | null => {
    const ref = c.req.param('ref') ?? '';
    return SLUG_PATTERN.test(ref) ? ref : null;
  };

  const describe = (ref: string) => ({ id: ref, ref, status: 'ACTIVE_HEALTHY', url: stack.tenantUrl(ref) });

  app.post('/projects', async (c) => {
    const parsed = createSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ message: 'Body must be {"ref": "<slug>", "name": "<name>"}' }, 400);
    const existed = await stack.projectExists(parsed.data.ref);
    await stack.createTenantProject(parsed.data.ref);
    return c.json(describe(parsed.data.ref), existed ? 200 : 201);
  });

  app.get('/projects/:ref', async (c) => {
    const ref = refOf(c);
    if (!ref || !(await stack.projectExists(ref))) return c.json({ message: 'Project not found' }, 404);
    return c.json(describe(ref));
  });

  app.get('/projects/:ref/credentials', async (c) => {
    const ref = refOf(c);
    if (!ref || !(await stack.projectExists(ref))) return c.json({ message: 'Project not found' }, 404);
    const project = await stack.createTenantProject(ref);
    return c.json({
      url: stack.tenantUrl(ref),
      anon_key: project.keys.anonKey,
      service_role_key: project.keys.serviceKey,
      jwt_secret: project.keys.jwtSecret,
    });
  });

  app.post('/projects/:ref/migrate', async (c) => {
    const ref = refOf(c);
    if (!ref || !(await stack.projectExists(ref))) return c.json({ message: 'Project not found' }, 404);
    // Held open for the whole migration: an idle close between its files would only reopen it.
    const applied = await stack.withTenant(ref, (project) => migrate(project.engine, 'tenant'));
    return c.json({ applied });
  });

  // The tenant was just made active on the platform: serve it now, not when
  // the stack's cached state of it (TENANT_STATUS_TTL_MS) expires; while its
  // project was being made, the first admin's requests cached "creating".
  app.post('/projects/:ref/activated', async (c) => {
    const ref = refOf(c);
    if (!ref || !(await stack.projectExists(ref))) return c.json({ message: 'Project not found' }, 404);
    stack.forgetTenantState(ref);
    return c.json({ id: ref, ref });
  });

  app.delete('/projects/:ref', async (c) => {
    const ref = refOf(c);
    if (!ref) return c.json({ message: 'Project not found' }, 404);
    await stack.deleteTenantProject(ref);
    return c.json({ id: ref, ref });
  });

  return app;
}
