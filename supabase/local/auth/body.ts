/**
 * Request bodies: parsed as JSON by hand so malformed input is a 400 with a
 * clear message (never a 500), then validated with zod.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors';

export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let raw: unknown = {};
  // supabase-js sends no body at all on some calls (e.g. DELETE without options).
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (e) {
      const why = e instanceof Error ? e.message : 'invalid JSON';
      throw badRequest('bad_json', `Could not parse request body as JSON: ${why}`);
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    throw badRequest('validation_failed', `Invalid request body: ${where}${issue?.message ?? 'invalid value'}`);
  }
  return parsed.data;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
