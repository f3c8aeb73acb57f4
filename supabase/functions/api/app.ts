/**
 * The product API (/api/*): server-side handlers that hold the service keys.
 * Web-standard Request/Response through Hono, so the same app runs in the
 * local stack on Node and as a Supabase Edge Function.
 */
import { Hono } from 'hono';

export interface ApiDeps {
  platformUrl: string;
  platformAnonKey: string;
  platformServiceKey: string;
  /** How the API reaches the projects (in-process locally, the network when hosted). */
  fetch: typeof fetch;
}

export function createApiApp(_deps: ApiDeps): Hono {
  const app = new Hono();
  return app;
}
