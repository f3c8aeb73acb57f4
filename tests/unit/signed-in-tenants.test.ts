/**
 * The installed app's start (issue 13 §1) decides from the sessions stored on
 * the device: listSignedInTenants reads them without Dexie, on a real
 * IndexedDB implementation, and must not mistake the records stored beside a
 * session for sessions.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { listSignedInTenants } from '../../src/data/signed-in-tenants';
import { idbAuthStorage } from '../../src/data/session-store';
import { refusedRefreshKey, tenantStorageKey } from '../../src/data/storage-keys';

const session = (id: string, email: string, refresh = `rt-${id}`) =>
  JSON.stringify({ access_token: 'at', refresh_token: refresh, expires_at: 1, user: { id, email } });

beforeEach(async () => {
  for (const key of ['a', 'b', 'c'].map(tenantStorageKey)) {
    await idbAuthStorage.removeItem(key);
    await idbAuthStorage.removeItem(refusedRefreshKey(key));
  }
});

describe('listSignedInTenants', () => {
  it('is empty on a device that never signed in', async () => {
    expect(await listSignedInTenants()).toEqual([]);
  });

  it('lists each tenant with a session, its cached profile, and whether the server refused it', async () => {
    await idbAuthStorage.setItem(tenantStorageKey('a'), session('u1', 'one@a.test'));
    await idbAuthStorage.setItem(tenantStorageKey('b'), session('u2', 'two@b.test', 'old'));
    await idbAuthStorage.setItem(refusedRefreshKey(tenantStorageKey('b')), 'old');
    await idbAuthStorage.setItem('lockstep-profile-tenant-a', JSON.stringify({ id: 'u1', role: 'regular_user' }));
    // Signed out of c: only a refused token is left, which is not a session.
    await idbAuthStorage.setItem(refusedRefreshKey(tenantStorageKey('c')), 'gone');

    const found = await listSignedInTenants();
    expect(found.map((t) => t.slug)).toEqual(['a', 'b']);
    expect(found[0]).toMatchObject({ session: { userId: 'u1', email: 'one@a.test', refused: false }, profile: { role: 'regular_user' } });
    expect(found[1]).toMatchObject({ session: { userId: 'u2', refused: true }, profile: null });
  });
});
