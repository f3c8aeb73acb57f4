/**
 * Times a 10,000-row upsert into a door_log-like table through supabase-js
 * (the whole HTTP path: gateway, JWT, one transaction as the role, RLS)
 * against the same bulk insert run directly by the superuser, and prints the
 * ratio. The lead turns this into the bench; the bound here is loose so a
 * busy CI machine does not flake.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestFixture, USER_A, type RestFixture } from './rest-fixture';

const N = 10_000;

function rows(seqBase: number) {
  return Array.from({ length: N }, (_, i) => ({
    id: randomUUID(),
    door_id: (i % 5) + 1,
    user_id: USER_A,
    checked_by: null,
    status: i % 7 === 0 ? 'fault' : 'ok',
    note: `check ${i}`,
    seq: seqBase + i,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    owner: USER_A,
  }));
}

const COLS = ['id', 'door_id', 'user_id', 'checked_by', 'status', 'note', 'seq', 'at', 'owner'];

describe('rest: bulk upsert speed', () => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture();
  });
  afterAll(() => f.t.close());

  async function direct(seqBase: number): Promise<number> {
    const payload = JSON.stringify(rows(seqBase));
    const cols = COLS.map((c) => `"${c}"`).join(', ');
    const t0 = performance.now();
    await f.project.engine.query(
      `insert into public.fx_door_log (${cols}) select ${cols} from json_populate_recordset(null::public.fx_door_log, $1::json)
       on conflict (id) do update set ${COLS.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`,
      [payload],
    );
    return performance.now() - t0;
  }

  async function viaRest(seqBase: number): Promise<{ total: number; client: number }> {
    const data = rows(seqBase);
    // What postgrest-js spends before any byte is sent (it builds ?columns from every row).
    const c0 = performance.now();
    const cols = data.reduce<string[]>((acc, x) => acc.concat(Object.keys(x)), []);
    void new Set(cols);
    JSON.stringify(data);
    const client = performance.now() - c0;
    const t0 = performance.now();
    const r = await f.userA.from('fx_door_log').upsert(data, { onConflict: 'id' });
    const total = performance.now() - t0;
    expect(r.error).toBeNull();
    expect(r.status).toBe(201);
    return { total, client };
  }

  /** The same request postgrest-js sends, built without its quadratic ?columns step: the server's share. */
  async function viaHttp(seqBase: number): Promise<number> {
    const body = JSON.stringify(rows(seqBase));
    const token = await f.tokenFor(USER_A);
    const t0 = performance.now();
    const res = await f.t.fetch(f.restUrl(`/fx_door_log?on_conflict=id&columns=${COLS.map((c) => `"${c}"`).join(',')}`), {
      method: 'POST',
      headers: {
        apikey: f.project.keys.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates',
      },
      body,
    });
    await res.text();
    const ms = performance.now() - t0;
    expect(res.status).toBe(201);
    return ms;
  }

  it('times a 10,000-row upsert over HTTP and through supabase-js against a direct bulk insert', async () => {
    // Warm both paths (schema cache, plan caches, JIT).
    await direct(1_000_000);
    await viaRest(2_000_000);
    const d: number[] = [];
    const v: number[] = [];
    const c: number[] = [];
    const h: number[] = [];
    await viaHttp(2_500_000);
    for (let i = 0; i < 3; i++) {
      d.push(await direct(3_000_000 + i * N));
      const r = await viaRest(4_000_000 + i * N);
      v.push(r.total);
      c.push(r.client);
      h.push(await viaHttp(5_000_000 + i * N));
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const ratio = med(v) / med(d);
    const httpRatio = med(h) / med(d);
    console.log(
      `[bench] ${f.project.engine.kind}: 10k-row upsert, direct superuser insert ${med(d).toFixed(0)} ms; ` +
        `same request over HTTP (gateway+JWT+RLS, as user) ${med(h).toFixed(0)} ms = ratio ${httpRatio.toFixed(2)}; ` +
        `via supabase-js .upsert() ${med(v).toFixed(0)} ms = ratio ${ratio.toFixed(2)} ` +
        `(postgrest-js spends ~${med(c).toFixed(0)} ms client-side building ?columns with a quadratic concat)`,
    );
    expect(await f.count('fx_door_log', 'seq >= 4000000 and seq < 5000000')).toBe(3 * N);
    expect(httpRatio).toBeLessThan(4);
  });
});
