/**
 * Owns the sessions of every project this device signs in to (platform and
 * each tenant), in IndexedDB so the service worker can read them too. One
 * storage key per project, so sessions never collide.
 */
import Dexie, { type Table } from 'dexie';

interface KvRow {
  key: string;
  value: string;
}

class SessionDb extends Dexie {
  kv!: Table<KvRow, string>;
  constructor() {
    super('lockstep-sessions');
    this.version(1).stores({ kv: 'key' });
  }
}

let db: SessionDb | null = null;
function sessionDb(): SessionDb {
  db ??= new SessionDb();
  return db;
}

/** The supabase-js auth storage contract, backed by IndexedDB. */
export interface AuthStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export const idbAuthStorage: AuthStorage = {
  async getItem(key) {
    return (await sessionDb().kv.get(key))?.value ?? null;
  },
  async setItem(key, value) {
    await sessionDb().kv.put({ key, value });
  },
  async removeItem(key) {
    await sessionDb().kv.delete(key);
  },
};

/** The stored keys that start with `prefix` (e.g. every tenant's support record, to end them all on sign-out). */
export async function storedKeysStartingWith(prefix: string): Promise<string[]> {
  return (await sessionDb().kv.where('key').startsWith(prefix).primaryKeys()).map(String);
}

export function platformStorageKey(): string {
  return 'lockstep-auth-platform';
}

export function tenantStorageKey(slug: string): string {
  return `lockstep-auth-tenant-${slug}`;
}
