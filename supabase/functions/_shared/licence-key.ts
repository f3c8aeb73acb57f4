/**
 * Licence keys (spec §9, DESIGN §8): 16 characters from A-Z and 0-9 in four
 * groups of four, e.g. LNCN-7Q4D-M2XK-9H3T. Generated from the platform's
 * cryptographic random source, stored as a SHA-256 hex digest with the last
 * four characters for display; the clear key is shown once. Web Crypto only,
 * so the same code runs on Node, Deno and in the browser.
 */
export const LICENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const LICENCE_KEY_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** Groups 16 characters as XXXX-XXXX-XXXX-XXXX. */
export function groupLicenceKey(chars: string): string {
  return chars.match(/.{1,4}/g)?.join('-') ?? chars;
}

/**
 * 16 uniformly drawn characters: bytes at or above the largest multiple of 36
 * below 256 are discarded, so no character is more likely than another.
 */
export function generateLicenceKey(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const limit = 256 - (256 % LICENCE_ALPHABET.length);
  let out = '';
  while (out.length < 16) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < limit && out.length < 16) out += LICENCE_ALPHABET[byte % LICENCE_ALPHABET.length];
    }
  }
  return groupLicenceKey(out);
}

export async function hashLicenceKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function licenceLast4(key: string): string {
  return key.replace(/-/g, '').slice(-4);
}

/** What the table shows of a key: its last four characters only. */
export function maskedLicence(last4: string | null | undefined): string {
  return last4 ? `••••-••••-••••-${last4}` : '—';
}
