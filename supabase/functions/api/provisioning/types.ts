/**
 * Tenant projects are made by a driver behind one small interface
 * (docs/decisions/018): `local` asks the local stack to clone its migrated
 * tenant template; `supabase` creates a hosted project through the Supabase
 * Management API. The product API drives either one step at a time, so a
 * hosted project that takes minutes to come up never holds a request.
 */
export type ProvisioningConfig =
  | { driver: 'local'; /** the stack's project endpoint, e.g. http://localhost:4173/local/v1 */ url: string }
  | {
      driver: 'supabase';
      /** https://api.supabase.com unless a stand-in is used */
      url: string;
      /** a personal access token (or OAuth token) of the provider's Supabase organization */
      accessToken: string;
      organizationId: string;
      region: string;
      /** Where a project's API lives, {ref} replaced by its ref; default https://{ref}.supabase.co (a stand-in serves elsewhere). */
      projectUrlTemplate?: string;
    }
  | { driver: 'none' };

export type DriverName = Exclude<ProvisioningConfig['driver'], 'none'>;

/** What a ready project hands back: where it is and its keys (server only). */
export interface ProjectCredentials {
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string | null;
}

export type ProjectState = { state: 'ready' } | { state: 'pending'; detail: string } | { state: 'failed'; error: string };

export interface ProjectDriver {
  readonly name: DriverName;
  /** Starts creating the project for a tenant; asking again for the same slug returns the same ref. */
  create(input: { slug: string; name: string }): Promise<{ ref: string }>;
  /** The ref of the project made for a tenant, when the answer that named it was lost; null when there is none. */
  find(slug: string): Promise<string | null>;
  status(ref: string): Promise<ProjectState>;
  credentials(ref: string): Promise<ProjectCredentials>;
  /** Brings the tenant schema up to date; safe to run again. */
  migrate(ref: string): Promise<void>;
  /**
   * Told once the tenant is active, so a provider that caches whether to serve
   * a tenant (the local stack, for TENANT_STATUS_TTL_MS) serves it at once.
   */
  activated?(ref: string): Promise<void>;
  /** Deletes the project and its database; a project that is already gone is not an error. */
  remove(ref: string): Promise<void>;
}

/** A driver's failure, with the message staff see as the tenant's database_error. */
export class DriverError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}
