import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServeMigrations } from '../../supabase/local/serve-migrations-env';

describe('SERVE_MIGRATIONS', () => {
  const root = mkdtempSync(join(tmpdir(), 'serve-migrations-'));
  const file = join(root, 'not-a-folder.sql');
  writeFileSync(file, '');

  it('is nothing when unset or blank', () => {
    expect(parseServeMigrations(undefined, root)).toEqual([]);
    expect(parseServeMigrations('  ', root)).toEqual([]);
  });

  it('reads ref=folder pairs, folders relative to the working directory', () => {
    expect(parseServeMigrations('library=.', root)).toEqual([{ ref: 'library', dir: root }]);
    expect(parseServeMigrations(` a=${root} , b-2=. `, root)).toEqual([
      { ref: 'a', dir: root },
      { ref: 'b-2', dir: root },
    ]);
  });

  it('refuses what it cannot serve, naming the entry', () => {
    expect(() => parseServeMigrations('library', root)).toThrow('"library" is not ref=folder');
    expect(() => parseServeMigrations('=.', root)).toThrow('is not ref=folder');
    expect(() => parseServeMigrations('Library=.', root)).toThrow('"Library" is not a project ref');
    expect(() => parseServeMigrations('a=.,a=.', root)).toThrow('"a" is named twice');
    expect(() => parseServeMigrations('a=nowhere', root)).toThrow(`${join(root, 'nowhere')} is not a folder`);
    expect(() => parseServeMigrations(`a=${file}`, root)).toThrow('is not a folder');
  });
});
