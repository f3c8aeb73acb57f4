/**
 * Reads the session store's IndexedDB database without Dexie,
 * so route guards and the first paint of sign-in screens stay small. It never
 * creates the database (an absent database means "no value"), and it closes
 * its connection at once so Dexie can always upgrade the schema.
 */

const SESSION_DB = 'lockstep-sessions';
const KV_STORE = 'kv';

export async function peekSessionValue(key: string): Promise<string | null> {
  const found = await peekSession((store) => store.get(key));
  const row = found as { value?: unknown } | undefined;
  return typeof row?.value === 'string' ? row.value : null;
}

/** Every stored row whose key starts with `prefix` (key order). */
export async function peekSessionEntries(prefix: string): Promise<Array<{ key: string; value: string }>> {
  const found = await peekSession((store) => store.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`)));
  const rows = Array.isArray(found) ? (found as Array<{ key?: unknown; value?: unknown }>) : [];
  return rows.flatMap((r) => (typeof r.key === 'string' && typeof r.value === 'string' ? [{ key: r.key, value: r.value }] : []));
}

/** Runs one read on the kv store; undefined when the database or store does not exist or the read fails. */
function peekSession(read: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let created = false;
    const req = indexedDB.open(SESSION_DB);
    req.onupgradeneeded = () => {
      // The database does not exist yet: do not create it here.
      created = true;
      req.transaction?.abort();
    };
    req.onerror = () => resolve(undefined);
    req.onblocked = () => resolve(undefined);
    req.onsuccess = () => {
      const db = req.result;
      if (created || !db.objectStoreNames.contains(KV_STORE)) {
        db.close();
        resolve(undefined);
        return;
      }
      try {
        const tx = db.transaction(KV_STORE, 'readonly');
        const get = read(tx.objectStore(KV_STORE));
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => resolve(undefined);
        tx.oncomplete = () => db.close();
        tx.onabort = () => db.close();
      } catch {
        db.close();
        resolve(undefined);
      }
    };
  });
}
