/**
 * A project is what a hosted Supabase project is: one database with its own
 * JWT secret, anon key and service key. The platform is one project; every
 * tenant is another.
 */
import { join } from 'node:path';
import type { ConnectionBudget } from './engine/connection-budget';
import { openPglite } from './engine/pglite-engine';
import { openPostgres } from './engine/postgres-engine';
import type { SqlEngine } from './engine/types';
import { createProjectKeys, type ProjectKeys } from './keys';
import { bootstrap, migrate, type ProjectKind } from './migrate';
import { pgliteTemplateDir, postgresTemplate } from './templates';

export type EngineConfig =
  | { kind: 'pglite'; /** null keeps every project in memory (tests) */ dataDir: string | null }
  | { kind: 'postgres'; url: string; /** database name prefix */ prefix: string };

export interface Project {
  /** 'platform', or the tenant's slug */
  ref: string;
  kind: ProjectKind;
  engine: SqlEngine;
  keys: ProjectKeys;
  /** True when this open created the database (first start of a project). */
  created: boolean;
}

/**
 * What the gateway needs of a project: its keys when known without opening
 * it (a request with a wrong key then opens nothing), and a way to open it
 * for one request, released when the response is done.
 */
export interface ProjectAccess {
  keys: ProjectKeys | null;
  open(): Promise<{ project: Project; release(): void }>;
}

/** Access to a project that is always open (the platform). */
export function openAccess(project: Project): ProjectAccess {
  return { keys: project.keys, open: async () => ({ project, release: () => undefined }) };
}

export function engineConfigFromEnv(env: NodeJS.ProcessEnv = process.env, defaultDataDir = '.data'): EngineConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL, prefix: env.DATABASE_PREFIX ?? 'lockstep_' };
  return { kind: 'pglite', dataDir: env.DATA_DIR ?? defaultDataDir };
}

/** The PostgreSQL database of a tenant project. */
export function tenantDatabaseName(config: Extract<EngineConfig, { kind: 'postgres' }>, ref: string): string {
  return `${config.prefix}t_${ref}`;
}

/** Where a project lives: its database name on PostgreSQL, its folder under the data dir on PGlite. */
function projectPlace(kind: ProjectKind, ref: string): { database: (prefix: string) => string; folder: string } {
  if (kind === 'platform') return { database: (p) => `${p}platform`, folder: 'platform' };
  if (kind === 'tenant') return { database: (p) => `${p}t_${ref}`, folder: join('tenants', ref) };
  // Apart from the tenants: a project served from a migrations folder never shares a name with one.
  return { database: (p) => `${p}p_${ref}`, folder: join('projects', ref) };
}

async function openEngine(
  config: EngineConfig,
  kind: ProjectKind,
  ref: string,
  budget?: ConnectionBudget,
): Promise<{ engine: SqlEngine; created: boolean }> {
  if (config.kind === 'postgres') {
    const template = await postgresTemplate(config.url, kind);
    const name = projectPlace(kind, ref).database(config.prefix);
    const engine = await openPostgres(config.url, name, template, budget);
    return { engine, created: engine.created };
  }
  const dir = config.dataDir === null ? undefined : join(config.dataDir, projectPlace(kind, ref).folder);
  const { existsSync } = await import('node:fs');
  const created = dir === undefined || !existsSync(dir);
  const engine = await openPglite({ dataDir: dir, templateDir: created ? await pgliteTemplateDir(kind) : undefined });
  return { engine, created };
}

async function loadOrCreateKeys(engine: SqlEngine, ref: string): Promise<ProjectKeys> {
  const found = await engine.query<{ jwt_secret: string; anon_key: string; service_key: string }>(
    'select jwt_secret, anon_key, service_key from _local.project_keys',
  );
  const row = found.rows[0];
  if (row) return { jwtSecret: row.jwt_secret, anonKey: row.anon_key, serviceKey: row.service_key };
  const keys = await createProjectKeys(ref);
  await engine.query(
    'insert into _local.project_keys (jwt_secret, anon_key, service_key) values ($1, $2, $3) on conflict (id) do nothing',
    [keys.jwtSecret, keys.anonKey, keys.serviceKey],
  );
  return loadOrCreateKeys(engine, ref);
}

/**
 * Opens (creating on first use) a project and brings its schema up to date.
 * On PostgreSQL, `budget` (the stack's shared connection budget) supplies its connections.
 */
export async function openProject(config: EngineConfig, kind: ProjectKind, ref: string, budget?: ConnectionBudget): Promise<Project> {
  const { engine, created } = await openEngine(config, kind, ref, budget);
  try {
    // Both are idempotent: an existing database picks up new migrations here.
    await bootstrap(engine);
    await migrate(engine, kind);
    const keys = await loadOrCreateKeys(engine, ref);
    return { ref, kind, engine, keys, created };
  } catch (e) {
    await engine.close();
    throw e;
  }
}
