/**
 * localeCompare and a count's toLocaleString without ICU where the answer is
 * known without it. The first locale-aware call in a tab loads ICU's data:
 * on a phone-class CPU (4x) the first localeCompare took 49-124 ms and the
 * first toLocaleString 28-72 ms more, each one long task, and the security
 * dashboard made both before its first paint (decision 031). Both answer in
 * the page's language (navigator.language), named to ICU explicitly: left to
 * ICU's default, a browser whose interface language differs from it could
 * sort or group differently on the same page. For English, whose collation
 * and digit grouping are CLDR's root ones, plain names and whole counts are
 * answered here, exactly as ICU would; anything else goes to ICU.
 */

/** Languages whose default collation and integer grouping are the root ones this file reproduces (en-IN groups by lakh). */
function english(): boolean {
  const lang = language()?.toLowerCase();
  return lang === 'en' || lang === 'en-us';
}

function language(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** Letters, digits and the space: the characters whose root collation order is reproduced below. */
const PLAIN = /^[A-Za-z0-9 ]*$/;

/** Root collation's primary order of a plain character: space, then digits, then letters, case aside. */
function primary(code: number): number {
  if (code === 32) return 0;
  if (code <= 57) return code - 47; // '0'..'9' -> 1..10
  return (code | 32) - 86; // 'a'..'z' (either case) -> 11..36
}

/** `a.localeCompare(b)`'s sign in the page's language, without ICU for plain names in an English browser. */
export function compareText(a: string, b: string): number {
  if (!english() || !PLAIN.test(a) || !PLAIN.test(b)) return a.localeCompare(b, language());
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = primary(a.charCodeAt(i)) - primary(b.charCodeAt(i));
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  // The same letters: case decides at the first difference, lower case first.
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x > y ? -1 : 1; // 'a' (97) sorts before 'A' (65)
  }
  return 0;
}

/** `n.toLocaleString()`, without ICU for a whole count in an English browser (-0, which ICU writes "-0", goes to it). */
export function formatCount(n: number): string {
  if (!english() || !Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString(language());
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : '');
  return n < 0 ? `-${out}` : out;
}
