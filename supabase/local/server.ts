/**
 * The local stack's one HTTP app: platform and tenant projects (auth + rest),
 * the product API, /app-config.json and the built PWA, all on one origin
 * (the projects also answer other origins, http/cors.ts).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LICENCE_INACTIVE_CODE, LICENCE_INACTIVE_MESSAGE } from '../functions/_shared/licence-rule';
import { createApiApp } from '../functions/api/app';
import { createAuthApp } from './auth';
import { AuthHttpError, renderAuthError } from './auth/errors';
import type { StackEnv } from './http/context';
import { DEFAULT_BODY_LIMIT, projectGateway } from './http/gateway';
import { compressResponses } from './http/compress-responses';
import { projectCors } from './http/cors';
import { apiTooDeep, authTooDeep, jsonDepthGuard } from './http/json-depth';
import { localProjectsApp } from './http/local-projects';
import { securityHeaders } from './http/security-headers';
import { staticFiles } from './http/static-files';
import { openAccess } from './project';
import { createRestApp } from './rest';
import { ERRORS as STORAGE_ERRORS, storageErrorResponse } from './storage/errors';
import { createStorageApp, isStorageRequest, storageUploadLimitFromEnv } from './storage';
import type { Stack } from './stack';

export interface ServerOptions {
  /** The built PWA to serve (vite's dist/); omitted in tests and dev. */
  staticDir?: string;
  bodyLimit?: number;
  /** `npm run dev`: /app-config.json says so, which enables the development-only /tenant-config. */
  development?: boolean;
}

export function createServer(stack: Stack, opts: ServerOptions = {}): Hono {
  const app = new Hono();
  app.use('*', securityHeaders({ publicUrl: () => stack.publicUrl, tenantOrigins: () => stack.tenantOrigins() }));
  // The built PWA is precompressed (static-files.ts); the projects' and the API's JSON is compressed as it goes.
  for (const path of ['/platform/*', '/t/*', '/p/*', '/api/*', '/local/v1/*']) app.use(path, compressResponses());
  // Ahead of every project's API key check (http/cors.ts); the product API answers CORS itself, as it does under Deno.
  for (const path of ['/platform/*', '/t/*', '/p/*']) app.use(path, projectCors());
  const limit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const tooLarge = bodyLimit({
    maxSize: limit,
    onError: (c) =>
      c.json(
        { code: 'PGRST413', message: 'Payload Too Large', details: `The request body is larger than ${limit} bytes`, hint: null },
        413,
      ),
  });

  const platform = new Hono<StackEnv>();
  platform.use(
    '*',
    projectGateway(async () => openAccess(stack.platform), limit),
    tooLarge,
  );
  platform.use('/auth/v1/*', jsonDepthGuard(authTooDeep));
  platform.route('/auth/v1', createAuthApp({ siteUrl: () => stack.publicUrl }));
  platform.route('/rest/v1', createRestApp());
  app.route('/platform', platform);

  // Storage takes files up to its own limit, refused in Storage's shape.
  const storageLimit = Math.max(limit, storageUploadLimitFromEnv());
  const storageTooLarge = bodyLimit({ maxSize: storageLimit, onError: () => storageErrorResponse(STORAGE_ERRORS.tooLarge(413)) });
  const tenant = new Hono<StackEnv>();
  tenant.use(
    '*',
    projectGateway(
      (c, apikey) => stack.tenantAccess(c.req.param('slug') ?? '', apikey),
      (c) => (isStorageRequest(c) ? storageLimit : limit),
    ),
    (c, next) => (isStorageRequest(c) ? storageTooLarge : tooLarge)(c, next),
  );
  tenant.use('/auth/v1/*', jsonDepthGuard(authTooDeep));
  // The licence rule (docs/decisions/018): no new sign-in while a tenant that
  // requires a licence holds no active one. Refreshes go on, so a signed-in
  // officer's queued checks still reach the server.
  tenant.use('/auth/v1/token', async (c, next) => {
    if (c.req.query('grant_type') === 'password' && !(await stack.signInAllowed(c.req.param('slug') ?? ''))) {
      return renderAuthError(c, new AuthHttpError(403, LICENCE_INACTIVE_CODE, LICENCE_INACTIVE_MESSAGE));
    }
    await next();
  });
  tenant.route(
    '/auth/v1',
    createAuthApp({ siteUrl: () => stack.publicUrl, mayStartSession: (c) => stack.signInAllowed(c.req.param('slug') ?? '') }),
  );
  tenant.route('/rest/v1', createRestApp());
  tenant.route(
    '/storage/v1',
    createStorageApp(() => stack.files),
  );
  app.route('/t/:slug', tenant);

  // Projects served from a folder of migrations (Stack.serveMigrations): a
  // hosted project's APIs on a schema of their own, with no tenant rules.
  const served = new Hono<StackEnv>();
  // (Storage is left out: stored files are kept by project ref, which a tenant may share.)
  served.use(
    '*',
    projectGateway((c) => stack.migrationsAccess(c.req.param('ref') ?? ''), limit),
    tooLarge,
  );
  served.use('/auth/v1/*', jsonDepthGuard(authTooDeep));
  served.route('/auth/v1', createAuthApp({ siteUrl: () => stack.publicUrl }));
  served.route('/rest/v1', createRestApp());
  app.route('/p/:ref', served);

  const api = new Hono();
  // The product API answers in its own shape ({error}), as it does under Deno.
  const apiTooLarge = bodyLimit({
    maxSize: limit,
    onError: (c) => c.json({ error: `The request body is larger than ${limit} bytes` }, 413),
  });
  api.use('*', apiTooLarge, jsonDepthGuard(apiTooDeep));
  api.route(
    '/',
    createApiApp({
      platformUrl: `${stack.publicUrl}/platform`,
      platformServiceKey: stack.platform.keys.serviceKey,
      platformAnonKey: stack.platform.keys.anonKey,
      fetch: async (input, init) => app.fetch(new Request(input, init)),
      provisioning: { driver: 'local', url: `${stack.publicUrl}/local/v1` },
    }),
  );
  app.route('/api', api);

  const local = new Hono();
  local.use('*', tooLarge, jsonDepthGuard(apiTooDeep));
  local.route('/', localProjectsApp(stack));
  app.route('/local/v1', local);
  // A nested app's notFound never fires under route(): without this, an
  // unknown /api path would fall through to the app shell.
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  app.get('/app-config.json', (c) =>
    c.json(
      {
        platformUrl: `${stack.publicUrl}/platform`,
        platformAnonKey: stack.platform.keys.anonKey,
        apiUrl: `${stack.publicUrl}/api`,
        ...(opts.development ? { development: true } : {}),
      },
      200,
      { 'cache-control': 'no-cache' },
    ),
  );

  if (opts.staticDir) {
    app.get('*', staticFiles(opts.staticDir));
  }
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((err, c) => {
    if (stack.closing) {
      return c.json({ code: 'PGRST000', message: 'The server is shutting down', details: null, hint: null }, 503, { 'retry-after': '1' });
    }
    console.error('[stack] unhandled error', err);
    return c.json({ code: 'PGRST000', message: 'Internal server error', details: null, hint: null }, 500);
  });
  return app;
}
