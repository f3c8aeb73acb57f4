/**
 * The product API as a Supabase Edge Function (Deno), deployed on the
 * platform project with `supabase functions deploy api`. Supabase hands the
 * function requests whose path starts with the function's name, hence the
 * /api mount. The platform's URL and keys are the secrets Supabase gives
 * every function; tenants' service keys are read from tenant_secrets with
 * the platform service key, never shipped anywhere else.
 *
 * This entry really runs in the tests: tests/api/deno-entry.test.ts starts it
 * with the `deno` binary from npm (a devDependency), exactly as Supabase
 * would (Deno.serve, the three secrets as env), and sends it the API suite's
 * requests against a local stack served over HTTP (decision 017). It is also
 * typechecked with the rest of the repo by Node's tsc, hence the Deno
 * declaration below.
 */
import { Hono } from 'hono';
import { createApiApp } from './app';

// Deno's globals, declared for the repo's Node typecheck.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

function secret(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`The Edge Function secret ${name} is not set`);
  return value;
}

const api = createApiApp({
  platformUrl: secret('SUPABASE_URL'),
  platformAnonKey: secret('SUPABASE_ANON_KEY'),
  platformServiceKey: secret('SUPABASE_SERVICE_ROLE_KEY'),
  fetch: (input, init) => fetch(input, init),
});

// Mounted (prefix stripped, the API app's own fetch), not routed: Hono uses
// only the outer app's notFound handler for routed sub-apps, so mounting is
// what lets the API answer its unknown paths with its own JSON 404.
const app = new Hono();
app.mount('/api', api.fetch);
app.notFound((c) => c.json({ error: 'Not found' }, 404));

Deno.serve(app.fetch);
