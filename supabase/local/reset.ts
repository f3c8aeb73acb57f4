/**
 * `--reset`: the stack's data goes, on either engine, so the next start seeds
 * afresh (on PostgreSQL, with the stored files kept beside it). The --lan certificate authority stays: a phone that trusts it goes
 * on trusting this machine.
 */
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { EngineConfig } from './project';
import { POSTGRES_TEMPLATE_PREFIX } from './templates';

const KEPT_ON_RESET = new Set(['lan-tls']);

export async function resetData(config: EngineConfig, root: string, filesDir?: string): Promise<void> {
  if (config.kind === 'pglite') {
    if (!config.dataDir) return;
    const dir = resolve(root, config.dataDir);
    const entries = await readdir(dir).catch(() => []);
    await Promise.all(entries.filter((e) => !KEPT_ON_RESET.has(e)).map((e) => rm(join(dir, e), { recursive: true, force: true })));
    return;
  }
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  const c = new pg.Client({ connectionString: config.url });
  await c.connect();
  try {
    const dbs = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1 and datname not like $2`, [
      `${config.prefix}%`,
      `${POSTGRES_TEMPLATE_PREFIX}%`,
    ]);
    for (const d of dbs.rows) await c.query(`drop database if exists "${d.datname.replace(/"/g, '""')}" with (force)`);
  } finally {
    await c.end();
  }
}
