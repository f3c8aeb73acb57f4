/**
 * The server process of the photos-queue bench (photos-queue.ts): the local
 * stack on on-disk PGlite, as `npm start` runs it, serving on PORT, with one
 * tenant, an officer and a door; it prints READY and what a client needs
 * (URL, anon key, the officer's token, the door) once the port is bound.
 * Its own process, so the upload queue and the server do not share one
 * event loop as they never do on a phone.
 */
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { signJwt } from '../../supabase/local/keys';
import { createServer } from '../../supabase/local/server';
import { Stack } from '../../supabase/local/stack';

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  const port = Number(process.env.PORT);
  if (!dataDir || !Number.isInteger(port)) throw new Error('DATA_DIR and PORT are required');
  const stack = await Stack.open({ kind: 'pglite', dataDir }, `http://127.0.0.1:${port}`);
  const slug = 'photo-bench';
  const project = await stack.provisionTenant({ slug, companyName: slug, requireLicense: false });
  const userId = randomUUID();
  const email = `officer@${slug}.test`;
  await project.engine.query(`insert into auth.users (id, email) values ($1, $2)`, [userId, email]);
  await project.engine.query(`insert into public.users (id, email, role) values ($1, $2, 'regular_user')`, [userId, email]);
  const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Bench') returning id`);
  const door = await project.engine.query<{ id: string }>(
    `insert into public.doors (door_number, campus_id) values ('P1', $1) returning id`,
    [campus.rows[0]?.id],
  );
  const token = await signJwt(project.keys.jwtSecret, { sub: userId, role: 'authenticated', email, aud: 'authenticated' }, 3600);
  const server = await new Promise<ReturnType<typeof serve>>((ok, fail) => {
    const s = serve({ fetch: createServer(stack).fetch, port, hostname: '127.0.0.1' }, () => ok(s));
    s.once('error', fail);
  });
  const ready = { url: stack.tenantUrl(slug), slug, anonKey: project.keys.anonKey, token, userId, doorId: door.rows[0]?.id };
  console.log(`READY ${JSON.stringify(ready)}`);
  process.on('SIGTERM', () => {
    server.close();
    void stack.close().then(() => process.exit(0));
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
