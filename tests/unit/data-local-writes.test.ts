import { describe, expect, it } from 'vitest';
import type { TenantDb } from '../../src/data/local-db';
import { localWriteCount, noteLocalWrite, subscribeLocalWrites } from '../../src/data/local-writes';

const dbNamed = (name: string) => ({ name }) as TenantDb;

describe('local write count', () => {
  it('counts commits per database and tells subscribers at once', () => {
    const a = dbNamed('lockstep-a-u1');
    const b = dbNamed('lockstep-b-u1');
    const heard: string[] = [];
    const stop = subscribeLocalWrites(a, () => heard.push('a'));
    noteLocalWrite(a);
    noteLocalWrite(a);
    noteLocalWrite(b);
    expect([localWriteCount(a), localWriteCount(b), localWriteCount(null)]).toEqual([2, 1, 0]);
    expect(heard).toEqual(['a', 'a']);
    stop();
    noteLocalWrite(a);
    expect(heard).toEqual(['a', 'a']);
  });

  it('counts a write made through another instance of the same database (the scan path opens its own)', () => {
    const badge = dbNamed('lockstep-c-u1');
    const scanPath = dbNamed('lockstep-c-u1');
    const heard: number[] = [];
    subscribeLocalWrites(badge, () => heard.push(localWriteCount(badge)));
    noteLocalWrite(scanPath);
    expect(localWriteCount(badge)).toBe(1);
    expect(heard).toEqual([1]);
  });
});
