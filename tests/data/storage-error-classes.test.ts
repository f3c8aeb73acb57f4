/**
 * The photo queue decides what to do with a failed upload by the same rule
 * as the outbox (retry, refresh the session, or needs attention). Storage
 * answers most errors with HTTP 400 and the real status in its body, so the
 * errors here are the ones supabase-js's storage client really returns from
 * the local Storage API, read by storageErrorInfo and classified by
 * classifySyncError. Only the 503 and the unreachable server are made up: a
 * fetch that answers 503, and one that never connects.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_DUPLICATE_STATUS, storageErrorInfo } from '../../src/data/storage-errors';
import { classifySyncError } from '../../src/data/sync-errors';
import { signJwt } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, signIn, tenantTarget } from './auth-fixtures';

const JPEG = (size = 2048) => new Blob([new Uint8Array(size).fill(7)], { type: 'image/jpeg' });

describe('a failed photo upload is classified as the outbox classifies a row', () => {
  let t: TestStack;
  let project: Project;
  let officer: SupabaseClient;
  let colleague: SupabaseClient;
  let userId = '';
  let checkId = '';
  const path = (name: string) => `door_log/${checkId}/${name}`;

  async function user(): Promise<{ client: SupabaseClient; id: string }> {
    const target = tenantTarget(t, project);
    const u = await createUser(target);
    await project.engine.query('insert into public.users (id, email, role) values ($1, $2, $3)', [u.id, u.email, 'regular_user']);
    return { client: (await signIn(target, u.email, u.password)).client, id: u.id };
  }

  /** A storage client for the project whose every request goes through `fetchImpl`, with `token` as the user's. */
  const clientWith = (fetchImpl: typeof fetch, token?: string) =>
    createClient(t.stack.tenantUrl(project.ref), project.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: fetchImpl, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) },
    });

  beforeAll(async () => {
    t = await startTestStack();
    project = await t.createTenant();
    const a = await user();
    officer = a.client;
    userId = a.id;
    colleague = (await user()).client;
    const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Main') returning id`);
    const door = await project.engine.query<{ id: string }>(
      `insert into public.doors (door_number, campus_id) values ('D1', $1) returning id`,
      [campus.rows[0]!.id],
    );
    const log = await project.engine.query<{ id: string }>(
      `insert into public.door_log (door_id, campus) values ($1, 'Main') returning id`,
      [door.rows[0]!.id],
    );
    checkId = log.rows[0]!.id;
  });
  afterAll(() => t.close());

  it('a photo already there (its answer was lost) is the duplicate status the queue counts as sent', async () => {
    expect((await officer.storage.from('evidence').upload(path('a.jpg'), JPEG())).error).toBeNull();
    const again = await officer.storage.from('evidence').upload(path('a.jpg'), JPEG());
    const info = storageErrorInfo(again.error);
    expect(info.status).toBe(STORAGE_DUPLICATE_STATUS);
    expect(classifySyncError(info)).toBe('permanent');
  });

  it('a photo over the bucket limit, of a refused type, or refused by policy needs attention', async () => {
    const big = await officer.storage.from('evidence').upload(path('big.jpg'), JPEG(11 * 1024 * 1024));
    expect(storageErrorInfo(big.error)).toMatchObject({ status: 413 });
    expect(classifySyncError(storageErrorInfo(big.error))).toBe('permanent');
    const gif = await officer.storage.from('evidence').upload(path('x.gif'), new Blob([new Uint8Array(10)], { type: 'image/gif' }));
    expect(storageErrorInfo(gif.error)).toMatchObject({ status: 415 });
    expect(classifySyncError(storageErrorInfo(gif.error))).toBe('permanent');
    const theirs = await colleague.storage.from('evidence').upload(path('a.jpg'), JPEG(), { upsert: true });
    expect(storageErrorInfo(theirs.error)).toMatchObject({ status: 403 });
    expect(classifySyncError(storageErrorInfo(theirs.error))).toBe('permanent');
  });

  it('an expired session is refreshed, not refused', async () => {
    const expired = await signJwt(project.keys.jwtSecret, { sub: userId, role: 'authenticated', aud: 'authenticated' }, -60);
    const r = await clientWith(t.fetch, expired).storage.from('evidence').upload(path('late.jpg'), JPEG());
    expect(r.error).not.toBeNull();
    expect(storageErrorInfo(r.error).status).toBe(401);
    expect(classifySyncError(storageErrorInfo(r.error))).toBe('auth');
  });

  it('a busy server and no connection at all are retried', async () => {
    const busy: typeof fetch = async () =>
      new Response(JSON.stringify({ statusCode: '503', error: 'SlowDown', message: 'Please slow down' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    const slow = await clientWith(busy).storage.from('evidence').upload(path('b.jpg'), JPEG());
    expect(classifySyncError(storageErrorInfo(slow.error))).toBe('retry');
    const offline: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const cut = await clientWith(offline).storage.from('evidence').upload(path('c.jpg'), JPEG());
    expect(storageErrorInfo(cut.error).status).toBe(0);
    expect(classifySyncError(storageErrorInfo(cut.error))).toBe('retry');
  });
});
