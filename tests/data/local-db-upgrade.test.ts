/**
 * A phone keeps its local store across app updates: a store written by any
 * shipped schema version opens with the current code, queued writes and
 * cached rows intact (src/data/local-schema-history.ts). The app declares
 * only its current version; Dexie moves an older store to it.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { openTenantDb, tenantDbName } from '../../src/data/local-db';
import { LOCAL_SCHEMA } from '../../src/data/local-schema-history';

describe('local store upgrades', () => {
  for (const shipped of LOCAL_SCHEMA) {
    it(`a store written by version ${shipped.version} opens with the current code and keeps its data`, async () => {
      const binding = {
        slug: `upgrade-${shipped.version}`,
        url: 'http://localhost/t/upgrade',
        anonKey: 'anon',
        userId: crypto.randomUUID(),
      };
      const old = new Dexie(tenantDbName(binding.slug, binding.userId));
      for (const v of LOCAL_SCHEMA.filter((x) => x.version <= shipped.version)) {
        const version = old.version(v.version).stores({ ...v.stores });
        if (v.upgrade) version.upgrade(v.upgrade);
      }
      await old.open();
      const doorId = crypto.randomUUID();
      await old.table('doors').put({ id: doorId, door_number: 'EA1', campus_id: null, status: 'maintenance' });
      await old.table('maintenance_records').put({ id: crypto.randomUUID(), door_id: doorId, priority: 'high', status: 'open' });
      await old
        .table('outbox')
        .add({ table: 'doors', op: 'upsert', row_id: doorId, payload: { id: doorId }, created_at: new Date().toISOString(), attempts: 0 });
      await old.table('meta').put({ key: 'binding', value: { slug: binding.slug, url: binding.url, userId: binding.userId } });
      old.close();

      const db = await openTenantDb(binding);
      try {
        expect(db.verno).toBe(LOCAL_SCHEMA.at(-1)!.version);
        expect(await db.cache('doors').get(doorId)).toMatchObject({ door_number: 'EA1' });
        // Indexes added by a later version are built from the rows already there.
        expect(await db.cache('doors').where('status').equals('maintenance').count()).toBe(1);
        expect(await db.cache('maintenance_records').where('[priority+status]').equals(['high', 'open']).count()).toBe(1);
        expect(await db.outbox.where('[table+row_id]').equals(['doors', doorId]).count()).toBe(1);
        // Tables only a later version has are there, with their indexes.
        expect(await db.cache('fuel_log').where('[vehicle_id+fueled_at]').between([doorId, ''], [doorId, '\uffff']).count()).toBe(0);
      } finally {
        db.close();
        await Dexie.delete(tenantDbName(binding.slug, binding.userId));
      }
    });
  }

  it('a tab still running the previous version keeps writing after another tab upgrades the store', async () => {
    const binding = { slug: 'upgrade-open-tab', url: 'http://localhost/t/upgrade', anonKey: 'anon', userId: crypto.randomUUID() };
    const previous = LOCAL_SCHEMA.at(-2)!;
    const old = new Dexie(tenantDbName(binding.slug, binding.userId));
    for (const v of LOCAL_SCHEMA.filter((x) => x.version <= previous.version)) old.version(v.version).stores({ ...v.stores });
    await old.open();
    const db = await openTenantDb(binding);
    try {
      // Dexie closes the old connection for the upgrade, then reopens the store at its new version.
      const doorId = crypto.randomUUID();
      await old.table('doors').put({ id: doorId, door_number: 'OLD1', status: 'operational' });
      await old
        .table('outbox')
        .add({ table: 'doors', op: 'upsert', row_id: doorId, payload: { id: doorId }, created_at: new Date().toISOString(), attempts: 0 });
      expect(await db.cache('doors').where('status').equals('operational').count()).toBe(1);
      expect(await db.outbox.where('[table+row_id]').equals(['doors', doorId]).count()).toBe(1);
    } finally {
      old.close();
      db.close();
      await Dexie.delete(tenantDbName(binding.slug, binding.userId));
    }
  });
});
