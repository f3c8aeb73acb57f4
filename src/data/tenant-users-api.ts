/**
 * The staff user-management panel's calls (spec §2 Staff user-management
 * panel, issue 11 §1): a tenant's users, read and changed by the product API
 * with the tenant's service key, which never reaches the browser. The
 * browser only ever sends the staff admin's own token.
 */
import type {
  CreateTenantUserRequestInput,
  Department,
  TenantRole,
  UpdateTenantUserInput,
} from '../../supabase/functions/_shared/tenant-users';
import { callProductApi } from './product-api';

export interface TenantUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  /** One of Department in practice; text, so an unknown value still shows. */
  department: Department | string | null;
  role: TenantRole | string;
  is_admin: boolean;
  is_organization_user: boolean;
  active: boolean;
  require_password_change: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

export interface ConnectionTestAnswer {
  ok: boolean;
  elapsedMs: number;
  /** How many users the tenant's database holds; null when it could not be read. */
  users: number | null;
  /** The spec §8 connection failure text (or why the test could not run); null when ok. */
  error: string | null;
}

const usersPath = (tenantId: string) => `/admin/tenants/${encodeURIComponent(tenantId)}/users`;
const userPath = (tenantId: string, userId: string) => `${usersPath(tenantId)}/${encodeURIComponent(userId)}`;

export const tenantUsersApi = {
  testConnection: (tenantId: string) =>
    callProductApi<ConnectionTestAnswer>(`/admin/tenants/${encodeURIComponent(tenantId)}/connection-test`, { method: 'POST' }),
  list: async (tenantId: string) => (await callProductApi<{ users: TenantUser[] }>(usersPath(tenantId))).users,
  /** The staff route takes the password form only (its strict schema refuses `invite`); the staff dialog never offers it. */
  create: (tenantId: string, body: CreateTenantUserRequestInput) =>
    callProductApi<{ user: TenantUser; email: string }>(usersPath(tenantId), { method: 'POST', body }),
  update: async (tenantId: string, userId: string, body: UpdateTenantUserInput) =>
    (await callProductApi<{ user: TenantUser }>(userPath(tenantId, userId), { method: 'PATCH', body })).user,
  resetPassword: async (tenantId: string, userId: string, password: string) =>
    (await callProductApi<{ user: TenantUser }>(`${userPath(tenantId, userId)}/reset-password`, { method: 'POST', body: { password } }))
      .user,
  deactivate: async (tenantId: string, userId: string) =>
    (await callProductApi<{ user: TenantUser }>(`${userPath(tenantId, userId)}/deactivate`, { method: 'POST' })).user,
};
