/** Reading loosely typed cache rows (CacheRow values are unknown). */
type Row = Readonly<Record<string, unknown>>;

export function text(row: Row | undefined, key: string): string {
  const v = row?.[key];
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

export function live<T extends Row>(rows: readonly T[] | undefined): T[] {
  return (rows ?? []).filter((r) => !r.deleted_at);
}

export function matches(query: string, ...values: string[]): boolean {
  const q = query.trim().toLowerCase();
  return !q || values.some((v) => v.toLowerCase().includes(q));
}
