/**
 * Geocoding for campus addresses. The default provider is Nominatim at
 * VITE_GEOCODING_URL (or OpenStreetMap's public instance).
 */
import { createNominatimProvider } from './nominatim';
import type { GeocodingProvider } from './types';

export * from './types';
export { createNominatimProvider, DEFAULT_NOMINATIM_URL, type NominatimOptions } from './nominatim';

let defaultProvider: GeocodingProvider | null = null;

export function getGeocodingProvider(): GeocodingProvider {
  if (!defaultProvider) {
    const env = (import.meta as { env?: Record<string, string | undefined> }).env;
    defaultProvider = createNominatimProvider({ baseUrl: env?.VITE_GEOCODING_URL || undefined });
  }
  return defaultProvider;
}
