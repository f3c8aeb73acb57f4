/**
 * The local store's versions (src/data/local-schema-history.ts): shipped
 * versions are never edited, so the newest one must be exactly what the app
 * declares (CURRENT_SCHEMA, built from CACHE_INDEXES); a change to
 * CACHE_INDEXES without a new version fails here.
 */
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA } from '../../src/data/local-db';
import { LOCAL_SCHEMA } from '../../src/data/local-schema-history';
import { CACHE_INDEXES, SYNCED_TABLES } from '../../src/data/sync-tables';

describe('local schema versions', () => {
  it('go up one at a time from 1', () => {
    expect(LOCAL_SCHEMA.map((v) => v.version)).toEqual(LOCAL_SCHEMA.map((_, i) => i + 1));
  });

  it('the newest version holds every synced table with the indexes the code uses, and the sync tables', () => {
    const newest = LOCAL_SCHEMA.at(-1)!;
    for (const table of SYNCED_TABLES) expect({ table, stores: newest.stores[table] }).toEqual({ table, stores: CACHE_INDEXES[table] });
    for (const store of ['outbox', 'rejected', 'sync_state', 'meta']) expect(newest.stores[store], store).toBeTruthy();
  });

  it('the app declares the newest shipped version, store for store', () => {
    const newest = LOCAL_SCHEMA.at(-1)!;
    expect(CURRENT_SCHEMA.version).toBe(newest.version);
    expect(CURRENT_SCHEMA.stores).toEqual(newest.stores);
  });

  it("no version changes a store's primary key in place (Dexie cannot; that needs a new store and an upgrade)", () => {
    for (let i = 1; i < LOCAL_SCHEMA.length; i++) {
      const [prev, next] = [LOCAL_SCHEMA[i - 1]!, LOCAL_SCHEMA[i]!];
      const changedPrimaryKey = Object.keys(prev.stores).some(
        (s) => next.stores[s] !== undefined && next.stores[s]!.split(',')[0] !== prev.stores[s]!.split(',')[0],
      );
      expect(changedPrimaryKey, `version ${next.version}`).toBe(false);
    }
  });
});
