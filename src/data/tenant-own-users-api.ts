/**
 * A tenant's own user management (issue 12): the product API's
 * /tenant-proxy/users routes, called with the TENANT's session (its own
 * super admin's, or the support session a staff member entered with), never
 * the platform's. The tenant's service key stays on the server.
 */
import type { CreateTenantUserRequestInput, UpdateTenantUserInput } from '../../supabase/functions/_shared/tenant-users';
import { getCachedOrganization } from './auth-orgs';
import { callTenantProductApi, PRODUCT_API_MESSAGES, ProductApiError, type ProductApiOptions } from './product-api';
import type { TenantUser } from './tenant-users-api';

export type { TenantUser } from './tenant-users-api';

export interface CreatedTenantUserAnswer {
  user: TenantUser;
  email: string;
  /** The invitation link to hand over when the user was invited; null when a password was set. */
  inviteLink: string | null;
}

export interface TenantOwnUsersApi {
  list(): Promise<TenantUser[]>;
  create(body: CreateTenantUserRequestInput): Promise<CreatedTenantUserAnswer>;
  update(userId: string, body: UpdateTenantUserInput): Promise<TenantUser>;
  resetPassword(userId: string, password: string): Promise<TenantUser>;
  deactivate(userId: string): Promise<TenantUser>;
  reactivate(userId: string): Promise<TenantUser>;
}

/** Sends one request to the product API (path from /api on); the tenant's token is the sender's business. */
export type TenantApiSend = <T>(path: string, options: ProductApiOptions) => Promise<T>;

/** The calls over any sender: what tenantOwnUsersApi does, unit-tested with a fake fetch. */
export function tenantOwnUsersApiWith(slug: string, send: TenantApiSend): TenantOwnUsersApi {
  const query = { tenantSlug: slug };
  const userPath = (userId: string, action = '') => `/tenant-proxy/users/${encodeURIComponent(userId)}${action}`;
  const userCall = async (path: string, options: Omit<ProductApiOptions, 'query'>) =>
    (await send<{ user: TenantUser }>(path, { ...options, query })).user;
  return {
    list: async () => (await send<{ users: TenantUser[] }>('/tenant-proxy/users', { query })).users,
    create: (body) => send<CreatedTenantUserAnswer>('/tenant-proxy/users', { method: 'POST', body, query }),
    update: (userId, body) => userCall(userPath(userId), { method: 'PATCH', body }),
    resetPassword: (userId, password) => userCall(userPath(userId, '/reset-password'), { method: 'POST', body: { password } }),
    deactivate: (userId) => userCall(userPath(userId, '/deactivate'), { method: 'POST' }),
    reactivate: (userId) => userCall(userPath(userId, '/reactivate'), { method: 'POST' }),
  };
}

/**
 * The tenant's endpoint from the organization cached at sign-in (a support
 * session caches it too); without it there is no tenant session to send.
 */
function tenantSend(slug: string): TenantApiSend {
  return async <T>(path: string, options: ProductApiOptions) => {
    const org = getCachedOrganization(slug);
    if (!org?.supabase_url || !org.supabase_anon_key) throw new ProductApiError(401, PRODUCT_API_MESSAGES.notAuthenticated);
    return callTenantProductApi<T>({ slug, supabase_url: org.supabase_url, supabase_anon_key: org.supabase_anon_key }, path, options);
  };
}

/** The tenant `slug`'s users, managed by its own super admin (or a support session). */
export function tenantOwnUsersApi(slug: string): TenantOwnUsersApi {
  return tenantOwnUsersApiWith(slug, tenantSend(slug));
}
