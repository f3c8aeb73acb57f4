/**
 * The local stack against PostgREST 14's documented behaviour, with the
 * unmodified supabase-js client on the suite's own schema
 * (fixture/migrations): embedding (self-references, views, computed fields
 * and relationships, many-to-many), rpc resolution, range operators, writes'
 * preferences, counts and formats. Expected answers follow PostgREST's docs
 * (docs/references/api/*.rst, errors.rst) and its error texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompat, type CompatFixture } from './compat-fixture';

let fx: CompatFixture;
beforeAll(async () => {
  fx = await startCompat();
});
afterAll(() => fx.close());

describe('embedding', () => {
  it('embeds a self-reference: the table name gives the children, the FK column the parent, a hint picks the FK', async () => {
    const children = await fx.anon.from('collections').select('name, collections(name)').eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ name: 'All', collections: [{ name: 'Fiction' }, { name: 'Poetry' }] });
    const parent = await fx.anon.from('collections').select('name, parent:parent_id(name)').eq('id', 4).single();
    expect(parent.data).toEqual({ name: 'Fantasy', parent: { name: 'Fiction' } });
    const hinted = await fx.anon.from('collections').select('name, collections!parent_id(name)').eq('id', 2).single();
    expect(hinted.data).toEqual({ name: 'Fiction', collections: [{ name: 'Fantasy' }] });
  });

  it('answers an ambiguous embed with 300 PGRST201 and details as a list of relationships', async () => {
    const r = await fx.anon.from('books').select('title, authors(name)');
    expect(r.status).toBe(300);
    expect(r.error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'books' and 'authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_author_id_fkey using books(author_id) and authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_co_author_id_fkey using books(co_author_id) and authors(id)',
        },
      ],
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_co_author_id_fkey'. Find the desired relationship in the 'details' key.",
    });
    const hinted = await fx.anon.from('books').select('title, authors!co_author_id(name)').eq('id', 2).single();
    expect(hinted.data).toEqual({ title: 'The Dispossessed', authors: { name: 'Italo' } });
  });

  it('finds relationships through views, under the views’ own column names', async () => {
    const fromView = await fx.anon.from('book_cards').select('heading, authors(name)').eq('book_id', 3).single();
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual({ heading: 'Invisible Cities', authors: { name: 'Italo' } });
    const toView = await fx.anon.from('writers').select('name, book_cards(heading)').eq('id', 1).single();
    expect(toView.data).toEqual({ name: 'Ursula', book_cards: [{ heading: 'Earthsea' }, { heading: 'The Dispossessed' }] });
  });

  it('reports a missing relationship with PGRST200 in PostgREST’s words', async () => {
    const r = await fx.anon.from('genres').select('name, rooms(name)');
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'genres' and 'rooms' in the schema cache",
      details: "Searched for a foreign key relationship between 'genres' and 'rooms' in the schema 'public', but no matches were found.",
    });
  });

  it('embeds many-to-many through the junction table', async () => {
    const r = await fx.anon.from('books').select('title, genres(name)').eq('id', 3).single();
    expect(r.data).toEqual({ title: 'Invisible Cities', genres: [{ name: 'Fantasy' }, { name: 'Literary' }] });
  });

  it('selects, filters and orders by computed fields, and embeds computed relationships', async () => {
    const fields = await fx.anon.from('books').select('id, label').like('label', '*387*');
    expect(fields.error).toBeNull();
    expect(fields.data).toEqual([{ id: 2, label: 'The Dispossessed (387 pages)' }]);
    const rels = await fx.anon.from('books').select('title, first_author(name), sequels(title)').eq('id', 1).single();
    expect(rels.data).toEqual({ title: 'Earthsea', first_author: { name: 'Ursula' }, sequels: [{ title: 'The Dispossessed' }] });
  });
});

describe('rpc', () => {
  it('tells overloads apart by their parameter names, and answers 300 PGRST203 when it cannot', async () => {
    expect((await fx.anon.rpc('add', { a: 1, b: 2 })).data).toBe(3);
    expect((await fx.anon.rpc('add', { a: 1, b: 2, c: 3 })).data).toBe(6);
    const r = await fx.anon.rpc('describe', { x: 1 });
    expect(r.status).toBe(300);
    expect(r.error).toEqual({
      code: 'PGRST203',
      message: expect.stringMatching(
        /^Could not choose the best candidate function between: public\.describe\(x => (integer|text)\), public\.describe\(x => (integer|text)\)$/,
      ),
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('passes the whole body to a single unnamed parameter, also when it is sent by the empty key', async () => {
    expect((await fx.anon.rpc('keys_of', { b: 1, a: 2 })).data).toEqual(['a', 'b']);
    const shout = await fx.rest('/rpc/shout', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'quiet' });
    expect(shout.status).toBe(200);
    expect(await shout.json()).toBe('QUIET');
    // PostgREST names an unnamed parameter "", so {"": …} matches it and the whole body is its argument (OnePosParam).
    const byEmptyKey = await fx.anon.rpc('shout', { '': 'quiet' });
    expect(byEmptyKey.status).toBe(200);
    expect(byEmptyKey.data).toBe('{"":"QUIET"}');
    const pair = await fx.anon.rpc('pair', {});
    expect(pair.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.pair without parameters in the schema cache',
      details:
        'Searched for the function public.pair without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const wrong = await fx.anon.rpc('add', { a: 1, z: 2 });
    expect(wrong.error).toMatchObject({
      message: 'Could not find the function public.add(a, z) in the schema cache',
      details:
        'Searched for the function public.add with parameters a, z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });

  it('filters, orders, limits and counts a set-returning function’s rows as a table’s', async () => {
    const rows = await fx.anon
      .rpc('all_books', {}, { count: 'exact' })
      .gt('pages', 180)
      .order('pages', { ascending: false })
      .limit(2)
      .select('title');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([{ title: 'The Dispossessed' }, { title: "If on a winter's night" }]);
    expect(rows.count).toBe(3);
    const numbers = await fx.anon.rpc('numbers', { n: 5 }, { count: 'exact' }).limit(2);
    expect(numbers.data).toEqual([1, 2]);
    expect(numbers.count).toBe(5);
    const table = await fx.anon.rpc('shelf', { min_pages: 200 }).order('title');
    expect(table.data).toEqual([
      { title: "If on a winter's night", pages: 260 },
      { title: 'The Dispossessed', pages: 387 },
    ]);
    const scalar = await fx.anon.rpc('add', { a: 2, b: 2 }, { count: 'exact' });
    expect(scalar).toMatchObject({ data: 4, count: 1 });
  });

  it('estimates a set-returning function’s count (count=planned) with its arguments bound, as a table’s', async () => {
    const planned = await fx.anon.rpc('numbers', { n: 5 }, { count: 'planned' }).limit(2);
    expect(planned.error).toBeNull();
    expect(planned.data).toEqual([1, 2]);
    expect(Number.isInteger(planned.count)).toBe(true);
    const head = await fx.rest('/rpc/numbers?n=5', { method: 'HEAD', headers: { prefer: 'count=planned' } });
    expect([200, 206]).toContain(head.status);
    expect(head.headers.get('content-range')).toMatch(/^0-4\/\d+$/);
  });

  it('runs a writing function once however its rows are counted', async () => {
    const visits = async () => (await fx.service.from('visits').select('id', { count: 'exact', head: true })).count ?? 0;
    for (const count of ['exact', 'planned', 'estimated'] as const) {
      const before = await visits();
      const r = await fx.service.rpc('log_visits', { n: 3 }, { count }).limit(2);
      expect(r.error).toBeNull();
      expect(r.data).toHaveLength(2);
      if (count !== 'planned') expect(r.count).toBe(3);
      expect(await visits()).toBe(before + 3);
    }
  });

  it('holds an rpc to max-affected under handling=strict by the rows it returns, and refuses it on a single-value function', async () => {
    const visits = async () => (await fx.service.from('visits').select('id', { count: 'exact', head: true })).count;
    const before = await visits();
    const over = await fx.rest('/rpc/log_visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=2' },
      body: JSON.stringify({ n: 3 }),
    });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    expect(await visits()).toBe(before);
    const within = await fx.rest('/rpc/log_visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=3' },
      body: JSON.stringify({ n: 3 }),
    });
    expect(within.status).toBe(200);
    expect(await visits()).toBe((before ?? 0) + 3);
    // Lenient handling ignores max-affected.
    const lenient = await fx.rest('/rpc/log_visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'max-affected=1' },
      body: JSON.stringify({ n: 2 }),
    });
    expect(lenient.status).toBe(200);
    const single = await fx.rest('/rpc/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'handling=strict, max-affected=5' },
      body: JSON.stringify({ a: 1, b: 2 }),
    });
    expect(single.status).toBe(400);
    expect(await single.json()).toEqual({
      code: 'PGRST128',
      message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      details: null,
      hint: null,
    });
  });
});

describe('filters', () => {
  it('reads nxr as &< (does not extend to the right of) and nxl as &> (does not extend to the left of)', async () => {
    const nxr = await fx.anon.from('books').select('id').filter('printed', 'nxr', '[1960,1975)').order('id');
    expect(nxr.data).toEqual([{ id: 1 }, { id: 2 }]);
    const nxl = await fx.anon.from('books').select('id').filter('printed', 'nxl', '[1971,1990)').order('id');
    expect(nxl.data).toEqual([{ id: 2 }, { id: 3 }]);
    const enums = await fx.anon.from('books').select('id').in('mood', ['sad', 'happy']).order('id');
    expect(enums.data).toEqual([{ id: 2 }, { id: 3 }]);
  });
});

describe('writes', () => {
  it('gives missing columns their defaults with missing=default, identity columns included', async () => {
    const r = await fx.service
      .from('rooms')
      .insert([{ name: 'Loud' }, { name: 'Attic', floor: 3 }], { defaultToNull: false })
      .select('id, name, floor');
    expect(r.error).toBeNull();
    expect(r.data).toEqual([
      { id: 3, name: 'Loud', floor: 1 },
      { id: 4, name: 'Attic', floor: 3 },
    ]);
  });

  it('gives a row that leaves out an identity column its next value when another row of the batch names one', async () => {
    const r = await fx.service
      .from('rooms')
      .insert([{ id: 10, name: 'Named' }, { name: 'Unnamed' }], { defaultToNull: false })
      .select('id, name, floor');
    expect(r.error).toBeNull();
    const [named, unnamed] = r.data ?? [];
    expect(named).toEqual({ id: 10, name: 'Named', floor: 1 });
    expect(unnamed).toMatchObject({ name: 'Unnamed', floor: 1 });
    expect(Number.isInteger(unnamed?.id) && unnamed?.id !== 10).toBe(true);
  });

  it('answers a merge-duplicates upsert that only updated rows 200, and any upsert that inserted 201', async () => {
    const updated = await fx.service.from('genres').upsert({ id: 3, name: 'Literary fiction' });
    expect(updated.status).toBe(200);
    const inserted = await fx.service.from('genres').upsert({ id: 4, name: 'Poetry' });
    expect(inserted.status).toBe(201);
  });

  it('answers an ignore-duplicates upsert 201 even when it inserted nothing, as PostgREST 14 does', async () => {
    const ignored = await fx.service.from('genres').upsert({ id: 1, name: 'Not applied' }, { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
    expect((await fx.service.from('genres').select('name').eq('id', 1).single()).data).toEqual({ name: 'Fantasy' });
  });

  it('answers a PUT 201 when it inserted the row and 200 when it replaced it (with the row returned), 204 without', async () => {
    const put = (body: unknown, prefer?: string) =>
      fx.rest('/genres?id=eq.7', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(prefer ? { prefer } : {}) },
        body: JSON.stringify(body),
      });
    const created = await put({ id: 7, name: 'Essays' }, 'return=representation');
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual([{ id: 7, name: 'Essays' }]);
    const replaced = await put({ id: 7, name: 'Essays and letters' }, 'return=representation');
    expect(replaced.status).toBe(200);
    expect((await put({ id: 7, name: 'Letters' })).status).toBe(204);
  });

  it('refuses a PATCH or DELETE over max-affected under handling=strict, and changes nothing', async () => {
    const r = await fx.rest('/rooms?floor=gte.1', {
      method: 'DELETE',
      headers: { prefer: 'handling=strict, max-affected=1' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: expect.stringMatching(/^The query affects \d+ rows$/),
      hint: null,
    });
    expect((await fx.service.from('rooms').select('id', { count: 'exact', head: true })).count).toBeGreaterThan(1);
  });
});

describe('counts and formats', () => {
  it('answers HEAD with count=planned 206 and the planner’s estimate', async () => {
    const r = await fx.rest('/books?limit=1', { method: 'HEAD', headers: { prefer: 'count=planned' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
  });

  it('quotes CSV as PostgREST does: each row as Postgres writes a record', async () => {
    const { data } = await fx.anon.from('books').select('id, note, tags').in('id', [1, 3, 4]).order('id').csv();
    expect(data).toBe('id,note,tags\n1,first,"{fantasy,sea}"\n3,"a ""quoted"", note",{}\n4,"line one\nline two","{meta,novel}"');
  });

  it('strips null keys for Accept: application/vnd.pgrst.array+json;nulls=stripped', async () => {
    const r = await fx.rest('/authors?select=id,born&id=gte.2&order=id', {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(await r.json()).toEqual([{ id: 2, born: '1923-10-15' }, { id: 3 }]);
  });

  it('words PGRST116 as PostgREST 14 does', async () => {
    const r = await fx.anon.from('books').select('id').single();
    expect(r.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 4 rows',
      hint: null,
    });
  });
});

// What hosted Supabase leaves at PostgREST's defaults: db-aggregates-enabled,
// db-plan-enabled off, db-tx-end commit. Answers from PostgREST 14's source
// (Error.hs, Plan.hs, Negotiate.hs, Preferences.hs) and its AggregateFunctionsSpec.
describe('off on hosted Supabase, refused the same way', () => {
  const notAllowed = { code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null };

  it('refuses aggregates with 400 PGRST123: count(), column aggregates, in embeds and spreads', async () => {
    for (const select of [
      'count()',
      'n:count()::text',
      'author_id, count()',
      'pages.sum()',
      'pages.avg()::int',
      'name, books!books_author_id_fkey(pages.max())',
    ]) {
      const from = select.startsWith('name') ? 'authors' : 'books';
      const r = await fx.anon.from(from).select(select);
      expect({ select, status: r.status, error: r.error }).toEqual({ select, status: 400, error: notAllowed });
    }
    const spread = await fx.anon.from('books').select('title, ...authors!books_author_id_fkey(id.count())');
    expect(spread.error).toEqual(notAllowed);
  });

  it('still counts with the plain `count` column, which Postgres reads as count(row), as hosted does', async () => {
    const total = await fx.anon.from('genres').select('count');
    expect(total.error).toBeNull();
    expect(total.data).toEqual([{ count: expect.any(Number) }]);
    const perAuthor = await fx.anon.from('authors').select('name, books!books_author_id_fkey(count)').eq('id', 1).single();
    expect(perAuthor.data).toEqual({ name: 'Ursula', books: [{ count: expect.any(Number) }] });
    // No GROUP BY is made up: with other columns Postgres refuses, as behind PostgREST.
    const mixed = await fx.anon.from('genres').select('name, count');
    expect(mixed.status).toBe(400);
    expect(mixed.error?.code).toBe('42803');
  });

  it('refuses explain() with 406 PGRST107, naming the plan media type as PostgREST does', async () => {
    const r = await fx.anon.from('books').select('title').explain({ analyze: true, format: 'json' });
    expect(r.status).toBe(406);
    expect(r.error).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
      details: null,
      hint: null,
    });
    const text = await fx.rest('/books', { headers: { accept: 'application/vnd.pgrst.plan' } });
    expect(text.status).toBe(406);
    expect(await text.json()).toMatchObject({
      message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    });
  });

  it('ignores Prefer: tx=rollback (db-tx-end is commit): the write stays, even under handling=strict', async () => {
    for (const [id, prefer] of [
      [90, 'tx=rollback'],
      [91, 'tx=rollback, handling=strict'],
    ] as const) {
      const r = await fx.service
        .from('genres')
        .insert({ id, name: `Kept ${id}` })
        .setHeader('Prefer', `return=minimal, ${prefer}`);
      expect(r.status).toBe(201);
      expect(r.error).toBeNull();
    }
    const kept = await fx.service.from('genres').select('id').in('id', [90, 91]).order('id');
    expect(kept.data).toEqual([{ id: 90 }, { id: 91 }]);
  });

  it('refuses preferences PostgREST does not know under handling=strict with 400 PGRST122, and ignores them otherwise', async () => {
    const strict = await fx.rest('/genres?id=eq.1', { headers: { prefer: 'handling=strict, count=exact, params=single-object, wat' } });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: params=single-object, wat',
      hint: null,
    });
    const lenient = await fx.rest('/genres?id=eq.1', { headers: { prefer: 'wat, timezone=UTC' } });
    expect(lenient.status).toBe(200);
  });
});
