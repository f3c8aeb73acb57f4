/** The supabase driver's bundled tenant migrations are exactly the files in supabase/tenant/migrations. */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { TENANT_MIGRATIONS } from '../../supabase/functions/api/provisioning/tenant-migrations.gen';

it('is up to date (run npm run bundle:migrations after changing a tenant migration)', async () => {
  const dir = resolve(import.meta.dirname, '..', '..', 'supabase', 'tenant', 'migrations');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const onDisk = await Promise.all(
    files.map(async (f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f) ?? [];
      return { version, name, sql: await readFile(join(dir, f), 'utf8') };
    }),
  );
  expect(TENANT_MIGRATIONS).toEqual(onDisk);
});
