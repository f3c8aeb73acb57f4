/**
 * The local stack's state: the platform project, the tenant projects it
 * hosts (opened on first use), and tenant provisioning. A hosted deployment
 * has the same shape: one Supabase project for the platform, one per tenant.
 */
import type { ProjectKind } from './migrate';
import { openProject, type EngineConfig, type Project } from './project';

export interface TenantProvisionInput {
  slug: string;
  companyName: string;
  displayName?: string;
  description?: string;
  emailDomain?: string | null;
  createdBy?: string | null;
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

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

  /** The tenant project for `slug`, if the platform knows it as a local, provisioned tenant. */
  async tenant(slug: string): Promise<Project | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    const open = this.tenants.get(slug);
    if (open) return open;
    const known = await this.platform.engine.query(`select 1 from public."Tenants" where slug = $1 and database_status = 'active'`, [slug]);
    if (!known.rows.length) return null;
    return this.openTenant(slug);
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
           supabase_url, supabase_anon_key, status, database_status, database_created_at, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, 'active', 'active', now(), $8)
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
        ],
      );
      const id = r.rows[0]?.id;
      await tx.query(
        `insert into public.tenant_secrets (tenant_id, service_role_key, jwt_secret) values ($1, $2, $3)
         on conflict (tenant_id) do update set service_role_key = excluded.service_role_key, jwt_secret = excluded.jwt_secret`,
        [id, project.keys.serviceKey, project.keys.jwtSecret],
      );
    });
    return project;
  }

  /** Local tenants follow the stack's address (a new port or PUBLIC_URL). */
  async refreshTenantUrls(): Promise<void> {
    await this.platform.engine.query(
      `update public."Tenants" set supabase_url = $1 || '/t/' || slug
        where database_status = 'active' and supabase_url is distinct from $1 || '/t/' || slug
          and supabase_url ~ '/t/[a-z0-9-]+$'`,
      [this.publicUrl],
    );
  }

  async close(): Promise<void> {
    const open = await Promise.allSettled([...this.tenants.values()]);
    await Promise.all(open.map((r) => (r.status === 'fulfilled' ? r.value.engine.close() : undefined)));
    await this.platform.engine.close();
  }
}
