/**
 * The Storage API's name and type rules (supabase/local/storage): the
 * characters hosted Storage accepts, no dot or empty segments, and its
 * allowed-types matching with `type/*` wildcards.
 */
import { describe, expect, it } from 'vitest';
import { StorageError } from '../../supabase/local/storage/errors';
import { checkBucketId, checkObjectName, decodeObjectName } from '../../supabase/local/storage/object-name';
import { mimeAllowed } from '../../supabase/local/storage/upload-body';

const refused = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof StorageError) return `${e.statusCode} ${e.code}`;
    throw e;
  }
  return 'accepted';
};

describe('object names', () => {
  it('accepts the names the app writes and S3-safe punctuation', () => {
    for (const name of ['door_log/0b4c3a5e-8f0e-4d7e-9a49-3c1b2f1e7d10/1700000000000-0.jpg', 'a b/c(1)!.png', 'x/y=z;@+,?$&.webp']) {
      expect(checkObjectName(name)).toBe(name);
    }
  });

  it('refuses dot and empty segments, a leading slash, and characters outside the set', () => {
    for (const name of [
      '..',
      '../x.jpg',
      'a/../b.jpg',
      'a/./b.jpg',
      '/a.jpg',
      'a//b.jpg',
      'a/',
      'a\\b.jpg',
      'a\u0000b',
      'a%2eb',
      'é.jpg',
      '',
    ]) {
      expect(
        refused(() => checkObjectName(name)),
        name,
      ).toBe('400 InvalidKey');
    }
    expect(refused(() => checkObjectName(`${'a/'.repeat(600)}x`))).toBe('400 InvalidKey');
  });

  it('decodes percent-encoding once, and refuses a malformed escape', () => {
    expect(decodeObjectName('door%20log/a%2Fb')).toBe('door log/a/b');
    expect(refused(() => decodeObjectName('%E0%A4%A'))).toBe('400 InvalidKey');
  });

  it('checks bucket ids', () => {
    expect(checkBucketId('evidence')).toBe('evidence');
    expect(refused(() => checkBucketId('a/b'))).toBe('400 InvalidRequest');
    expect(refused(() => checkBucketId('x'.repeat(101)))).toBe('400 InvalidRequest');
  });
});

describe('allowed types', () => {
  it('matches type and subtype, with type/* for any subtype, and allows everything without a list', () => {
    const photos = ['image/jpeg', 'image/png', 'image/webp'];
    expect(mimeAllowed('image/jpeg', photos)).toBe(true);
    expect(mimeAllowed('IMAGE/PNG', photos)).toBe(true);
    expect(mimeAllowed('image/gif', photos)).toBe(false);
    expect(mimeAllowed('text/html', photos)).toBe(false);
    expect(mimeAllowed('jpeg', photos)).toBe(false);
    expect(mimeAllowed('image/heic', ['image/*'])).toBe(true);
    expect(mimeAllowed('application/pdf', null)).toBe(true);
    expect(mimeAllowed('application/pdf', [])).toBe(true);
  });
});
