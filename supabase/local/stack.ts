/**
 * The local stack's state: the platform project, the tenant projects it
 * hosts (opened on first use), and tenant provisioning. A hosted deployment
 * has the same shape: one Supabase project for the platform, one per tenant.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { dropDatabase } from './engine/postgres-engine';
import type { ProjectKind } from './migrate';
import { openProject, tenantDatabaseName, type EngineConfig, type Project } from './project';

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
export function tenantStatusTtlMs(): number {
  const n = Number(process.env.TENANT_STATUS_TTL_MS ?? '');
  return Number.isInteger(n) && n >= 0 && n <= 60_000 ? n : 2000;
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** served: open to its users; creating: its project is being provisioned (service key only); null: not served. */
export type TenantServedState = 'served' | 'creating' | null;

interface TenantFacts {
  state: TenantServedState;
  licenceOk: boolean;
}

export class Stack {
  private tenants = new Map<string, Promise<Project>>();

  private constructor(
    readonly config: EngineConfig,
    readonly platform: Project,
    public publicUrl: string,
  ) {}

  static async open(config: EngineConfig, publicUrl: string): Promise<Stack> {
    const platform = await openProject(config, 'platform', 'platform');
    return new Stack(config, platform, publicUrl);
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
    return this.openTenant(slug);
  }

  /**
   * The project a request may reach: a served tenant for any valid key, and
   * a tenant whose project is still being created (database_status
   * creating) for the service key alone, so the product API can finish
   * provisioning (its first admin) before anyone else gets in.
   */
  async tenantForRequest(slug: string, apikey: string | undefined): Promise<Project | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    const state = await this.servedState(slug);
    if (state === 'served') return this.openTenant(slug);
    if (state !== 'creating' || !apikey || !(await this.projectExists(slug))) return null;
    const project = await this.openTenant(slug);
    return apikey === project.keys.serviceKey ? project : null;
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
      .query<{ status: string; database_status: string; licence_ok: boolean }>(
        `select status, database_status, public.tenant_licence_ok(id) as licence_ok from public."Tenants" where slug = $1`,
        [slug],
      )
      .then((r): TenantFacts => {
        const row = r.rows[0];
        if (!row) return { state: null, licenceOk: false };
        const served = row.database_status === 'active' && (row.status === 'active' || row.status === 'trial');
        return {
          state: served ? 'served' : row.database_status === 'creating' ? 'creating' : null,
          licenceOk: row.licence_ok === true,
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

  private openTenant(slug: string): Promise<Project> {
    let p = this.tenants.get(slug);
    if (!p) {
      p = openProject(this.config, 'tenant' satisfies ProjectKind, slug);
      this.tenants.set(slug, p);
      p.catch(() => this.tenants.delete(slug));
    }
    return p;
  }

  /** Creates (or opens) a tenant project's database from the migrated template: the local provisioning driver's first step. */
  createTenantProject(ref: string): Promise<Project> {
    if (!SLUG_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`);
    return this.openTenant(ref);
  }

  /** Whether a tenant project's database exists (open, on disk, or on the PostgreSQL server). */
  async projectExists(ref: string): Promise<boolean> {
    if (!SLUG_PATTERN.test(ref)) return false;
    if (this.tenants.has(ref)) return true;
    if (this.config.kind === 'pglite') return this.config.dataDir !== null && existsSync(this.tenantDir(ref));
    const r = await this.platform.engine.query('select 1 from pg_database where datname = $1', [tenantDatabaseName(this.config, ref)]);
    return r.rows.length > 0;
  }

  /** Deletes a tenant project and its database for good (the tenant was deleted). */
  async deleteTenantProject(ref: string): Promise<void> {
    if (!SLUG_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`);
    const open = this.tenants.get(ref);
    this.tenants.delete(ref);
    this.forgetTenantState(ref);
    if (open) await open.then((p) => p.engine.close()).catch(() => undefined);
    if (this.config.kind === 'pglite') {
      if (this.config.dataDir !== null) await rm(this.tenantDir(ref), { recursive: true, force: true });
      return;
    }
    await dropDatabase(this.config.url, tenantDatabaseName(this.config, ref));
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
    const project = await this.openTenant(input.slug);
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

  async close(): Promise<void> {
    const open = await Promise.allSettled([...this.tenants.values()]);
    await Promise.all(open.map((r) => (r.status === 'fulfilled' ? r.value.engine.close() : undefined)));
    await this.platform.engine.close();
  }
}
