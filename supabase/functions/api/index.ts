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
import type { ProvisioningConfig } from './provisioning/types';

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

/**
 * Which driver creates tenant projects (docs/decisions/018), from the
 * function's own secrets (names may not start with SUPABASE_):
 *   LOCKSTEP_PROVISIONER        supabase | local | none (default none: provisioning answers 503)
 *   LOCKSTEP_MANAGEMENT_TOKEN   supabase: an access token of the provider's organization
 *   LOCKSTEP_SUPABASE_ORG_ID    supabase: the organization new projects belong to
 *   LOCKSTEP_SUPABASE_REGION    supabase: their region (default us-east-1)
 *   LOCKSTEP_MANAGEMENT_API_URL supabase: default https://api.supabase.com
 *   LOCKSTEP_LOCAL_STACK_URL    local: the stack's /local/v1 (default: SUPABASE_URL's origin + /local/v1)
 */
function provisioning(platformUrl: string): ProvisioningConfig {
  const driver = Deno.env.get('LOCKSTEP_PROVISIONER') ?? 'none';
  if (driver === 'local') {
    return { driver, url: Deno.env.get('LOCKSTEP_LOCAL_STACK_URL') ?? `${new URL(platformUrl).origin}/local/v1` };
  }
  if (driver === 'supabase') {
    return {
      driver,
      url: Deno.env.get('LOCKSTEP_MANAGEMENT_API_URL') ?? 'https://api.supabase.com',
      accessToken: secret('LOCKSTEP_MANAGEMENT_TOKEN'),
      organizationId: secret('LOCKSTEP_SUPABASE_ORG_ID'),
      region: Deno.env.get('LOCKSTEP_SUPABASE_REGION') ?? 'us-east-1',
    };
  }
  if (driver !== 'none') throw new Error(`LOCKSTEP_PROVISIONER must be supabase, local or none, not ${driver}`);
  return { driver: 'none' };
}

const platformUrl = secret('SUPABASE_URL');
const api = createApiApp({
  platformUrl,
  platformAnonKey: secret('SUPABASE_ANON_KEY'),
  platformServiceKey: secret('SUPABASE_SERVICE_ROLE_KEY'),
  fetch: (input, init) => fetch(input, init),
  provisioning: provisioning(platformUrl),
});

// Mounted (prefix stripped, the API app's own fetch), not routed: Hono uses
// only the outer app's notFound handler for routed sub-apps, so mounting is
// what lets the API answer its unknown paths with its own JSON 404.
const app = new Hono();
app.mount('/api', api.fetch);
app.notFound((c) => c.json({ error: 'Not found' }, 404));

Deno.serve(app.fetch);
