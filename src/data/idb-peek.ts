/**
 * Reads one value from the session store's IndexedDB database without Dexie,
 * so route guards and the first paint of sign-in screens stay small. It never
 * creates the database (an absent database means "no value"), and it closes
 * its connection at once so Dexie can always upgrade the schema.
 */

const SESSION_DB = 'lockstep-sessions';
const KV_STORE = 'kv';

export function peekSessionValue(key: string): Promise<string | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    let created = false;
    const req = indexedDB.open(SESSION_DB);
    req.onupgradeneeded = () => {
      // The database does not exist yet: do not create it here.
      created = true;
      req.transaction?.abort();
    };
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
    req.onsuccess = () => {
      const db = req.result;
      if (created || !db.objectStoreNames.contains(KV_STORE)) {
        db.close();
        resolve(null);
        return;
      }
      try {
        const tx = db.transaction(KV_STORE, 'readonly');
        const get = tx.objectStore(KV_STORE).get(key);
        get.onsuccess = () => {
          const row = get.result as { value?: unknown } | undefined;
          resolve(typeof row?.value === 'string' ? row.value : null);
        };
        get.onerror = () => resolve(null);
        tx.oncomplete = () => db.close();
        tx.onabort = () => db.close();
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}
