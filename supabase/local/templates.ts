/**
 * Migrated template databases. A fresh PGlite runs initdb (seconds) and the
 * migrations; cloning a template built once per schema hash takes a fraction
 * of that, which keeps tenant provisioning and the test suites fast.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite } from './engine/pglite-engine';
import { dropDatabase, openPostgres } from './engine/postgres-engine';
import { bootstrap, migrate, schemaHash, SUPABASE_DIR, type ProjectKind } from './migrate';

export const CACHE_DIR = process.env.LOCKSTEP_CACHE_DIR ?? join(SUPABASE_DIR, '..', '.cache', 'templates');

const memoryTemplates = new Map<string, Promise<Blob>>();

async function buildPgliteTemplate(kind: ProjectKind, file: string): Promise<Blob> {
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const db = await openPglite({});
  try {
    await bootstrap(db);
    await migrate(db, kind);
    const blob = await db.dump();
    await mkdir(CACHE_DIR, { recursive: true });
    // Write then rename, so a parallel worker never reads half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
    await rename(tmp, file);
    return blob;
  } finally {
    await db.close();
  }
}

export async function pgliteTemplate(kind: ProjectKind): Promise<Blob> {
  const hash = await schemaHash(kind);
  const key = `${kind}-${hash}`;
  let t = memoryTemplates.get(key);
  if (!t) {
    t = buildPgliteTemplate(kind, join(CACHE_DIR, `${key}.tar.gz`));
    memoryTemplates.set(key, t);
    t.catch(() => memoryTemplates.delete(key));
  }
  return t;
}

async function databaseExists(url: string, name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await c.end();
  }
}

/**
 * Template databases are shared by every stack on the server (named by the
 * schema hash, not by the stack's prefix), so parallel test files and runs
 * migrate once per schema version instead of once per file.
 */
export const POSTGRES_TEMPLATE_PREFIX = process.env.DATABASE_TEMPLATE_PREFIX ?? 'lockstep_tmpl_';

/** Returns the name of a migrated template database on the PostgreSQL server. */
export async function postgresTemplate(url: string, kind: ProjectKind): Promise<string> {
  const name = `${POSTGRES_TEMPLATE_PREFIX}${kind}_${await schemaHash(kind)}`;
  if (await databaseExists(url, name)) return name;
  const building = `${name}_${process.pid}_${Date.now() % 100000}`;
  const db = await openPostgres(url, building);
  try {
    await bootstrap(db);
    await migrate(db, kind);
  } finally {
    await db.close();
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`alter database "${building}" rename to "${name}"`);
  } catch (e) {
    // A parallel worker finished first: theirs is as good as ours.
    if ((e as { code?: string }).code !== '42P04') throw e;
    await dropDatabase(url, building);
  } finally {
    await c.end();
  }
  return name;
}
