/**
 * The local stack's state: the platform project, the tenant projects it
 * hosts (opened on use, closed when idle: tenant-pool.ts), and tenant
 * provisioning. A hosted deployment has the same shape: one Supabase
 * project for the platform, one per tenant.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConnectionBudget, connectionBudgetFromEnv, poolWaitMsFromEnv } from './engine/connection-budget';
import { dropDatabase } from './engine/postgres-engine';
import type { ProjectKeys } from './keys';
import { leasedEngine } from './leased-engine';
import { openAccess, openProject, tenantDatabaseName, type EngineConfig, type Project, type ProjectAccess } from './project';
import { FileStore } from './storage/file-store';
import { TenantPool, type TenantPoolOptions } from './tenant-pool';

export interface TenantProvisionInput {
  slug: string;
  companyName: string;
  displayName?: string;
  description?: string;
  emailDomain?: string | null;
  createdBy?: string | null;
  /** Whether sign-in needs an active licence (default true, as for every tenant; test and bench tenants that hold no licence pass false). */
  requireLicense?: boolean;
}

/** How long the stack trusts a tenant's served state before reading the platform again (TENANT_STATUS_TTL_MS, default 2 s). */
export function tenantStatusTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  // Unset must not read as 0 (Number('') is 0): that re-read the platform on every request.
  const raw = env.TENANT_STATUS_TTL_MS?.trim();
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 0 && n <= 60_000 ? n : 2000;
}

/** TENANT_IDLE_CLOSE_MS (default 5 min): a tenant project idle this long is closed, and reopened by its next request. */
export function tenantIdleCloseMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TENANT_IDLE_CLOSE_MS?.trim();
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 0 ? n : 5 * 60_000;
}

/**
 * TENANT_MAX_OPEN (default 8 on PGlite; 100 on PostgreSQL, where an open
 * tenant holds no connection while idle). An open PGlite tenant costs about
 * 200 MB, and unless MALLOC_MMAP_THRESHOLD_ is set the process keeps about
 * 45 MB of each one that was open at the same time after they close (glibc
 * malloc fragmentation in their threads' arenas, docs/decisions/026), so the
 * cap bounds the floor as well as the peak: 8 leaves about 550 MB, 20 about 1.1 GB.
 */
export function tenantMaxOpen(kind: EngineConfig['kind'], env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.TENANT_MAX_OPEN ?? '');
  if (Number.isInteger(n) && n >= 1) return n;
  return kind === 'pglite' ? 8 : 100;
}

export interface StackOptions {
  /** Overrides TENANT_IDLE_CLOSE_MS / TENANT_MAX_OPEN; tests pass a clock and sweep by hand. */
  tenants?: Partial<TenantPoolOptions>;
  /** PostgreSQL connections for the whole stack (PG_MAX_CONNECTIONS by default). */
  maxConnections?: number;
  /**
   * Where stored files (Storage objects) live: by default `storage/` in the
   * PGlite data dir, or a temporary folder removed on close (projects in
   * memory); `npm start` on PostgreSQL passes one under DATA_DIR.
   */
  filesDir?: string;
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** served: open to its users; creating: its project is being provisioned (service key only); null: not served. */
export type TenantServedState = 'served' | 'creating' | null;

interface TenantFacts {
  state: TenantServedState;
  licenceOk: boolean;
  /** The tenant project's keys as the stack last recorded them, without opening it. */
  keys: ProjectKeys | null;
}

/** PostgreSQL: the platform's own few connections, so tenants waiting for theirs never starve the platform reads they wait behind. */
function platformShare(max: number): number {
  return Math.max(1, Math.min(4, Math.floor(max / 5)));
}

export class Stack {
  private readonly pool: TenantPool<Project>;
  /**
   * Every tenant opened in this process, as the Project callers keep: its
   * keys (tiny) stay known after its database closes, and its engine reopens
   * the database on use.
   */
  private handles = new Map<string, Project>();
  /** Projects served from a folder of migrations at /p/{ref}, open while the stack runs. */
  private readonly migrationsProjects = new Map<string, Promise<Project>>();

  private constructor(
    readonly config: EngineConfig,
    readonly platform: Project,
    public publicUrl: string,
    private readonly budgets: { platform: ConnectionBudget; tenants: ConnectionBudget } | null,
    /** The projects' stored files (Storage objects). */
    readonly files: FileStore,
    options: StackOptions,
  ) {
    // A project without a data directory lives only in memory: closing it would lose it.
    const inMemory = config.kind === 'pglite' && config.dataDir === null;
    this.pool = new TenantPool<Project>(
      (ref) => this.openTenantProject(ref),
      (_ref, project) => project.engine.close(),
      {
        idleCloseMs: inMemory ? Infinity : tenantIdleCloseMs(),
        maxOpen: inMemory ? Infinity : tenantMaxOpen(config.kind),
        ...(inMemory ? {} : options.tenants),
      },
    );
  }

  static async open(config: EngineConfig, publicUrl: string, options: StackOptions = {}): Promise<Stack> {
    let budgets: { platform: ConnectionBudget; tenants: ConnectionBudget } | null = null;
    if (config.kind === 'postgres') {
      const max = options.maxConnections ?? connectionBudgetFromEnv();
      const share = platformShare(max);
      const waitMs = poolWaitMsFromEnv();
      budgets = {
        platform: new ConnectionBudget({ max: share, waitMs }),
        tenants: new ConnectionBudget({ max: max - share, waitMs }),
      };
    }
    const platform = await openProject(config, 'platform', 'platform', budgets?.platform);
    // The stack's record of each tenant project's keys, so a request with a
    // wrong key is refused without opening the tenant. Here rather than in
    // bootstrap.sql: only the platform project has it.
    await platform.engine.exec(
      `create table if not exists _local.tenant_keys (
         ref text primary key, anon_key text not null, service_key text not null, jwt_secret text not null)`,
    );
    const filesDir = options.filesDir ?? (config.kind === 'pglite' && config.dataDir !== null ? join(config.dataDir, 'storage') : null);
    return new Stack(config, platform, publicUrl, budgets, await FileStore.open(filesDir), options);
  }

  /** The most PostgreSQL connections the stack had open at once (null on PGlite). */
  get peakConnections(): number | null {
    return this.budgets ? this.budgets.platform.peak + this.budgets.tenants.peak : null;
  }

  /** Whether a tenant's database is open in this process now (closed when idle). */
  isTenantOpen(slug: string): boolean {
    return this.pool.isOpen(slug);
  }

  /** Whether some request or step holds the tenant's database open now. */
  tenantInUse(slug: string): boolean {
    return this.pool.inUse(slug);
  }

  openTenants(): string[] {
    return this.pool.openRefs();
  }

  /** Closes the tenants idle past TENANT_IDLE_CLOSE_MS now (a timer does it too; tests call this with their own clock). */
  closeIdleTenants(): Promise<void> {
    return this.pool.closeIdle();
  }

  tenantUrl(slug: string): string {
    return `${this.publicUrl}/t/${slug}`;
  }

  /**
   * The tenant project for `slug`, while the platform says it is served: its
   * database active and its status active or trial (a suspended or canceled
   * tenant is refused). The answer is re-read every TENANT_STATUS_TTL_MS, so a
   * change on the platform takes effect within seconds, without a restart.
   */
  async tenant(slug: string): Promise<Project | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    if ((await this.servedState(slug)) !== 'served') return null;
    return this.tenantHandle(slug);
  }

  /**
   * What a request may reach: a served tenant for any valid key, and a
   * tenant whose project is still being created (database_status creating)
   * for the service key alone, so the product API can finish provisioning
   * (its first admin) before anyone else gets in. The keys come from memory
   * or the platform's record, so checking one opens nothing; only a tenant
   * never recorded is opened to learn them.
   */
  async tenantAccess(slug: string, apikey: string | undefined): Promise<ProjectAccess | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    const facts = await this.tenantFacts(slug);
    let keys = this.handles.get(slug)?.keys ?? facts.keys;
    const open = () => this.leaseTenant(slug);
    if (facts.state === 'served') return { keys, open };
    if (facts.state !== 'creating' || !apikey) return null;
    if (keys && apikey !== keys.serviceKey) return null;
    if (!(await this.projectExists(slug))) return null;
    keys ??= (await this.tenantHandle(slug)).keys;
    return apikey === keys.serviceKey ? { keys, open } : null;
  }

  /** Holds the tenant's database open for fn (a provisioning step, a migration). */
  async withTenant<R>(slug: string, fn: (project: Project) => Promise<R>): Promise<R> {
    const lease = await this.leaseTenant(slug);
    try {
      return await fn(lease.project);
    } finally {
      lease.release();
    }
  }

  private originsCache: { at: number; origins: Promise<string[]> } | null = null;

  /** Origins of the served tenants' project URLs, for the app's connect-src (read at most every 30 s). */
  tenantOrigins(): Promise<string[]> {
    const now = Date.now();
    if (this.originsCache && now - this.originsCache.at < 30_000) return this.originsCache.origins;
    const origins = this.platform.engine
      .query<{ supabase_url: string }>(`select distinct supabase_url from public."Tenants" where status in ('active', 'trial')`)
      .then((r) =>
        r.rows.flatMap((row) => {
          try {
            return [new URL(row.supabase_url).origin];
          } catch {
            return [];
          }
        }),
      );
    this.originsCache = { at: now, origins };
    origins.catch(() => (this.originsCache = null));
    return origins;
  }

  private servedCache = new Map<string, { at: number; state: Promise<TenantServedState> }>();

  /**
   * Whether the platform lets the stack serve a tenant, and whether it may
   * sign users in under its licence rule (require_license needs an active
   * licence, docs/decisions/018).
   */
  private servedState(slug: string): Promise<TenantServedState> {
    return this.tenantFacts(slug).then((f) => f.state);
  }

  /** The licence rule for sign-in: refused while the tenant requires a licence and holds no active one. */
  async signInAllowed(slug: string): Promise<boolean> {
    return (await this.tenantFacts(slug)).licenceOk;
  }

  private factsCache = new Map<string, { at: number; facts: Promise<TenantFacts> }>();

  private tenantFacts(slug: string): Promise<TenantFacts> {
    const now = Date.now();
    const hit = this.factsCache.get(slug);
    if (hit && now - hit.at < tenantStatusTtlMs()) return hit.facts;
    const facts = this.platform.engine
      .query<{
        status: string;
        database_status: string;
        licence_ok: boolean;
        anon_key: string | null;
        service_key: string | null;
        jwt_secret: string | null;
      }>(
        `select t.status, t.database_status, public.tenant_licence_ok(t.id) as licence_ok, k.anon_key, k.service_key, k.jwt_secret
           from public."Tenants" t left join _local.tenant_keys k on k.ref = t.slug
          where t.slug = $1`,
        [slug],
      )
      .then((r): TenantFacts => {
        const row = r.rows[0];
        if (!row) return { state: null, licenceOk: false, keys: null };
        const served = row.database_status === 'active' && (row.status === 'active' || row.status === 'trial');
        return {
          state: served ? 'served' : row.database_status === 'creating' ? 'creating' : null,
          licenceOk: row.licence_ok === true,
          keys:
            row.anon_key && row.service_key && row.jwt_secret
              ? { anonKey: row.anon_key, serviceKey: row.service_key, jwtSecret: row.jwt_secret }
              : null,
        };
      });
    // One read per slug per interval, shared by the requests that arrive meanwhile.
    this.factsCache.set(slug, { at: now, facts });
    facts.catch(() => this.factsCache.delete(slug));
    if (this.factsCache.size > 10_000) this.factsCache.clear();
    return facts;
  }

  /** Forgets what the stack knows of a tenant, so a change made by the server itself applies at once. */
  forgetTenantState(slug: string): void {
    this.factsCache.delete(slug);
    this.originsCache = null;
  }

  /** Opens the tenant's database for the pool; the first open in this process records its keys. */
  private async openTenantProject(slug: string): Promise<Project> {
    const project = await openProject(this.config, 'tenant', slug, this.budgets?.tenants);
    if (!this.handles.has(slug)) {
      const handle: Project = {
        ref: slug,
        kind: 'tenant',
        keys: project.keys,
        created: project.created,
        engine: leasedEngine(
          project.engine.kind,
          async () => {
            const lease = await this.pool.acquire(slug);
            return { value: lease.value.engine, release: lease.release };
          },
          () => this.pool.closeIfIdle(slug),
        ),
      };
      try {
        await this.platform.engine.query(
          `insert into _local.tenant_keys (ref, anon_key, service_key, jwt_secret) values ($1, $2, $3, $4)
           on conflict (ref) do update set anon_key = excluded.anon_key, service_key = excluded.service_key, jwt_secret = excluded.jwt_secret
           where (tenant_keys.anon_key, tenant_keys.service_key, tenant_keys.jwt_secret)
             is distinct from (excluded.anon_key, excluded.service_key, excluded.jwt_secret)`,
          [slug, project.keys.anonKey, project.keys.serviceKey, project.keys.jwtSecret],
        );
      } catch (e) {
        await project.engine.close();
        throw e;
      }
      this.handles.set(slug, handle);
      this.factsCache.delete(slug);
    }
    return project;
  }

  /** The tenant's Project as callers keep it, opening its database once if this process has not yet. */
  private async tenantHandle(slug: string): Promise<Project> {
    const known = this.handles.get(slug);
    if (known) return known;
    await this.pool.use(slug, async () => undefined);
    const handle = this.handles.get(slug);
    if (!handle) throw new Error(`tenant ${slug} was deleted while opening`);
    return handle;
  }

  private async leaseTenant(slug: string): Promise<{ project: Project; release(): void }> {
    const lease = await this.pool.acquire(slug);
    const project = this.handles.get(slug);
    if (!project) {
      lease.release();
      throw new Error(`tenant ${slug} was deleted while opening`);
    }
    return { project, release: lease.release };
  }

  /** Creates (or opens) a tenant project's database from the migrated template: the local provisioning driver's first step. */
  createTenantProject(ref: string): Promise<Project> {
    if (!SLUG_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`);
    return this.withTenant(ref, async (p) => p);
  }

  /** Whether a tenant project's database exists (open, on disk, or on the PostgreSQL server). */
  async projectExists(ref: string): Promise<boolean> {
    if (!SLUG_PATTERN.test(ref)) return false;
    if (this.handles.has(ref) || this.pool.isOpen(ref)) return true;
    if (this.config.kind === 'pglite') return this.config.dataDir !== null && existsSync(this.tenantDir(ref));
    const r = await this.platform.engine.query('select 1 from pg_database where datname = $1', [tenantDatabaseName(this.config, ref)]);
    return r.rows.length > 0;
  }

  /** Deletes a tenant project and its database for good (the tenant was deleted). */
  async deleteTenantProject(ref: string): Promise<void> {
    if (!SLUG_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`);
    this.handles.delete(ref);
    this.forgetTenantState(ref);
    await this.pool.forceClose(ref);
    await this.platform.engine.query('delete from _local.tenant_keys where ref = $1', [ref]);
    await this.files.removeProject(ref);
    if (this.config.kind === 'pglite') {
      if (this.config.dataDir !== null) await rm(this.tenantDir(ref), { recursive: true, force: true });
      return;
    }
    await dropDatabase(this.config.url, tenantDatabaseName(this.config, ref), this.budgets?.tenants);
  }

  private tenantDir(ref: string): string {
    if (this.config.kind !== 'pglite' || this.config.dataDir === null) throw new Error('no data directory');
    return join(this.config.dataDir, 'tenants', ref);
  }

  /**
   * Creates the tenant's own project (database, keys, migrations) and
   * registers it on the platform with its URL and anon key, exactly the
   * values a hosted tenant would have. Secrets go to the server-only table.
   */
  async provisionTenant(input: TenantProvisionInput): Promise<Project> {
    if (!SLUG_PATTERN.test(input.slug)) throw new Error(`Invalid tenant slug: ${input.slug}`);
    return this.withTenant(input.slug, (project) => this.registerTenant(input, project));
  }

  private async registerTenant(input: TenantProvisionInput, project: Project): Promise<Project> {
    await this.platform.engine.transaction(async (tx) => {
      const r = await tx.query<{ id: string }>(
        `insert into public."Tenants" (slug, company_name, display_name, description, email_domain,
           supabase_url, supabase_anon_key, status, database_status, database_created_at, created_by, require_license)
         values ($1, $2, $3, $4, $5, $6, $7, 'active', 'active', now(), $8, $9)
         on conflict (slug) do update set supabase_url = excluded.supabase_url,
           supabase_anon_key = excluded.supabase_anon_key, database_status = 'active'
         returning id`,
        [
          input.slug,
          input.companyName,
          input.displayName ?? input.companyName,
          input.description ?? null,
          input.emailDomain ?? null,
          this.tenantUrl(input.slug),
          project.keys.anonKey,
          input.createdBy ?? null,
          input.requireLicense ?? true,
        ],
      );
      const id = r.rows[0]?.id;
      await tx.query(
        `insert into public.tenant_secrets (tenant_id, service_role_key, jwt_secret, project_url, provider, provider_ref)
         values ($1, $2, $3, $4, 'local', $5)
         on conflict (tenant_id) do update set service_role_key = excluded.service_role_key, jwt_secret = excluded.jwt_secret,
           project_url = excluded.project_url, provider = 'local', provider_ref = excluded.provider_ref`,
        [id, project.keys.serviceKey, project.keys.jwtSecret, this.tenantUrl(input.slug), input.slug],
      );
    });
    this.forgetTenantState(input.slug);
    return project;
  }

  /** Local tenants follow the stack's address (a new port or PUBLIC_URL). */
  async refreshTenantUrls(): Promise<void> {
    // The server's own change (as the database owner): the key's URL moves with the tenant's.
    await this.platform.engine.transaction(async (tx) => {
      await tx.query(
        `update public."Tenants" set supabase_url = $1 || '/t/' || slug
          where database_status = 'active' and supabase_url is distinct from $1 || '/t/' || slug
            and supabase_url ~ '/t/[a-z0-9-]+$'`,
        [this.publicUrl],
      );
      await tx.query(
        `update public.tenant_secrets s set project_url = t.supabase_url
           from public."Tenants" t
          where t.id = s.tenant_id and s.project_url is distinct from t.supabase_url
            and s.project_url ~ '/t/[a-z0-9-]+$' and t.supabase_url = $1 || '/t/' || t.slug`,
        [this.publicUrl],
      );
    });
  }

  /**
   * Serves, at /p/{ref}, a project whose schema is the given folder of
   * migrations (any schema, not only the product's): the stack's PostgREST
   * and GoTrue can then be tried on it, as the compatibility suite does.
   */
  serveMigrations(ref: string, migrations: string): Promise<Project> {
    if (!SLUG_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`);
    const known = this.migrationsProjects.get(ref);
    if (known) return known;
    const opening = openProject(this.config, { migrations }, ref, this.budgets?.tenants);
    this.migrationsProjects.set(ref, opening);
    opening.catch(() => this.migrationsProjects.delete(ref));
    return opening;
  }

  /** A project served from a migrations folder, for the gateway (null when none has that ref). */
  async migrationsAccess(ref: string): Promise<ProjectAccess | null> {
    const opening = this.migrationsProjects.get(ref);
    return opening ? openAccess(await opening) : null;
  }

  /** Set once close() begins: a request racing it gets 503 instead of an internal error (server.ts). */
  closing = false;

  async close(): Promise<void> {
    this.closing = true;
    for (const opening of this.migrationsProjects.values()) await (await opening.catch(() => null))?.engine.close();
    this.migrationsProjects.clear();
    await this.pool.end();
    await this.platform.engine.close();
    await Promise.all([this.budgets?.platform.end(), this.budgets?.tenants.end()]);
    await this.files.close();
  }
}
