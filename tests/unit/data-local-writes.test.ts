import { describe, expect, it } from 'vitest';
import type { TenantDb } from '../../src/data/local-db';
import { localWriteCount, noteLocalWrite, subscribeLocalWrites } from '../../src/data/local-writes';

describe('local write count', () => {
  it('counts commits per database and tells subscribers at once', () => {
    const a = {} as TenantDb;
    const b = {} as TenantDb;
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
});
