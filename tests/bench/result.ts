/** One figure of `npm run bench`, as written to .bench/results.json. */
export interface BenchResult {
  id: string;
  figure: number;
  unit: string;
  /** The bar in words, e.g. "<= 2" or "reported". */
  bar: string;
  ok: boolean;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
