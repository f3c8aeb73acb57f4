import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuotaError, requestPersistentStorage } from '../../src/data/storage';

describe('persistent storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports what the browser answers', async () => {
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => true } });
    expect(await requestPersistentStorage()).toBe('persisted');
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => false } });
    expect(await requestPersistentStorage()).toBe('best-effort');
    vi.stubGlobal('navigator', { storage: { persisted: async () => true, persist: async () => false } });
    expect(await requestPersistentStorage()).toBe('persisted');
  });

  it('says unsupported without the API and best-effort when asking fails', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe('unsupported');
    vi.stubGlobal('navigator', { storage: { persist: async () => Promise.reject(new Error('denied')) } });
    expect(await requestPersistentStorage()).toBe('best-effort');
  });

  it('recognises quota errors however Dexie wraps them', () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });
});
