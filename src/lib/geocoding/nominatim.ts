/**
 * OpenStreetMap Nominatim (https://nominatim.org/release-docs/latest/api/Search/)
 * behind the GeocodingProvider interface. The base URL is configurable so a
 * tenant can point at its own instance; any network error, timeout or non-2xx
 * answer is "unavailable".
 */
import { z } from 'zod';
import {
  GEOCODING_NOT_FOUND_MESSAGE,
  GEOCODING_UNAVAILABLE_MESSAGE,
  type AddressSuggestion,
  type GeocodeResult,
  type GeocodingProvider,
} from './types';

export const DEFAULT_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';

const placeSchema = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  address: z
    .object({
      house_number: z.string().optional(),
      road: z.string().optional(),
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      state: z.string().optional(),
      'ISO3166-2-lvl4': z.string().optional(),
      postcode: z.string().optional(),
    })
    .partial()
    .optional(),
});
const placesSchema = z.array(placeSchema);
type Place = z.infer<typeof placeSchema>;

export interface NominatimOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  limit?: number;
  /** Least time between two requests: the public server allows one a second. */
  minIntervalMs?: number;
}

const CACHE_SIZE = 100;

function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function toSuggestion(p: Place): AddressSuggestion {
  const a = p.address ?? {};
  const iso = a['ISO3166-2-lvl4'];
  // Spec §7: administrative area level 1 gives the short state (US-TX -> TX).
  const state = iso && iso.includes('-') ? (iso.split('-')[1] ?? '') : (a.state ?? '');
  const street = [a.house_number, a.road].filter(Boolean).join(' ');
  return {
    label: p.display_name,
    address: street || p.display_name.split(',')[0] || '',
    city: a.city ?? a.town ?? a.village ?? '',
    state,
    zip: a.postcode ?? '',
    lat: p.lat,
    lng: p.lon,
  };
}

export function createNominatimProvider(options: NominatimOptions = {}): GeocodingProvider {
  const base = (options.baseUrl ?? DEFAULT_NOMINATIM_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? 8000;
  const limit = options.limit ?? 5;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  // Repeated queries (typing back and forth, then Get Coordinates) are answered
  // from memory, and the rest are spaced out, as Nominatim's usage policy asks.
  const cache = new Map<string, Place[]>();
  let nextSlot = 0;

  async function search(q: string, signal?: AbortSignal): Promise<GeocodeResult<Place[]>> {
    const url = `${base}/search?format=jsonv2&addressdetails=1&limit=${limit}&q=${encodeURIComponent(q)}`;
    const cached = cache.get(url);
    if (cached) return { ok: true, value: cached };
    const slot = Math.max(Date.now(), nextSlot);
    nextSlot = slot + minIntervalMs;
    await waitFor(slot - Date.now(), signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const res = await doFetch(url, { signal: combined, headers: { Accept: 'application/json' } });
      if (!res.ok) return { ok: false, reason: 'unavailable', message: GEOCODING_UNAVAILABLE_MESSAGE };
      const parsed = placesSchema.safeParse(await res.json());
      if (!parsed.success) return { ok: false, reason: 'unavailable', message: GEOCODING_UNAVAILABLE_MESSAGE };
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      cache.set(url, parsed.data);
      return { ok: true, value: parsed.data };
    } catch (e) {
      if (signal?.aborted) throw e;
      return { ok: false, reason: 'unavailable', message: GEOCODING_UNAVAILABLE_MESSAGE };
    }
  }

  return {
    async suggest(query, signal) {
      const r = await search(query, signal);
      return r.ok ? { ok: true, value: r.value.map(toSuggestion) } : r;
    },
    async geocode(address, signal) {
      const r = await search(address, signal);
      if (!r.ok) return r;
      const first = r.value[0];
      if (!first) return { ok: false, reason: 'not_found', message: GEOCODING_NOT_FOUND_MESSAGE };
      return { ok: true, value: { lat: first.lat, lng: first.lon } };
    },
  };
}
