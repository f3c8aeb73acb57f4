/** PostgREST-compatible rest API for one project (filled in by the rest work). */
import { Hono } from 'hono';
import type { StackEnv } from '../http/context';

export function createRestApp(): Hono<StackEnv> {
  return new Hono<StackEnv>();
}
