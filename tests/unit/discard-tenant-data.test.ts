/**
 * Leaving a support session removes the tenant data it synced to the staff
 * member's device, except what is not yet sent: nothing recorded is lost
 * (src/data/tenant-sync.ts discardTenantData), on a real IndexedDB
 * implementation.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openTenantDb, tenantDbName } from '../../src/data/local-db';
import { discardTenantData } from '../../src/data/tenant-sync';

const STAFF = '33333333-3333-4333-8333-333333333333';
const binding = (slug: string) => ({ slug, userId: STAFF, url: 'http://stack.test/t/' + slug, anonKey: 'anon' });

async function seed(slug: string, unsent: 'none' | 'outbox' | 'rejected'): Promise<void> {
  const db = await openTenantDb(binding(slug));
  const entry = {
    table: 'doors' as const,
    op: 'update' as const,
    row_id: 'd1',
    payload: { status: 'operational' },
    created_at: new Date().toISOString(),
    attempts: 0,
  };
  if (unsent === 'outbox') await db.outbox.add(entry);
  if (unsent === 'rejected') {
    await db.rejected.add({
      entry: { ...entry, seq: 1 },
      table: entry.table,
      row_id: entry.row_id,
      error: { code: '42501', message: 'refused', details: null, hint: null, status: 403 },
      rejected_at: new Date().toISOString(),
    });
  }
  db.close();
}

describe('discardTenantData', () => {
  it('deletes a synced copy with nothing unsent', async () => {
    await seed('clean-org', 'none');
    expect(await Dexie.exists(tenantDbName('clean-org', STAFF))).toBe(true);
    expect(await discardTenantData('clean-org', STAFF)).toBe('deleted');
    expect(await Dexie.exists(tenantDbName('clean-org', STAFF))).toBe(false);
  });

  it.each(['outbox', 'rejected'] as const)('keeps the database while its %s holds a change', async (where) => {
    const slug = `kept-${where}`;
    await seed(slug, where);
    expect(await discardTenantData(slug, STAFF)).toBe('kept');
    expect(await Dexie.exists(tenantDbName(slug, STAFF))).toBe(true);
    const db = await openTenantDb(binding(slug));
    expect((await db.outbox.count()) + (await db.rejected.count())).toBe(1);
    db.close();
  });

  it('does not create a database that was never there', async () => {
    expect(await discardTenantData('never-synced', STAFF)).toBe('none');
    expect(await Dexie.exists(tenantDbName('never-synced', STAFF))).toBe(false);
  });
});
