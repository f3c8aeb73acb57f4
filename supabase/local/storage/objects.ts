/**
 * The object rows, read and written as Supabase Storage does: every request
 * runs as the caller (asRole), so the policies on storage.objects decide what
 * it may see, add, replace and remove; only bucket settings and signed-URL
 * downloads (already authorised by their token) read as the server.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SqlClient, SqlEngine } from '../engine/types';
import type { JwtClaims } from '../keys';
import { asRole, type RequestInfo } from '../request-tx';
import { ERRORS, fromDatabaseError } from './errors';
import type { FileStore } from './file-store';
import { mimeAllowed, type UploadFile } from './upload-body';

export interface Caller {
  claims: JwtClaims;
  info: RequestInfo;
}

export interface ObjectRow {
  id: string;
  name: string;
  version: string;
  metadata: { mimetype?: string; cacheControl?: string; size?: number; eTag?: string; lastModified?: string } | null;
  updated_at: string;
  created_at: string;
  last_accessed_at: string;
}

const COLUMNS = 'id, name, version, metadata, updated_at, created_at, last_accessed_at';

interface BucketRow {
  id: string;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

async function findBucket(engine: SqlEngine, bucket: string): Promise<BucketRow> {
  const r = await engine.query<BucketRow>('select id, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [bucket]);
  const row = r.rows[0];
  if (!row) throw ERRORS.noSuchBucket();
  return row;
}

/** As the caller, turning database refusals into Storage's errors. */
async function asCaller<T>(engine: SqlEngine, caller: Caller, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  try {
    return await asRole(engine, caller.claims, fn, caller.info);
  } catch (e) {
    throw fromDatabaseError(e);
  }
}

export async function uploadObject(
  engine: SqlEngine,
  files: FileStore,
  ref: string,
  caller: Caller,
  target: { bucket: string; name: string; upsert: boolean },
  file: UploadFile,
): Promise<{ id: string }> {
  const bucket = await findBucket(engine, target.bucket);
  if (!mimeAllowed(file.mimetype, bucket.allowed_mime_types)) throw ERRORS.invalidMimeType(file.mimetype);
  if (bucket.file_size_limit !== null && file.bytes.length > Number(bucket.file_size_limit)) throw ERRORS.tooLarge();

  const version = randomUUID();
  const owner = caller.claims.role === 'authenticated' && caller.claims.sub ? caller.claims.sub : null;
  const metadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
  // A new object's bytes go to disk before its row is written, outside the transaction, so the tenant's
  // database (one connection on PGlite) is not held while a large photo is written. An upsert may keep an
  // existing row's id, known only inside the transaction: its bytes are written there. Either way a
  // committed row always has its file.
  const newId = target.upsert ? null : randomUUID();
  const done: { written: string | null; replaced: { id: string; version: string } | null } = { written: newId, replaced: null };
  if (newId) await files.write(ref, target.bucket, newId, version, file.bytes);
  try {
    const row = await asCaller(engine, caller, async (tx) => {
      if (target.upsert) {
        const before = await tx.query<{ id: string; version: string }>(
          'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
          [target.bucket, target.name],
        );
        done.replaced = before.rows[0] ?? null;
      }
      const values = [
        newId,
        target.bucket,
        target.name,
        owner,
        owner,
        JSON.stringify(metadata),
        file.userMetadata && JSON.stringify(file.userMetadata),
        version,
      ];
      const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
        values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;
      const r = await tx.query<{ id: string }>(
        target.upsert
          ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
               updated_at = now(), last_accessed_at = now() returning id`
          : `${insert} returning id`,
        values,
      );
      const id = r.rows[0]!.id;
      if (!newId) {
        done.written = id;
        await files.write(ref, target.bucket, id, version, file.bytes);
      }
      return { id };
    });
    if (done.replaced) await files.remove(ref, target.bucket, done.replaced.id, done.replaced.version);
    return row;
  } catch (e) {
    if (done.written) await files.remove(ref, target.bucket, done.written, version);
    throw e;
  }
}

/** The object as the caller may see it, or Storage's "Object not found". */
export async function findObject(engine: SqlEngine, caller: Caller | null, bucket: string, name: string): Promise<ObjectRow> {
  const sql = `select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
  const r = caller
    ? await asCaller(engine, caller, (tx) => tx.query<ObjectRow>(sql, [bucket, name]))
    : await engine.query<ObjectRow>(sql, [bucket, name]);
  const row = r.rows[0];
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

/** Removes the named objects the caller may remove; the others stay, as on Storage. */
export async function removeObjects(
  engine: SqlEngine,
  files: FileStore,
  ref: string,
  caller: Caller,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  const gone = await asCaller(engine, caller, (tx) =>
    tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${COLUMNS}`, [
      bucket,
      names,
    ]),
  );
  for (const row of gone.rows) await files.remove(ref, bucket, row.id);
  return gone.rows;
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortBy: { column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
}

type Listed = Omit<ObjectRow, 'version' | 'id' | 'metadata' | 'updated_at' | 'created_at' | 'last_accessed_at'> & {
  id: string | null;
  metadata: ObjectRow['metadata'];
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
};

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One folder level under `prefix`, as Storage's list: sub-folders (id null) and the files directly in it. */
export async function listObjects(engine: SqlEngine, caller: Caller, bucket: string, opts: ListOptions): Promise<Listed[]> {
  const prefix = opts.prefix.length > 0 && !opts.prefix.endsWith('/') ? `${opts.prefix}/` : opts.prefix;
  const r = await asCaller(engine, caller, (tx) =>
    tx.query<ObjectRow>(`select ${COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`, [
      bucket,
      `${escapeLike(prefix)}%`,
    ]),
  );
  const entries = new Map<string, Listed>();
  for (const row of r.rows) {
    const [first, ...rest] = row.name.slice(prefix.length).split('/');
    if (!first) continue;
    if (rest.length > 0) {
      if (!entries.has(`${first}/`)) {
        entries.set(`${first}/`, { name: first, id: null, metadata: null, updated_at: null, created_at: null, last_accessed_at: null });
      }
    } else {
      const { version: _version, ...shown } = row;
      entries.set(first, { ...shown, name: first });
    }
  }
  const needle = opts.search.toLowerCase();
  const { column, order } = opts.sortBy;
  const sorted = [...entries.values()]
    .filter((e) => !needle || e.name.toLowerCase().includes(needle))
    .sort((a, b) => {
      const x = String(a[column] ?? '');
      const y = String(b[column] ?? '');
      const byColumn = x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
      return order === 'desc' ? -byColumn : byColumn;
    });
  return sorted.slice(opts.offset, opts.offset + opts.limit);
}
