/**
 * PostgREST-compatible rest API for one project, mounted behind the apikey
 * gateway at /platform/rest/v1 and /t/:slug/rest/v1. Every request runs in
 * one transaction as its JWT's role (asRole), so row-level security in
 * Postgres decides what it may see and change.
 */
import { Hono } from 'hono';
import type { StackEnv } from '../http/context';
import { jsonDepthGuard, restTooDeep } from '../http/json-depth';
import { RestError } from './errors';
import { handleRead } from './handle-read';
import { handleRpc } from './handle-rpc';
import { handleDelete, handleInsert, handlePut, handleUpdate } from './handle-write';
import { errorResponse, serve } from './request';

export function createRestApp(): Hono<StackEnv> {
  const app = new Hono<StackEnv>();
  app.use('*', jsonDepthGuard(restTooDeep));

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', (c) => serve(c, (req, cache) => handleRpc(req, cache, c.req.param('fn'))));

  app.on(['GET', 'HEAD'], '/:table', (c) => serve(c, (req, cache) => handleRead(req, cache, c.req.param('table'))));
  app.post('/:table', (c) => serve(c, (req, cache) => handleInsert(req, cache, c.req.param('table'))));
  app.patch('/:table', (c) => serve(c, (req, cache) => handleUpdate(req, cache, c.req.param('table'))));
  app.delete('/:table', (c) => serve(c, (req, cache) => handleDelete(req, cache, c.req.param('table'))));
  app.put('/:table', (c) => serve(c, (req, cache) => handlePut(req, cache, c.req.param('table'))));

  app.all('*', () =>
    errorResponse(
      new RestError(
        405,
        'PGRST117',
        'Unsupported HTTP method or path',
        null,
        'This local stack serves GET/HEAD/POST/PATCH/PUT/DELETE on /table and GET/POST on /rpc/fn.',
      ),
    ),
  );
  return app;
}
