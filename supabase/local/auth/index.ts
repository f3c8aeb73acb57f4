/** GoTrue-compatible auth API for one project (filled in by the auth work). */
import { Hono } from 'hono';
import type { StackEnv } from '../http/context';

export function createAuthApp(): Hono<StackEnv> {
  return new Hono<StackEnv>();
}
