/**
 * The local stack's one HTTP app: platform and tenant projects (auth + rest),
 * the product API, /app-config.json and the built PWA, all on one origin.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LICENCE_INACTIVE_CODE, LICENCE_INACTIVE_MESSAGE } from '../functions/_shared/licence-rule';
import { createApiApp } from '../functions/api/app';
import { createAuthApp } from './auth';
import { AuthHttpError, renderAuthError } from './auth/errors';
import type { StackEnv } from './http/context';
import { DEFAULT_BODY_LIMIT, projectGateway } from './http/gateway';
import { apiTooDeep, authTooDeep, jsonDepthGuard } from './http/json-depth';
import { localProjectsApp } from './http/local-projects';
import { securityHeaders } from './http/security-headers';
import { createRestApp } from './rest';
import type { Stack } from './stack';

export interface ServerOptions {
  /** The built PWA to serve (vite's dist/); omitted in tests and dev. */
  staticDir?: string;
  bodyLimit?: number;
  /** `npm run dev`: /app-config.json says so, which enables the development-only /tenant-config. */
  development?: boolean;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

function mimeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return MIME[path.slice(dot)] ?? 'application/octet-stream';
}

async function serveStatic(c: Context, dir: string): Promise<Response> {
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return c.text('Bad request', 400);
  }
  const rel = normalize(path).replace(/^(\.\.[/\\])+/, '');
  let file = join(dir, rel);
  const isAsset = /\.[a-z0-9]+$/i.test(rel);
  if (!file.startsWith(dir) || !existsSync(file) || rel.endsWith('/')) {
    // Client-side routes fall back to the app shell; missing assets are 404s.
    if (isAsset && rel !== '/') return c.text('Not found', 404);
    file = join(dir, 'index.html');
  }
  const body = await readFile(file);
  // Hashed build assets never change; the shell and the worker must revalidate.
  const immutable = rel.startsWith('/assets/');
  return new Response(body, {
    headers: {
      'content-type': mimeOf(file),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}

export function createServer(stack: Stack, opts: ServerOptions = {}): Hono {
  const app = new Hono();
  app.use('*', securityHeaders({ publicUrl: () => stack.publicUrl, tenantOrigins: () => stack.tenantOrigins() }));
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
    projectGateway(async () => stack.platform, limit),
    tooLarge,
  );
  platform.use('/auth/v1/*', jsonDepthGuard(authTooDeep));
  platform.route('/auth/v1', createAuthApp({ siteUrl: () => stack.publicUrl }));
  platform.route('/rest/v1', createRestApp());
  app.route('/platform', platform);

  const tenant = new Hono<StackEnv>();
  tenant.use(
    '*',
    projectGateway((c) => stack.tenantForRequest(c.req.param('slug') ?? '', c.req.header('apikey') ?? c.req.query('apikey')), limit),
    tooLarge,
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
  app.route('/t/:slug', tenant);

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
    const dir = opts.staticDir;
    app.get('*', (c) => serveStatic(c, dir));
  }
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((err, c) => {
    console.error('[stack] unhandled error', err);
    return c.json({ code: 'PGRST000', message: 'Internal server error', details: null, hint: null }, 500);
  });
  return app;
}
