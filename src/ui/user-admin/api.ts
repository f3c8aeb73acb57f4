/**
 * What the shared user dialogs need of a server, so the staff's panel (any
 * tenant, by id) and a super admin's own screen (their tenant, by slug) bind
 * their own routes to the same dialogs.
 */
import type { TenantUser } from '../../data';
import type { CreateTenantUserRequestInput, UpdateTenantUserInput } from '../../../supabase/functions/_shared/tenant-users';

export interface CreateUserAnswer {
  user: TenantUser;
  email: string;
  /** Set when the user was invited: the one-time link the admin hands over. */
  inviteLink?: string | null;
}

export interface UserAdminApi {
  create: (body: CreateTenantUserRequestInput) => Promise<CreateUserAnswer>;
  update: (userId: string, body: UpdateTenantUserInput) => Promise<TenantUser>;
  resetPassword: (userId: string, password: string) => Promise<TenantUser>;
  deactivate: (userId: string) => Promise<TenantUser>;
}

/** What the admin sees once after a create: the password typed, or the invitation link. */
export interface CreatedUser {
  user: TenantUser;
  email: string;
  password: string | null;
  inviteLink: string | null;
}
