import { describe, expect, it, vi } from 'vitest';
import { createNominatimProvider, GEOCODING_UNAVAILABLE_MESSAGE, shouldSuggest } from '../../src/lib/geocoding';

const place = {
  lat: '30.2672',
  lon: '-97.7431',
  display_name: '100 Congress Avenue, Austin, Texas, 78701, United States',
  address: { house_number: '100', road: 'Congress Avenue', city: 'Austin', state: 'Texas', 'ISO3166-2-lvl4': 'US-TX', postcode: '78701' },
};

function fakeFetch(answer: () => Response | Promise<Response>, seen: string[] = []): typeof fetch {
  return ((url: string | URL | Request) => {
    seen.push(String(url));
    return Promise.resolve(answer());
  }) as typeof fetch;
}

describe('geocoding', () => {
  it('suggests after more than 2 characters', () => {
    expect(shouldSuggest('ab')).toBe(false);
    expect(shouldSuggest('  ab ')).toBe(false);
    expect(shouldSuggest('abc')).toBe(true);
  });
  it('maps Nominatim places to address parts (short state) at a configurable base URL', async () => {
    const seen: string[] = [];
    const p = createNominatimProvider({ baseUrl: 'http://geo.local/', fetch: fakeFetch(() => Response.json([place]), seen) });
    const r = await p.suggest('100 Congress');
    expect(r).toEqual({
      ok: true,
      value: [
        {
          label: place.display_name,
          address: '100 Congress Avenue',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          lat: 30.2672,
          lng: -97.7431,
        },
      ],
    });
    expect(seen[0]).toMatch(/^http:\/\/geo\.local\/search\?format=jsonv2&addressdetails=1&limit=5&q=100%20Congress$/);
    expect(await p.geocode('100 Congress')).toEqual({ ok: true, value: { lat: 30.2672, lng: -97.7431 } });
  });
  it('says unavailable, never throws, when the provider cannot be reached or answers badly', async () => {
    const down = createNominatimProvider({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    expect(await down.suggest('abc')).toEqual({ ok: false, reason: 'unavailable', message: GEOCODING_UNAVAILABLE_MESSAGE });
    expect(await down.geocode('abc')).toMatchObject({ ok: false, reason: 'unavailable' });
    const err = createNominatimProvider({ fetch: fakeFetch(() => new Response('busy', { status: 503 })) });
    expect(await err.suggest('abc')).toMatchObject({ ok: false, reason: 'unavailable' });
    const junk = createNominatimProvider({ fetch: fakeFetch(() => Response.json({ not: 'a list' })) });
    expect(await junk.suggest('abc')).toMatchObject({ ok: false, reason: 'unavailable' });
  });
  it('times out into unavailable', async () => {
    const slow = createNominatimProvider({
      timeoutMs: 20,
      fetch: ((_u: unknown, init?: RequestInit) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError'))),
        )) as typeof fetch,
    });
    expect(await slow.suggest('abc')).toMatchObject({ ok: false, reason: 'unavailable' });
  });
  it('reports not found when no place matches', async () => {
    const none = createNominatimProvider({ fetch: fakeFetch(() => Response.json([])) });
    expect(await none.geocode('nowhere at all')).toMatchObject({ ok: false, reason: 'not_found' });
    expect(await none.suggest('nowhere')).toEqual({ ok: true, value: [] });
  });

  it('answers repeated queries from memory and spaces requests a second apart (Nominatim policy)', async () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      const p = createNominatimProvider({ fetch: fakeFetch(() => Response.json([place]), seen) });
      expect((await p.suggest('100 Congress')).ok).toBe(true);
      const second = p.suggest('200 Congress');
      await vi.advanceTimersByTimeAsync(500);
      expect(seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(600);
      expect((await second).ok).toBe(true);
      expect(seen).toHaveLength(2);
      expect((await p.suggest('100 Congress')).ok).toBe(true);
      expect(seen).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
