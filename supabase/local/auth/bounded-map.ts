/**
 * In-memory limiter state that cannot grow without bound: an attacker who
 * sends from many addresses or tries many emails must not be able to fill
 * the server's memory with counters.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly maxEntries: number,
    /** True once an entry is the same as no entry at all. */
    private readonly isSpent: (value: V, now: number) => boolean,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    if (this.isSpent(value, now)) {
      this.entries.delete(key);
      return undefined;
    }
    return value;
  }

  set(key: string, value: V): void {
    // Re-inserting keeps the Map in last-write order, so the front holds the
    // stalest entries: those go first.
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.maxEntries) return;
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
