/**
 * The subset of the Supabase Storage HTTP API that supabase-js's storage
 * client uses here, per project at /t/{slug}/storage/v1: upload (POST, with
 * x-upsert; PUT replaces), download, list, signed URLs (one or many) and
 * their use, remove (one or many). Errors have Storage's shape (errors.ts).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { requestClaims, type StackEnv } from '../http/context';
import { statementTimeoutMs } from '../rest/limits';
import { ERRORS, fromDatabaseError, StorageError, storageErrorResponse } from './errors';
import type { FileStore } from './file-store';
import { checkBucketId, checkObjectName, decodeObjectName } from './object-name';
import { findObject, listObjects, removeObjects, uploadObject, type Caller, type ObjectRow } from './objects';
import { encodeObjectPath, signObjectUrl, verifyObjectUrl } from './signed-url';
import { readUpload } from './upload-body';

/** The bucket and object name after `{route}/` in the request path. */
function target(c: Context, route: string): { bucket: string; name: string } {
  const marker = `/storage/v1/${route}/`;
  const path = c.req.path;
  const rest = path.slice(path.indexOf(marker) + marker.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) throw ERRORS.invalidKey(rest);
  return { bucket: checkBucketId(decodeObjectName(rest.slice(0, slash))), name: checkObjectName(decodeObjectName(rest.slice(slash + 1))) };
}

async function callerOf(c: Context<StackEnv>): Promise<Caller> {
  const check = await requestClaims(c);
  if (!check.ok) throw ERRORS.invalidJwt(check.reason === 'expired' ? 'jwt expired' : 'invalid JWT');
  return { claims: check.claims, info: { headers: c.req.raw.headers, timeoutMs: statementTimeoutMs(check.claims.role) } };
}

async function jsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw ERRORS.invalidRequest('The request body must be JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw ERRORS.invalidRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}

async function sendObject(c: Context<StackEnv>, files: FileStore, bucket: string, row: ObjectRow): Promise<Response> {
  let bytes: Buffer;
  try {
    bytes = await files.read(c.get('project').ref, bucket, row.id, row.version);
  } catch {
    throw ERRORS.noSuchKey();
  }
  const meta = row.metadata ?? {};
  const headers = new Headers({
    'content-type': meta.mimetype ?? 'application/octet-stream',
    'content-length': String(bytes.length),
    'cache-control': meta.cacheControl ?? 'no-cache',
    'last-modified': new Date(row.updated_at).toUTCString(),
    'x-content-type-options': 'nosniff',
  });
  if (meta.eTag) headers.set('etag', meta.eTag);
  const download = c.req.query('download');
  if (download !== undefined) {
    const fileName = download || row.name.split('/').pop() || 'download';
    headers.set(
      'content-disposition',
      `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
  }
  if (meta.eTag && c.req.header('if-none-match') === meta.eTag) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

const expiresIn = z
  .number()
  .int()
  .min(1)
  .max(60 * 60 * 24 * 365);
const SignOne = z.object({ expiresIn }).loose();
const SignMany = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });
const Remove = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });
const List = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().max(256).default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});

/** STORAGE_MAX_UPLOAD_MB (default 50, hosted Supabase's global file limit): the largest upload body; buckets set their own lower limits. */
export function storageUploadLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.STORAGE_MAX_UPLOAD_MB ?? 50);
  return Math.round((mb > 0 ? mb : 50) * 1024 * 1024);
}

/** Whether a request is for a project's storage API (its own body limit and error shape). */
export const isStorageRequest = (c: Context): boolean => c.req.path.includes('/storage/v1/');

const NOT_SIGNABLE = 'Either the object does not exist or you do not have access to it';

export function createStorageApp(files: () => FileStore): Hono<StackEnv> {
  const app = new Hono<StackEnv>();
  const project = (c: Context<StackEnv>) => c.get('project');

  // A signed URL needs no key: its token is the permission.
  app.on(['GET', 'HEAD'], '/object/sign/*', async (c) => {
    const { bucket, name } = target(c, 'object/sign');
    await verifyObjectUrl(project(c).keys.jwtSecret, c.req.query('token') ?? '', bucket, name);
    return sendObject(c, files(), bucket, await findObject(project(c).engine, null, bucket, name));
  });

  app.post('/object/sign/*', async (c) => {
    const caller = await callerOf(c);
    const secret = project(c).keys.jwtSecret;
    const rest = c.req.path.split('/storage/v1/object/sign/')[1] ?? '';
    if (!rest.includes('/')) {
      const bucket = checkBucketId(decodeObjectName(rest));
      const body = await jsonBody(c, SignMany);
      const out = [];
      for (const path of body.paths) {
        try {
          const name = checkObjectName(path);
          await findObject(project(c).engine, caller, bucket, name);
          const token = await signObjectUrl(secret, bucket, name, body.expiresIn);
          out.push({ error: null, path, signedURL: `/object/sign/${encodeObjectPath(bucket, name)}?token=${token}` });
        } catch (e) {
          if (!(e instanceof StorageError) || e.statusCode >= 500) throw e;
          out.push({ error: NOT_SIGNABLE, path, signedURL: null });
        }
      }
      return c.json(out);
    }
    const { bucket, name } = target(c, 'object/sign');
    const body = await jsonBody(c, SignOne);
    await findObject(project(c).engine, caller, bucket, name);
    const token = await signObjectUrl(secret, bucket, name, body.expiresIn);
    return c.json({ signedURL: `/object/sign/${encodeObjectPath(bucket, name)}?token=${token}` });
  });

  app.post('/object/list/:bucket', async (c) => {
    const caller = await callerOf(c);
    const bucket = checkBucketId(c.req.param('bucket'));
    return c.json(await listObjects(project(c).engine, caller, bucket, await jsonBody(c, List)));
  });

  app.on(['GET', 'HEAD'], '/object/authenticated/*', async (c) => {
    const { bucket, name } = target(c, 'object/authenticated');
    return sendObject(c, files(), bucket, await findObject(project(c).engine, await callerOf(c), bucket, name));
  });

  app.delete('/object/:bucket', async (c) => {
    const caller = await callerOf(c);
    const bucket = checkBucketId(c.req.param('bucket'));
    const names = (await jsonBody(c, Remove)).prefixes.map(checkObjectName);
    return c.json(await removeObjects(project(c).engine, files(), project(c).ref, caller, bucket, names));
  });

  app.on(['GET', 'HEAD'], '/object/*', async (c) => {
    const { bucket, name } = target(c, 'object');
    return sendObject(c, files(), bucket, await findObject(project(c).engine, await callerOf(c), bucket, name));
  });

  app.on(['POST', 'PUT'], '/object/*', async (c) => {
    const caller = await callerOf(c);
    const { bucket, name } = target(c, 'object');
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
    const file = await readUpload(c);
    const { id } = await uploadObject(project(c).engine, files(), project(c).ref, caller, { bucket, name, upsert }, file);
    return c.json({ Id: id, Key: `${bucket}/${name}` });
  });

  app.delete('/object/*', async (c) => {
    const caller = await callerOf(c);
    const { bucket, name } = target(c, 'object');
    const gone = await removeObjects(project(c).engine, files(), project(c).ref, caller, bucket, [name]);
    if (gone.length === 0) throw ERRORS.noSuchKey();
    return c.json({ message: 'Successfully deleted' });
  });

  app.all('*', () => storageErrorResponse(new StorageError(404, 'NotFound', 'Route not found', 'Not Found', 404)));
  app.onError((e) => storageErrorResponse(fromDatabaseError(e)));
  return app;
}
