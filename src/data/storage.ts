/**
 * Owns the device's storage health: asking the browser to keep our data
 * (persistent storage, so an offline shift's queue is not evicted) and
 * turning a quota error into a message a person can act on. A quota error
 * aborts the whole Dexie transaction, so what was already queued is never
 * touched; only the new change is refused.
 */

export type PersistAnswer = 'persisted' | 'best-effort' | 'unsupported';

export async function requestPersistentStorage(): Promise<PersistAnswer> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage || typeof storage.persist !== 'function') return 'unsupported';
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'best-effort';
  } catch {
    return 'best-effort';
  }
}

export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(cause: unknown) {
    super(
      'This device is out of storage space, so this change was not saved. Everything saved before is still queued. Free up space (or sync while online) and try again.',
      { cause },
    );
  }
}

/** True for QuotaExceededError however Dexie wraps it (directly or as `inner`). */
export function isQuotaError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 4; depth++) {
    if (typeof cur !== 'object') return false;
    const name = (cur as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
    cur = (cur as { inner?: unknown }).inner;
  }
  return false;
}

/** Runs a local write; a quota error becomes a StorageFullError, others pass unchanged. */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isQuotaError(e)) throw new StorageFullError(e);
    throw e;
  }
}
