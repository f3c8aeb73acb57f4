/**
 * One tenant's slow query stalls nobody else (decision 012): while a signed-in
 * user's request runs as long as its statement timeout allows, the static
 * files, another tenant's sign-in and the platform answer, and the slow
 * request then ends with a 4xx (57014) and its tenant answers again.
 *
 * The verdict is the order of events, not a duration: every other request
 * must finish while the slow one is still running. Before the embedded
 * databases ran in worker threads, the slow query held the server's only
 * thread and every other request finished after it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../supabase/local/server';
import { TEST_ORIGIN } from '../support/stack';
import { createUser, GOOD_PASSWORD, tenantTarget } from './auth-fixtures';
import { startRestFixture, type RestFixture } from './rest-fixture';

describe('availability under a slow query', () => {
  let f: RestFixture;
  let app: ReturnType<typeof createServer>;
  let otherTenant: string;
  let otherAnonKey: string;
  let email: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    f = await startRestFixture();
    await f.project.engine.exec(
      `create function public.fx_slow(ms int) returns int language plpgsql as 'begin perform pg_sleep(ms / 1000.0); return ms; end'`,
    );
    const other = await f.t.createTenant();
    otherTenant = other.ref;
    otherAnonKey = other.keys.anonKey;
    email = (await createUser(tenantTarget(f.t, other))).email;
    const dir = mkdtempSync(join(tmpdir(), 'lockstep-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    app = createServer(f.t.stack, { staticDir: dir });
  });
  afterAll(async () => {
    process.env = saved;
    await f.t.close();
  });

  it('answers static files, another tenant and the platform while one tenant runs a slow query, which then ends with 57014', async () => {
    // authenticated's default 8 s: long enough for a busy machine to finish the others first.
    delete process.env.REST_TIMEOUT_AUTHENTICATED_MS;
    const token = await f.tokenFor('00000000-0000-4000-8000-00000000000a');
    let slowEnded = false;
    const slow = Promise.resolve(
      app.fetch(
        new Request(`${TEST_ORIGIN}/t/${f.project.ref}/rest/v1/rpc/fx_slow`, {
          method: 'POST',
          headers: { apikey: f.project.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ms: 120_000 }),
        }),
      ),
    ).then(async (res) => {
      slowEnded = true;
      return { status: res.status, body: (await res.json()) as { code: string } };
    });
    // Let the slow request reach its database before the others start.
    await new Promise((r) => setTimeout(r, 200));
    expect(slowEnded).toBe(false);

    const staticFile = await app.fetch(new Request(`${TEST_ORIGIN}/assets/app-1.js`));
    expect(staticFile.status).toBe(200);
    expect(slowEnded).toBe(false);

    const signIn = await app.fetch(
      new Request(`${TEST_ORIGIN}/t/${otherTenant}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: otherAnonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: GOOD_PASSWORD }),
      }),
    );
    expect(signIn.status).toBe(200);
    expect(slowEnded).toBe(false);

    const platform = await app.fetch(
      new Request(`${TEST_ORIGIN}/platform/rest/v1/Tenants?select=slug&slug=eq.${otherTenant}`, {
        headers: { apikey: f.t.stack.platform.keys.anonKey },
      }),
    );
    expect(platform.status).toBe(200);
    expect(slowEnded).toBe(false);

    const ended = await slow;
    expect(ended.status).toBe(400);
    expect(ended.body.code).toBe('57014');
    const after = await f.userA.rpc('fx_slow', { ms: 1 });
    expect(after.data).toBe(1);
  }, 60_000);
});

describe("the security test's hostile embed on the real schema", () => {
  it('is refused at once with 54001, and the tenant and the server go on answering', async () => {
    const { startTestStack } = await import('../support/stack');
    const { seedDemo } = await import('../../supabase/local/seed');
    const { DEMO_PASSWORD } = await import('../../supabase/local/demo');
    const t = await startTestStack();
    try {
      await seedDemo(t.stack);
      const lincoln = await t.stack.tenant('lincoln-isd');
      if (!lincoln) throw new Error('lincoln-isd was not seeded');
      const officer = t.tenantClient(lincoln);
      const { error } = await officer.auth.signInWithPassword({ email: 'officer@lincoln-isd.test', password: DEMO_PASSWORD });
      expect(error).toBeNull();
      // Exactly the request of issue 9: an ordinary officer's token, five levels of embedding.
      const hostile = await officer.from('doors').select('id,door_log(id,doors(id,door_log(id,doors(id,door_log(id)))))').limit(1);
      expect(hostile.status).toBe(400);
      expect(hostile.error?.code).toBe('54001');
      const after = await officer.from('doors').select('id').limit(1);
      expect(after.error).toBeNull();
      expect(after.data).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 120_000);
});
