/**
 * Applies SQL migrations in file-name order, each once, each in its own
 * transaction, recorded in supabase_migrations.schema_migrations as the
 * Supabase CLI does. The same files run unchanged on a hosted project.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlClient, SqlEngine } from './engine/types';

export const SUPABASE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const BOOTSTRAP_SQL = join(SUPABASE_DIR, 'local', 'sql', 'bootstrap.sql');

/**
 * What shapes a project's schema: the platform's or the tenants' migrations
 * in this repo, or any folder of migrations (a project served for another
 * schema, such as the PostgREST compatibility suite's).
 */
export type ProjectKind = 'platform' | 'tenant' | { migrations: string };

export function migrationsDir(kind: ProjectKind): string {
  return typeof kind === 'string' ? join(SUPABASE_DIR, kind, 'migrations') : kind.migrations;
}

/** A name for the kind in template names: the folder's own schema hash tells two folders apart. */
export function kindLabel(kind: ProjectKind): string {
  return typeof kind === 'string' ? kind : 'migrations';
}

interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

async function listMigrations(dir: string): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return files.map((f) => {
    const m = /^(\d+)_(.+)\.sql$/.exec(f);
    if (!m?.[1] || !m[2]) throw new Error(`Migration file name must be <timestamp>_<name>.sql: ${f}`);
    return { version: m[1], name: m[2], path: join(dir, f) };
  });
}

/** A hash of everything that shapes a fresh project's schema. */
export async function schemaHash(kind: ProjectKind): Promise<string> {
  const h = createHash('sha256');
  h.update(await readFile(BOOTSTRAP_SQL));
  for (const m of await listMigrations(migrationsDir(kind))) {
    h.update(m.path);
    h.update(await readFile(m.path));
  }
  return h.digest('hex').slice(0, 16);
}

export async function bootstrap(db: SqlClient): Promise<void> {
  await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));
}

export async function migrate(db: SqlEngine, kind: ProjectKind): Promise<string[]> {
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of await listMigrations(migrationsDir(kind))) {
    if (done.has(m.version)) continue;
    const sql = await readFile(m.path, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
    });
    applied.push(`${m.version}_${m.name}`);
  }
  return applied;
}
