/**
 * One small geocoding interface (DESIGN §10): address suggestions and
 * address-to-coordinates. A provider never throws for a network failure: it
 * answers { ok: false, reason: 'unavailable' } so the form can warn and
 * still save.
 */
export interface AddressSuggestion {
  label: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
}

export type GeocodeResult<T> = { ok: true; value: T } | { ok: false; reason: 'unavailable' | 'not_found'; message: string };

export interface GeocodingProvider {
  suggest(query: string, signal?: AbortSignal): Promise<GeocodeResult<AddressSuggestion[]>>;
  geocode(address: string, signal?: AbortSignal): Promise<GeocodeResult<{ lat: number; lng: number }>>;
}

export const GEOCODING_UNAVAILABLE_MESSAGE =
  'Address lookup is unavailable right now. You can still enter the address and coordinates yourself and save.';
export const GEOCODING_NOT_FOUND_MESSAGE = 'No coordinates found for this address.';

/** Spec §9: suggestions start above 2 characters and hide at 2 or fewer. */
export const MIN_SUGGEST_CHARS = 3;

export function shouldSuggest(query: string): boolean {
  return query.trim().length >= MIN_SUGGEST_CHARS;
}
