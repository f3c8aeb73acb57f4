/**
 * Owns audited support sessions on this device (spec §4 Support access,
 * DESIGN §6 and §8, issue 11): asking the product API for one, storing what
 * it answers exactly as a tenant sign-in stores its own (the supabase-js
 * session JSON under the tenant's storage key, the tenant profile cache, the
 * organization cache) so every tenant screen, the guards and the sync engine
 * work unchanged, and ending it: on the server when it can be reached, on
 * this device always. The session's record (staff, reason, expiry) is kept
 * beside it so each tenant screen can show the support banner.
 *
 * A support session is a 30-minute tenant token without a refresh token.
 * Its end is the server's: the token's own expiry and the tenant's
 * support_sessions row, which the tenant's database checks on every request.
 */
import { removeCached, readCached, readTenantSession, writeCached, cacheKeys, type TenantProfile } from './auth-session';
import { getCachedOrganization, rememberOrganization, type Organization } from './auth-orgs';
import { callProductApi, PRODUCT_API_MESSAGES, ProductApiError, productApiBase, requestProductApi } from './product-api';
import { refusedRefreshKey, tenantStorageKey } from './storage-keys';

export interface SupportTenant {
  slug: string;
  company_name: string;
  display_name: string | null;
  supabase_url: string;
  supabase_anon_key: string;
}

export interface SupportStaff {
  id: string;
  email: string;
  name: string | null;
}

/** The audit row's view the API answers with (POST /api/admin/support-sessions → support). */
export interface SupportRecord {
  id: string;
  tenant: SupportTenant;
  reason: string;
  details: string | null;
  staff: SupportStaff;
  started_at: string;
  expires_at: string;
}

export interface SupportAnswer {
  session: {
    access_token: string;
    token_type: string;
    expires_in: number;
    /** Seconds since the epoch (GoTrue's form); an ISO time is accepted too. */
    expires_at: number | string;
    user: { id: string; email: string };
  };
  support: SupportRecord;
}

export interface StartSupportBody {
  tenantSlug: string;
  password: string;
  reason: string;
  details?: string;
}

/** The 429 of five wrong passwords in a row: the server's words and how long the dialog stays locked. */
export class SupportLockedError extends ProductApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** The lock's length when the server does not say (the contract's 15 minutes). */
export const DEFAULT_SUPPORT_LOCK_SECONDS = 15 * 60;

/**
 * supabase-js treats a session as expiring 90 s early and then insists on a
 * refresh, which a support session cannot do: every call would fail for its
 * last 90 s. The stored expiry is therefore moved this much later; the
 * server's own expiry (the token's exp and the support_sessions row) is what
 * ends the session, and the banner ends it here on time.
 */
export const SUPPORT_CLIENT_EXPIRY_LEEWAY_S = 90;

const RECORD_PREFIX = 'lockstep-support-';
const recordKey = (slug: string) => `${RECORD_PREFIX}${slug}`;
const endpointKey = (slug: string) => `lockstep-sync-endpoint-${slug}`;
const CHANNEL = 'lockstep-support';

/** Asks the product API for a support session (the staff admin's platform session is the caller). */
export async function startSupportSession(body: StartSupportBody): Promise<SupportAnswer> {
  let base: string;
  let token: string | null;
  try {
    const { getPlatformClient, loadAppConfig } = await import('./clients');
    const [config, client] = await Promise.all([loadAppConfig(), getPlatformClient()]);
    base = productApiBase(config.apiUrl, location.origin);
    token = (await client.auth.getSession()).data.session?.access_token ?? null;
  } catch (cause) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ProductApiError(0, offline ? PRODUCT_API_MESSAGES.offline : PRODUCT_API_MESSAGES.unreachable, [], { cause });
  }
  // The lock's length is in the 429's body, which ProductApiError does not keep: read it on the way.
  let retryAfter: number | null = null;
  const watch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (res.status === 429) retryAfter = await retryAfterOf(res);
    return res;
  };
  try {
    return await requestProductApi<SupportAnswer>(base, token, '/admin/support-sessions', { method: 'POST', body }, watch);
  } catch (error) {
    if (error instanceof ProductApiError && error.status === 429) {
      throw new SupportLockedError(error.message, retryAfter ?? DEFAULT_SUPPORT_LOCK_SECONDS);
    }
    throw error;
  }
}

async function retryAfterOf(res: Response): Promise<number | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { retry_after_seconds?: unknown } | null;
  if (typeof body?.retry_after_seconds === 'number' && body.retry_after_seconds > 0) return Math.ceil(body.retry_after_seconds);
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : null;
}

function epochSeconds(value: number | string): number {
  return typeof value === 'number' ? value : Math.floor(Date.parse(value) / 1000);
}

/** The tenant profile a support session shows: the staff member as a super admin, named as support. */
export function supportProfile(record: SupportRecord): TenantProfile {
  const name = record.staff.name?.trim() || record.staff.email;
  return {
    id: record.staff.id,
    email: record.staff.email,
    first_name: name,
    last_name: null,
    role: 'super_admin',
    require_password_change: false,
    display_name: `${name} (Lockstep support)`,
  };
}

/** The supabase-js session JSON a support session is stored as (no refresh token: it cannot be extended). */
export function supportSessionJson(answer: SupportAnswer): Record<string, unknown> {
  const { session } = answer;
  return {
    access_token: session.access_token,
    token_type: session.token_type || 'bearer',
    expires_in: session.expires_in,
    expires_at: epochSeconds(session.expires_at) + SUPPORT_CLIENT_EXPIRY_LEEWAY_S,
    refresh_token: '',
    user: {
      id: session.user.id,
      email: session.user.email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { support_session: answer.support.id },
      user_metadata: { name: answer.support.staff.name },
    },
  };
}

/**
 * Stores a support session as the tenant's signed-in session: every tenant
 * screen then works as for a super admin, and the banner finds its record.
 */
export async function enterSupportSession(answer: SupportAnswer): Promise<void> {
  const record = answer.support;
  const slug = record.tenant.slug;
  const known = getCachedOrganization(slug);
  const org: Organization = {
    slug,
    company_name: record.tenant.company_name,
    display_name: record.tenant.display_name ?? known?.display_name ?? null,
    description: known?.description ?? null,
    email_domain: known?.email_domain ?? null,
    supabase_url: record.tenant.supabase_url,
    supabase_anon_key: record.tenant.supabase_anon_key,
  };
  rememberOrganization(org);
  const storageKey = tenantStorageKey(slug);
  // An earlier session's refused refresh token ('' too) must not mark this one refused.
  await removeCached(refusedRefreshKey(storageKey));
  await writeCached(recordKey(slug), record);
  await writeCached(cacheKeys.tenantProfile(slug), supportProfile(record));
  await writeCached(storageKey, supportSessionJson(answer));
  announce(slug);
}

export type SupportSessionState = 'active' | 'refused' | 'gone';

export interface SupportSessionInfo {
  record: SupportRecord;
  /**
   * active: the stored tenant session is this support session; refused: the
   * tenant's server refused it (the sync engine recorded so); gone: it was
   * removed (ended in another tab, or by the auth client when it expired).
   */
  state: SupportSessionState;
}

/**
 * This tenant's support session on this device, or null when the tenant's
 * session is not a support session. A record left beside someone else's
 * session (a tenant user signed in since) is stale and dropped.
 */
export async function readSupportSession(slug: string): Promise<SupportSessionInfo | null> {
  const record = await readCached<SupportRecord>(recordKey(slug));
  if (!record || typeof record.id !== 'string' || !record.staff) return null;
  const session = await readTenantSession(slug);
  if (!session) return { record, state: 'gone' };
  if (session.userId !== record.staff.id) {
    await removeCached(recordKey(slug));
    return null;
  }
  return { record, state: session.refused ? 'refused' : 'active' };
}

export type SupportExit =
  | { server: 'ended'; message: null }
  /** Not recorded by the server now (offline, signed out, refused): the session still ends here. */
  | { server: 'not-reached'; message: string };

const END_TIMEOUT_MS = 10_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ProductApiError(0, PRODUCT_API_MESSAGES.unreachable)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * Ends this tenant's support session: POST …/support-sessions/:id/end with
 * the platform session (the end time is recorded), then, whatever the
 * server said, the support session, its profile and its record leave this
 * device. A tenant user's own session is never touched.
 */
export async function exitSupportSession(slug: string): Promise<SupportExit> {
  const record = await readCached<SupportRecord>(recordKey(slug));
  let exit: SupportExit = { server: 'ended', message: null };
  if (record) {
    try {
      await withTimeout(callProductApi(`/admin/support-sessions/${encodeURIComponent(record.id)}/end`, { method: 'POST' }), END_TIMEOUT_MS);
    } catch (error) {
      exit = { server: 'not-reached', message: error instanceof Error ? error.message : String(error) };
    }
  }
  await forgetSupportSession(slug, record);
  return exit;
}

/** Removes the support session, and the tenant data it synced, from this device only (no server call). */
export async function forgetSupportSession(slug: string, known?: SupportRecord | null): Promise<void> {
  const record = known ?? (await readCached<SupportRecord>(recordKey(slug)));
  const staffId = record?.staff.id;
  const storageKey = tenantStorageKey(slug);
  const session = await readTenantSession(slug);
  // The stored session is the support one when it belongs to the staff member (or no record says otherwise).
  if (session && (!staffId || session.userId === staffId)) {
    await removeCached(storageKey);
    await removeCached(refusedRefreshKey(storageKey));
  }
  const profile = await readCached<TenantProfile>(cacheKeys.tenantProfile(slug));
  if (profile && (!staffId || profile.id === staffId)) await removeCached(cacheKeys.tenantProfile(slug));
  const endpoint = await readCached<{ userId?: unknown }>(endpointKey(slug));
  if (endpoint && staffId && endpoint.userId === staffId) await removeCached(endpointKey(slug));
  await removeCached(recordKey(slug));
  // The tenant's data synced during the session leaves with it (DESIGN §8), unless changes made in it are still
  // unsent: those stay for this staff member's next session into the tenant. Loaded on demand to keep sign-in light.
  if (staffId) {
    const { discardTenantData } = await import('./tenant-sync');
    await discardTenantData(slug, staffId).catch((error: unknown) => console.warn('Support data not removed', error));
  }
  announce(slug);
}

/**
 * Ends every support session stored on this device (platform sign-out, spec
 * §4): each on the server while the staff session still exists, and here.
 * Answers the slugs whose end the server did not record.
 */
export async function exitAllSupportSessions(): Promise<string[]> {
  const { storedKeysStartingWith } = await import('./session-store');
  const slugs = (await storedKeysStartingWith(RECORD_PREFIX)).map((key) => key.slice(RECORD_PREFIX.length));
  const exits = await Promise.all(slugs.map(async (slug) => ({ slug, exit: await exitSupportSession(slug) })));
  return exits.filter((e) => e.exit.server !== 'ended').map((e) => e.slug);
}

function announce(slug: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ slug });
  channel.close();
}

/** Calls `onChange` when another tab enters or ends a support session of this tenant. */
export function watchSupportSession(slug: string, onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ slug?: unknown }>) => {
    if (event.data?.slug === slug) onChange();
  };
  return () => channel.close();
}
