/**
 * The product API as a Supabase Edge Function (Deno), deployed on the
 * platform project with `supabase functions deploy api`. Supabase hands the
 * function requests whose path starts with the function's name, hence the
 * base path. The platform's URL and keys are the secrets Supabase gives
 * every function; tenants' service keys are read from tenant_secrets with
 * the platform service key, never shipped anywhere else.
 * This entry is typechecked with the rest of the repo but not run here (no
 * Deno on the development machines); the app it serves is the one the local
 * stack mounts at /api and the tests exercise.
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

const app = new Hono().basePath('/api');
app.route(
  '/',
  createApiApp({
    platformUrl: secret('SUPABASE_URL'),
    platformAnonKey: secret('SUPABASE_ANON_KEY'),
    platformServiceKey: secret('SUPABASE_SERVICE_ROLE_KEY'),
    fetch: (input, init) => fetch(input, init),
  }),
);

Deno.serve(app.fetch);
