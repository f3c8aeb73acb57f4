/**
 * Owns the requests the sync engine makes: a supabase-js client built from
 * the URL the tenant database is bound to (never from a caller's argument),
 * whose fetch refuses any other URL, reads the access token at send time and
 * answers 401 itself when there is no session (so nothing is ever sent as
 * anon and then rejected by RLS as if the row were bad). Each write op maps
 * to one PostgREST request; errors come back with their codes intact.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { CLIENT_TIME_HEADER, trustedNow, type ServerTimeSample } from './device-clock';
import { TenantMismatchError, type TenantDb } from './local-db';
import type { CacheRow, OutboxOp, StoredOutboxEntry } from './outbox-types';
import type { SessionSource } from './session-source';
import { NOT_APPLIED_CODE, NO_SESSION_CODE, toSyncErrorInfo, type SyncErrorInfo } from './sync-errors';
import { isServerOwnedColumn, type SyncedTable } from './sync-tables';
import { EVIDENCE_BUCKET } from './photo-types';
import { storageErrorInfo } from './storage-errors';

export type SendResult = { ok: true } | { ok: false; error: SyncErrorInfo; token: string | null };

export interface PageQuery {
  table: SyncedTable;
  /** Rows with updated_at >= since (the overlap start); null reads from the beginning. */
  since: string | null;
  /** Keyset cursor: rows strictly after (updated_at, id). */
  after: { updated_at: string; id: string } | null;
  limit: number;
}

export type PageResult = { ok: true; rows: CacheRow[] } | { ok: false; error: SyncErrorInfo; token: string | null };

export interface SyncTransport {
  readonly url: string;
  send(table: SyncedTable, op: OutboxOp, entries: readonly StoredOutboxEntry[]): Promise<SendResult>;
  page(q: PageQuery): Promise<PageResult>;
  byIds(table: SyncedTable, ids: readonly string[]): Promise<PageResult>;
  /** The server's clock, measured with its round trip; null when it cannot be read. */
  serverTime?(): Promise<ServerTimeSample | null>;
  /** Adds a photo to the evidence bucket, never replacing one (photo-uploader.ts). */
  upload?(path: string, bytes: ArrayBuffer, type: string): Promise<SendResult>;
  /** The names of the photos stored under `folder` ({table}/{row_id}), or null when they cannot be read now. */
  listPhotos?(folder: string): Promise<string[] | null>;
  /** The ids of the rows of `table` with at least one photo on the server, or null when they cannot be read now. */
  rowsWithPhotos?(table: string): Promise<Set<string> | null>;
  /** Signed URLs (valid for `seconds`) for photos in the bucket, by path; paths that cannot be signed are left out. */
  signPhotos?(paths: readonly string[], seconds: number): Promise<Map<string, string>>;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** PostgREST `or` values with reserved characters (., :, +) are double-quoted. */
function q(value: string): string {
  return `"${value.replace(/"/g, '\\"')}"`;
}

function sameColumns(rows: readonly Record<string, unknown>[]): boolean {
  const first = rows[0];
  if (!first) return true;
  const names = new Set(Object.keys(first));
  return rows.every((r) => {
    const keys = Object.keys(r);
    return keys.length === names.size && keys.every((k) => names.has(k));
  });
}

export function createSyncTransport(db: TenantDb, session: SessionSource, baseFetch: typeof fetch = fetch): SyncTransport {
  const { url, anonKey } = db.binding;
  let lastToken: string | null = null;

  const guardedFetch: typeof fetch = async (input, init) => {
    const target = urlOf(input);
    if (!target.startsWith(`${url}/`)) {
      throw new TenantMismatchError(`Refusing to send ${db.name}'s data to ${target}`);
    }
    const headers = new Headers(init?.headers);
    if (headers.get('Authorization') === `Bearer ${anonKey}`) {
      const body = {
        code: NO_SESSION_CODE,
        message: 'Sign-in needed: there is no session for this organization on this device.',
        details: null,
        hint: null,
      };
      return new Response(JSON.stringify(body), { status: 401, headers: { 'content-type': 'application/json' } });
    }
    // The server measures this device's clock from it at the moment of sending
    // (queued rows were stamped earlier, on the same clock).
    headers.set(CLIENT_TIME_HEADER, String(Math.round(trustedNow())));
    return baseFetch(input, { ...init, headers });
  };

  const client: SupabaseClient = createClient(url, anonKey, {
    // Third-party-token mode: supabase-js asks for the token on every request.
    accessToken: async () => {
      lastToken = await session.accessToken();
      return lastToken;
    },
    global: { fetch: guardedFetch },
  });

  const fail = (error: unknown, status: number): { ok: false; error: SyncErrorInfo; token: string | null } => ({
    ok: false,
    error: toSyncErrorInfo(error, status),
    token: lastToken,
  });

  // Server-owned columns (updated_at, generated columns) are dropped: a
  // pulled row upserted back must not try to write them.
  const clean = (table: SyncedTable, payload: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(payload)) if (!isServerOwnedColumn(table, k)) out[k] = payload[k];
    return out;
  };
  const sendPayloads = (entries: readonly StoredOutboxEntry[]): Record<string, unknown>[] =>
    entries.map((e) => ({ ...clean(e.table, e.payload), id: e.row_id }));

  return {
    url,
    async send(table, op, entries) {
      if (op === 'insert' || op === 'upsert') {
        // Inserts (creates): absent columns take the server default
        // (missing=default), so checks with and without notes share one
        // request; ON CONFLICT DO NOTHING makes a replay after a lost
        // response a no-op and needs no update policy, so a role that may
        // create a row but not change it is not refused on the replay.
        // A batch whose rows all name the same columns needs no defaults and
        // takes the server's faster set-based path.
        const rows = sendPayloads(entries);
        const r =
          op === 'insert'
            ? await client.from(table).upsert(rows, { onConflict: 'id', ignoreDuplicates: true, defaultToNull: sameColumns(rows) })
            : await client.from(table).upsert(rows, { onConflict: 'id' });
        return r.error ? fail(r.error, r.status) : { ok: true };
      }
      if (op === 'update') {
        const e = entries[0];
        if (!e) return { ok: true };
        const { id: _id, ...patch } = clean(table, e.payload);
        const r = await client.from(table).update(patch).eq('id', e.row_id).select('id');
        if (r.error) return fail(r.error, r.status);
        if (!r.data?.length)
          return fail(
            { code: NOT_APPLIED_CODE, message: 'The server did not apply this change: the row is missing or you may not change it.' },
            404,
          );
        return { ok: true };
      }
      // delete: a soft delete, so the tombstone reaches other devices.
      const ids = entries.map((e) => e.row_id);
      const at = entries
        .map((e) => String(e.payload.deleted_at ?? e.created_at))
        .sort()
        .at(-1);
      const r = await client.from(table).update({ deleted_at: at }).in('id', ids).select('id');
      if (r.error) return fail(r.error, r.status);
      if ((r.data?.length ?? 0) < ids.length)
        return fail(
          { code: NOT_APPLIED_CODE, message: 'The server did not apply this delete: the row is missing or you may not remove it.' },
          404,
        );
      return { ok: true };
    },
    async page({ table, since, after, limit }) {
      let query = client.from(table).select('*');
      if (after) query = query.or(`updated_at.gt.${q(after.updated_at)},and(updated_at.eq.${q(after.updated_at)},id.gt.${after.id})`);
      else if (since) query = query.gte('updated_at', since);
      const r = await query.order('updated_at', { ascending: true }).order('id', { ascending: true }).limit(limit);
      if (r.error) return fail(r.error, r.status);
      return { ok: true, rows: (r.data ?? []) as CacheRow[] };
    },
    async byIds(table, ids) {
      const r = await client
        .from(table)
        .select('*')
        .in('id', [...ids]);
      if (r.error) return fail(r.error, r.status);
      return { ok: true, rows: (r.data ?? []) as CacheRow[] };
    },
    async serverTime() {
      const sentMs = Date.now();
      const r = await client.rpc('server_time');
      const receivedMs = Date.now();
      // A project without the function (not migrated yet) just teaches nothing.
      if (r.error || typeof r.data !== 'string') return null;
      return { serverMs: Date.parse(r.data), sentMs, receivedMs };
    },
    async upload(path, bytes, type) {
      const r = await client.storage.from(EVIDENCE_BUCKET).upload(path, bytes, { contentType: type, upsert: false });
      return r.error ? { ok: false, error: storageErrorInfo(r.error), token: lastToken } : { ok: true };
    },
    async listPhotos(folder) {
      const r = await client.storage.from(EVIDENCE_BUCKET).list(folder, { limit: 100, sortBy: { column: 'name', order: 'asc' } });
      return r.error ? null : r.data.filter((o) => o.id !== null).map((o) => `${folder}/${o.name}`);
    },
    async rowsWithPhotos(table) {
      // A folder per row ({table}/{row_id}/…): listing the table's folder names the rows, a thousand a page.
      const rows = new Set<string>();
      for (let offset = 0; ; offset += 1000) {
        const r = await client.storage.from(EVIDENCE_BUCKET).list(table, { limit: 1000, offset });
        if (r.error) return null;
        for (const o of r.data) if (o.id === null) rows.add(o.name);
        if (r.data.length < 1000) return rows;
      }
    },
    async signPhotos(paths, seconds) {
      const out = new Map<string, string>();
      if (paths.length === 0) return out;
      const r = await client.storage.from(EVIDENCE_BUCKET).createSignedUrls([...paths], seconds);
      for (const s of r.data ?? []) if (s.path && s.signedUrl && !s.error) out.set(s.path, s.signedUrl);
      return out;
    },
  };
}
