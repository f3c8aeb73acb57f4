/**
 * Migrated template databases. A fresh PGlite runs initdb (seconds) and the
 * migrations; copying a template built once per schema hash takes a fraction
 * of that, which keeps tenant provisioning and the test suites fast. On
 * PGlite the template is a closed data directory in .cache/templates, copied
 * file by file (twice as fast as loading a dump); on PostgreSQL it is a
 * template database.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite } from './engine/pglite-engine';
import { dropDatabase, openPostgres } from './engine/postgres-engine';
import { bootstrap, kindLabel, migrate, schemaHash, SUPABASE_DIR, type ProjectKind } from './migrate';

export const CACHE_DIR = process.env.LOCKSTEP_CACHE_DIR ?? join(SUPABASE_DIR, '..', '.cache', 'templates');

const memoryTemplates = new Map<string, Promise<string>>();

/** Builds a closed, migrated data directory, then moves it into place (a parallel builder's finished one wins). */
async function buildPgliteTemplateDir(kind: ProjectKind, dir: string): Promise<string> {
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  await mkdir(CACHE_DIR, { recursive: true });
  const building = `${dir}.${process.pid}.${Date.now()}.tmp`;
  const db = await openPglite({ dataDir: building });
  try {
    await bootstrap(db);
    await migrate(db, kind);
    // Sequences WAL-log 32 values ahead of the one they hand out; a copy that
    // ever replayed that WAL would start its identity columns ~30 ahead of a
    // fresh hosted project. A checkpoint puts the true values on disk first.
    await db.exec('checkpoint');
  } finally {
    await db.close();
  }
  try {
    await rename(building, dir);
  } catch (e) {
    if (!existsSync(join(dir, 'PG_VERSION'))) throw e;
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}

/** The migrated template of a project kind, as a closed PGlite data directory new projects are copied from. */
export async function pgliteTemplateDir(kind: ProjectKind): Promise<string> {
  const key = `${kindLabel(kind)}-${await schemaHash(kind)}`;
  let t = memoryTemplates.get(key);
  if (!t) {
    t = buildPgliteTemplateDir(kind, join(CACHE_DIR, key));
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
  const name = `${POSTGRES_TEMPLATE_PREFIX}${kindLabel(kind)}_${await schemaHash(kind)}`;
  // Checked once per process: every tenant open asked the server again, on a
  // connection outside the stack's budget (200 tenants opening at once, 200 more connections).
  const key = `${url}|${name}`;
  let t = postgresTemplates.get(key);
  if (!t) {
    t = buildPostgresTemplate(url, kind, name);
    postgresTemplates.set(key, t);
    t.catch(() => postgresTemplates.delete(key));
  }
  return t;
}

const postgresTemplates = new Map<string, Promise<string>>();

async function buildPostgresTemplate(url: string, kind: ProjectKind, name: string): Promise<string> {
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
