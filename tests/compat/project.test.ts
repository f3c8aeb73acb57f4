/**
 * A project served from a folder of migrations: the schema is the folder's,
 * and a fresh project starts where a fresh hosted project starts (identity
 * columns at 1, or right after the rows the migrations inserted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompat, type CompatFixture } from './compat-fixture';

describe('a project from a migrations folder', () => {
  let fx: CompatFixture;
  beforeAll(async () => {
    fx = await startCompat();
  });
  afterAll(() => fx.close());

  it('serves the folder’s schema through supabase-js', async () => {
    const { data, error } = await fx.anon.from('genres').select('name').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Fantasy' }, { name: 'Science fiction' }, { name: 'Literary' }]);
  });

  it('gives a fresh project’s first identity value 1, and continues after the rows its migrations inserted', async () => {
    const first = await fx.service.from('tickets').insert({ code: 'A' }).select('id').single();
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ id: 1 });
    const book = await fx.service.from('books').insert({ title: 'New' }).select('id').single();
    expect(book.data).toEqual({ id: 5 });
    const author = await fx.service.from('authors').insert({ name: 'New' }).select('id').single();
    expect(author.data).toEqual({ id: 4 });
  });
});
