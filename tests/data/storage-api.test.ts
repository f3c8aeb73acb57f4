/**
 * The local Storage API (issue 17) through the unmodified supabase-js storage
 * client, on PGlite and (with DATABASE_URL) PostgreSQL: upload, upsert,
 * download, list, signed URLs and their expiry, remove; who may read, add,
 * replace and remove evidence photos (the policies the tenant migration puts
 * on storage.objects); the bucket's size and type limits; names that try to
 * leave their folder.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { signObjectUrl } from '../../supabase/local/storage/signed-url';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, signIn, tenantTarget } from './auth-fixtures';

const JPEG = (fill: number, size = 2048) => new Blob([new Uint8Array(size).fill(fill)], { type: 'image/jpeg' });
const bytesOf = async (b: Blob) => [...new Uint8Array(await b.arrayBuffer())];

describe('Storage API (evidence bucket)', () => {
  let t: TestStack;
  let project: Project;
  let officer: SupabaseClient;
  let colleague: SupabaseClient;
  let superAdmin: SupabaseClient;
  let noRole: SupabaseClient;
  let anon: SupabaseClient;
  let checkId = '';
  let otherCheckId = '';
  const photo = () => `door_log/${checkId}/closer.jpg`;

  async function signedInAs(role: string | null): Promise<SupabaseClient> {
    const target = tenantTarget(t, project);
    const user = await createUser(target);
    if (role) await project.engine.query('insert into public.users (id, email, role) values ($1, $2, $3)', [user.id, user.email, role]);
    return (await signIn(target, user.email, user.password)).client;
  }

  /** Every stored file of the tenant, as paths under its folder. */
  async function filesOnDisk(): Promise<string[]> {
    const root = join(t.stack.files.root, project.ref);
    try {
      return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return [];
    }
  }

  const objectRows = async () =>
    (await project.engine.query<{ name: string; owner_id: string | null }>(`select name, owner_id from storage.objects order by name`))
      .rows;

  beforeAll(async () => {
    t = await startTestStack();
    project = await t.createTenant();
    officer = await signedInAs('regular_user');
    colleague = await signedInAs('regular_user');
    superAdmin = await signedInAs('super_admin');
    noRole = await signedInAs(null);
    anon = t.tenantClient(project);
    const campus = await project.engine.query<{ id: string }>(`insert into public.campus (campus_name) values ('Main') returning id`);
    const door = await project.engine.query<{ id: string }>(
      `insert into public.doors (door_number, campus_id) values ('D1', $1) returning id`,
      [campus.rows[0]!.id],
    );
    const logs = await project.engine.query<{ id: string }>(
      `insert into public.door_log (door_id, campus) values ($1, 'Main'), ($1, 'Main') returning id`,
      [door.rows[0]!.id],
    );
    checkId = logs.rows[0]!.id;
    otherCheckId = logs.rows[1]!.id;
  });
  afterAll(() => t.close());

  it('uploads, downloads the same bytes with their type, and lists folders and files', async () => {
    const up = await officer.storage.from('evidence').upload(photo(), JPEG(1));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: photo(), fullPath: `evidence/${photo()}` });

    const down = await colleague.storage.from('evidence').download(photo());
    expect(down.error).toBeNull();
    expect(down.data!.type).toBe('image/jpeg');
    expect(await bytesOf(down.data!)).toEqual(await bytesOf(JPEG(1)));

    const inRow = await colleague.storage.from('evidence').list(`door_log/${checkId}`);
    expect(inRow.error).toBeNull();
    expect(inRow.data!.map((e) => [e.name, e.id !== null, e.metadata?.size])).toEqual([['closer.jpg', true, 2048]]);
    const folders = await colleague.storage.from('evidence').list('door_log');
    expect(folders.data!.map((e) => [e.name, e.id])).toEqual([[checkId, null]]);
    const owner = (await objectRows()).find((r) => r.name === photo())?.owner_id;
    expect(owner).toBe((await officer.auth.getUser()).data.user!.id);
  });

  it('refuses a second upload to the same name unless it upserts, and only the uploader may replace a photo', async () => {
    const again = await officer.storage.from('evidence').upload(photo(), JPEG(2));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    const theirs = await colleague.storage.from('evidence').upload(photo(), JPEG(3), { upsert: true });
    expect(theirs.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(await bytesOf((await officer.storage.from('evidence').download(photo())).data!)).toEqual(await bytesOf(JPEG(1)));

    const filesBefore = (await filesOnDisk()).length;
    const mine = await officer.storage.from('evidence').upload(photo(), JPEG(4), { upsert: true });
    expect(mine.error).toBeNull();
    expect(await bytesOf((await colleague.storage.from('evidence').download(photo())).data!)).toEqual(await bytesOf(JPEG(4)));
    // The replaced version's file is gone: one file per object.
    expect((await filesOnDisk()).length).toBe(filesBefore);

    // An upsert of a name not yet there simply creates it.
    const fresh = `door_log/${checkId}/upserted.jpg`;
    const created = await officer.storage.from('evidence').upload(fresh, JPEG(6), { upsert: true });
    expect(created.error).toBeNull();
    expect(await bytesOf((await colleague.storage.from('evidence').download(fresh)).data!)).toEqual(await bytesOf(JPEG(6)));
    expect((await filesOnDisk()).length).toBe(filesBefore + 1);
    expect((await officer.storage.from('evidence').remove([fresh])).error).toBeNull();
  });

  it('adds only to rows the caller may read, as a signed-in user with a role', async () => {
    const missingRow = await officer.storage.from('evidence').upload(`door_log/00000000-0000-4000-8000-000000000000/x.jpg`, JPEG(5));
    expect(missingRow.error).toMatchObject({ statusCode: '403' });
    const otherTable = await officer.storage.from('evidence').upload(`secrets/${checkId}/x.jpg`, JPEG(5));
    expect(otherTable.error).toMatchObject({ statusCode: '403' });
    const loose = await officer.storage.from('evidence').upload(`door_log/${checkId}/deeper/x.jpg`, JPEG(5));
    expect(loose.error).toMatchObject({ statusCode: '403' });
    const roleless = await noRole.storage.from('evidence').upload(`door_log/${otherCheckId}/x.jpg`, JPEG(5));
    expect(roleless.error).toMatchObject({ statusCode: '403' });
    const keyOnly = await anon.storage.from('evidence').upload(`door_log/${otherCheckId}/x.jpg`, JPEG(5));
    expect(keyOnly.error).toMatchObject({ statusCode: '403' });
    expect((await objectRows()).map((r) => r.name)).toEqual([photo()]);
  });

  it('lets only readers of the row read its photos', async () => {
    for (const client of [noRole, anon]) {
      const down = await client.storage.from('evidence').download(photo());
      expect(down.error).not.toBeNull();
      const listed = await client.storage.from('evidence').list(`door_log/${checkId}`);
      expect(listed.data).toEqual([]);
      const signed = await client.storage.from('evidence').createSignedUrl(photo(), 60);
      expect(signed.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    }
    // A deactivated officer reads nothing any more.
    const target = tenantTarget(t, project);
    const user = await createUser(target);
    await project.engine.query(`insert into public.users (id, email, role, active) values ($1, $2, 'regular_user', false)`, [
      user.id,
      user.email,
    ]);
    const inactive = (await signIn(target, user.email, user.password)).client;
    expect((await inactive.storage.from('evidence').download(photo())).error).not.toBeNull();
  });

  it('signs URLs that download without a key until they expire, for that object only', async () => {
    const signed = await colleague.storage.from('evidence').createSignedUrl(photo(), 60);
    expect(signed.error).toBeNull();
    const url = signed.data!.signedUrl;
    expect(url).toContain(`/t/${project.ref}/storage/v1/object/sign/evidence/door_log/${checkId}/closer.jpg?token=`);
    const plain = await t.fetch(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('image/jpeg');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect([...new Uint8Array(await plain.arrayBuffer())]).toEqual(await bytesOf(JPEG(4)));

    // A URL supabase-js signed for one second, used after it ran out.
    const brief = await colleague.storage.from('evidence').createSignedUrl(photo(), 1);
    expect(brief.error).toBeNull();
    await new Promise((r) => setTimeout(r, 2_100));
    const ranOut = await t.fetch(brief.data!.signedUrl);
    expect(ranOut.status).toBe(400);
    expect(await ranOut.json()).toMatchObject({ statusCode: '400', error: 'ExpiredToken' });

    const expired = await signObjectUrl(project.keys.jwtSecret, 'evidence', photo(), -60);
    const late = await t.fetch(url.replace(/token=.*/, `token=${expired}`));
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', error: 'ExpiredToken' });

    const elsewhere = url.replace('closer.jpg', 'other.jpg');
    const wrong = await t.fetch(elsewhere);
    expect(await wrong.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });

    const many = await colleague.storage.from('evidence').createSignedUrls([photo(), `door_log/${checkId}/none.jpg`], 60);
    expect(many.error).toBeNull();
    expect(many.data!.map((d) => [d.path, d.error, d.signedUrl ? 'url' : null])).toEqual([
      [photo(), null, 'url'],
      [`door_log/${checkId}/none.jpg`, 'Either the object does not exist or you do not have access to it', null],
    ]);
  });

  it('enforces the bucket’s 10 MB limit and image types, and refuses names that leave their folder, storing nothing', async () => {
    const rowsBefore = await objectRows();
    const filesBefore = await filesOnDisk();
    const name = `door_log/${otherCheckId}/big.jpg`;

    const big = await officer.storage.from('evidence').upload(name, JPEG(6, 10 * 1024 * 1024 + 1));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const gif = await officer.storage.from('evidence').upload(name, new Blob([new Uint8Array(10)], { type: 'image/gif' }));
    expect(gif.error).toMatchObject({ statusCode: '415', message: 'mime type image/gif is not supported' });
    const html = await officer.storage.from('evidence').upload(name, new Blob(['<script>alert(1)</script>'], { type: 'text/html' }));
    expect(html.error).toMatchObject({ statusCode: '415' });

    for (const bad of [
      `../door_log/${otherCheckId}/x.jpg`,
      `door_log/${otherCheckId}/../../x.jpg`,
      'door_log/a\\b.jpg',
      `door_log/${otherCheckId}/a\u0000b.jpg`,
    ]) {
      // fetch itself folds plain dot segments into the path (then the bucket is wrong); either way a 400, nothing stored.
      const r = await officer.storage.from('evidence').upload(bad, JPEG(7));
      expect(r.error, bad).toMatchObject({ status: 400 });
    }
    // Percent-encoded dots reach the server as dots, and are refused the same.
    const encoded = await t.fetch(`${t.stack.tenantUrl(project.ref)}/storage/v1/object/evidence/door_log/%2e%2e/%2e%2e/x.jpg`, {
      method: 'POST',
      headers: {
        apikey: project.keys.anonKey,
        authorization: `Bearer ${(await officer.auth.getSession()).data.session!.access_token}`,
        'content-type': 'image/jpeg',
      },
      body: new Uint8Array(4),
    });
    expect(encoded.status).toBe(400);
    expect(await encoded.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });

    expect(await objectRows()).toEqual(rowsBefore);
    expect(await filesOnDisk()).toEqual(filesBefore);
  });

  it('removes: nobody removes another’s photo, the uploader and a super admin may', async () => {
    const second = `door_log/${otherCheckId}/pane.jpg`;
    expect((await colleague.storage.from('evidence').upload(second, JPEG(8))).error).toBeNull();

    const notMine = await officer.storage.from('evidence').remove([second]);
    expect(notMine.error).toBeNull();
    expect(notMine.data).toEqual([]);
    expect((await objectRows()).map((r) => r.name)).toContain(second);

    const byAdmin = await superAdmin.storage.from('evidence').remove([second]);
    expect(byAdmin.data!.map((r) => r.name)).toEqual([second]);

    const own = await officer.storage.from('evidence').remove([photo()]);
    expect(own.data!.map((r) => r.name)).toEqual([photo()]);
    expect((await officer.storage.from('evidence').download(photo())).error).not.toBeNull();
    expect(await objectRows()).toEqual([]);
    expect(await filesOnDisk()).toEqual([]);
  });

  it('on every evidence table, the row’s own readers read and add its photos: transport staff are refused a parking violation’s', async () => {
    const one = async (sql: string) => (await project.engine.query<{ id: string }>(`${sql} returning id`)).rows[0]!.id;
    const rows = {
      incidents: await one(`insert into public.incidents (title, description) values ('Smashed pane', 'Gym side door')`),
      maintenance_records: await one(`insert into public.maintenance_records (issue_type, description) values ('closer', 'Slow to close')`),
      parking_violations: await one(`insert into public.parking_violations (violation_type, license_plate) values ('No permit', 'ABC123')`),
    };
    const transport = await signedInAs('transportation_admin');
    const office = await signedInAs('office_staff');
    for (const [table, id] of Object.entries(rows)) {
      const name = `${table}/${id}/evidence.jpg`;
      expect((await officer.storage.from('evidence').upload(name, JPEG(9))).error, table).toBeNull();
      const transportMay = table !== 'parking_violations';
      const down = await transport.storage.from('evidence').download(name);
      expect(down.error === null, `${table}: transport reads`).toBe(transportMay);
      const listed = await transport.storage.from('evidence').list(`${table}/${id}`);
      expect(
        listed.data?.map((f) => f.name),
        table,
      ).toEqual(transportMay ? ['evidence.jpg'] : []);
      const added = await transport.storage.from('evidence').upload(`${table}/${id}/second.jpg`, JPEG(10));
      if (transportMay) expect(added.error, table).toBeNull();
      else expect(added.error, table).toMatchObject({ statusCode: '403' });
      expect((await office.storage.from('evidence').download(name)).error, `${table}: office reads`).toBeNull();
      expect((await noRole.storage.from('evidence').download(name)).error, `${table}: no role`).not.toBeNull();
    }
    expect((await objectRows()).map((r) => r.name).sort()).toEqual(
      [
        `incidents/${rows.incidents}/evidence.jpg`,
        `incidents/${rows.incidents}/second.jpg`,
        `maintenance_records/${rows.maintenance_records}/evidence.jpg`,
        `maintenance_records/${rows.maintenance_records}/second.jpg`,
        `parking_violations/${rows.parking_violations}/evidence.jpg`,
      ].sort(),
    );
  });
});
