/**
 * The operations on a tenant's users, one implementation for both callers:
 * the staff user panel (/admin/tenants/:id/users, issue 11) and the tenant's
 * own super admin or a support session (/tenant-proxy/users, issue 12).
 * Each takes the tenant's project with its service key and the actor. A
 * staff actor (a staff admin, or a support session's staff member) is
 * written to the platform audit after the change; the tenant's own super
 * admin acts within their own organization and is not (`staff: null`).
 */
import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import { isValidEmail } from '../_shared/email';
import { newUserEmail, USER_MESSAGES, type CreateTenantUser, type UpdateTenantUser } from '../_shared/tenant-users';
import { audit } from './audit';
import type { ApiDeps } from './deps';
import { ApiError, notFound } from './http';
import type { TenantRow } from './platform';
import type { StaffCaller } from './staff-guard';
import { connectionFailure, withTimeout } from './tenant-access';

export const USER_NOT_FOUND = 'User not found';

/** What the user panels show of a user. */
export const TENANT_USER_COLUMNS =
  'id, email, first_name, last_name, phone, department, role, is_admin, is_organization_user, active, require_password_change, last_sign_in_at, created_at';

/** Spec §8 names the reset's; the others say the same of their action. */
export const SERVICE_KEY_REQUIRED = {
  list: 'Service role key is required to list users. Please configure it first.',
  create: 'Service role key is required to create users. Please configure it first.',
  update: 'Service role key is required to update users. Please configure it first.',
  reset: 'Service role key is required for password reset. Please configure it first.',
  deactivate: 'Service role key is required to deactivate users. Please configure it first.',
  reactivate: 'Service role key is required to reactivate users. Please configure it first.',
  test: 'Service role key is required for the connection test. Please configure it first.',
} as const;

const ALREADY_REGISTERED = 'A user with this email address has already been registered';

export const SELF_MESSAGES = {
  deactivate: 'You cannot deactivate your own account',
  role: 'You cannot change your own role',
} as const;

/** GoTrue's ban for a deactivated account: a hundred years (GoTrue takes a Go duration). */
export const BAN_DURATION = '876000h';

export interface TenantUserView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  department: string | null;
  role: string;
  is_admin: boolean;
  is_organization_user: boolean;
  active: boolean;
  require_password_change: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

export interface UserOpsContext {
  deps: ApiDeps;
  tenant: TenantRow;
  /** The tenant's project with its service key. */
  db: SupabaseClient;
  /** Who is written to the platform audit; null: the tenant's own admin, no platform row. */
  staff: StaffCaller | null;
  /** The caller's own users row, which they may not deactivate nor give another role. */
  selfId?: string | null;
}

/** How a new user gets in: the password an admin chose, or an invitation link to `redirectTo`. */
export type NewUserAccess = { password: string } | { inviteRedirectTo: string };

export interface CreatedTenantUser {
  user: TenantUserView;
  email: string;
  /** The invitation's link (GoTrue's action_link); null when a password was set. */
  inviteLink: string | null;
}

/**
 * An error from the tenant's auth server: a taken email is a 409, what it
 * refuses in the request (a password it finds weak) a 422, anything else
 * (unreachable, a server error) a 502; the message starts with `prefix`.
 */
function authFailure(error: AuthError | null, prefix: string): ApiError {
  const message = `${prefix}: ${error?.message ?? 'no account returned'}`;
  if (error?.code === 'email_exists' || error?.code === 'user_already_exists') return new ApiError(409, message);
  if (error && (error.status === 400 || error.status === 422)) {
    return new ApiError(422, message, { issues: [{ path: error.code === 'weak_password' ? 'password' : '', message }] });
  }
  return new ApiError(502, message);
}

async function record(ctx: UserOpsContext, entry: Parameters<typeof audit>[2]): Promise<void> {
  if (ctx.staff) await audit(ctx.deps, ctx.staff, { ...entry, tenant: { id: ctx.tenant.id, slug: ctx.tenant.slug } });
}

async function readUser(db: SupabaseClient, userId: string): Promise<TenantUserView> {
  const { data, error } = await db.from('users').select(TENANT_USER_COLUMNS).eq('id', userId).is('deleted_at', null).maybeSingle();
  if (error) throw new ApiError(502, `Reading the user: ${error.message}`);
  if (!data) throw notFound(USER_NOT_FOUND);
  return data as TenantUserView;
}

async function hasProfile(db: SupabaseClient, userId: string): Promise<boolean> {
  const { data } = await db.from('users').select('id').eq('id', userId).maybeSingle();
  return data !== null;
}

/** The tenant's users, newest first. */
export async function listTenantUsers(ctx: UserOpsContext): Promise<TenantUserView[]> {
  let result: { data: unknown[] | null; error: { message: string } | null };
  try {
    result = await withTimeout(
      ctx.db.from('users').select(TENANT_USER_COLUMNS).is('deleted_at', null).order('created_at', { ascending: false }).order('id'),
    );
  } catch (e) {
    result = { data: null, error: { message: e instanceof Error ? e.message : String(e) } };
  }
  if (result.error) throw new ApiError(502, connectionFailure(ctx.tenant), { detail: result.error.message });
  const users = (result.data ?? []) as TenantUserView[];
  // Reading the tenant's people is provider access to its data: the tenant sees it in its support history (DESIGN §8).
  await record(ctx, { action: 'support.read', target: 'users', details: { users: users.length } });
  return users;
}

/** The auth account: confirmed with a password, or made by an invitation whose link is returned. */
async function createAccount(
  ctx: UserOpsContext,
  email: string,
  metadata: Record<string, string>,
  access: NewUserAccess,
): Promise<{ id: string; inviteLink: string | null }> {
  if ('password' in access) {
    const created = await ctx.db.auth.admin.createUser({ email, password: access.password, email_confirm: true, user_metadata: metadata });
    const account = created.data.user;
    if (created.error || !account) throw authFailure(created.error, 'Failed to create user');
    return { id: account.id, inviteLink: null };
  }
  // GoTrue hands an unconfirmed account a fresh link instead of refusing it:
  // an invitation still pending (its users row made) is not a new user.
  const { data: existing, error: lookup } = await ctx.db.from('users').select('id').eq('email', email).limit(1).maybeSingle();
  if (lookup) throw new ApiError(502, `Failed to create invitation: ${lookup.message}`);
  if (existing) throw new ApiError(409, `Failed to create invitation: ${ALREADY_REGISTERED}`);
  const invited = await ctx.db.auth.admin.generateLink({
    type: 'invite',
    email,
    options: { data: metadata, redirectTo: access.inviteRedirectTo },
  });
  const account = invited.data.user;
  const link = invited.data.properties?.action_link;
  if (invited.error?.code === 'email_exists' || invited.error?.code === 'user_already_exists') {
    throw new ApiError(409, `Failed to create invitation: ${invited.error.message}`);
  }
  if (invited.error || !account || !link) {
    // An account made without its link cannot be handed to anyone: remove it again.
    if (account) await ctx.db.auth.admin.deleteUser(account.id);
    throw new ApiError(502, `Failed to create invitation: ${invited.error?.message ?? 'no invitation link returned'}`);
  }
  return { id: account.id, inviteLink: link };
}

/** A user: the account on the tenant's auth and its users row; a failure leaves neither. */
export async function createTenantUser(
  ctx: UserOpsContext,
  body: Omit<CreateTenantUser, 'password'>,
  access: NewUserAccess,
): Promise<CreatedTenantUser> {
  const email = newUserEmail(body.username, ctx.tenant.email_domain);
  if (!isValidEmail(email)) {
    throw new ApiError(422, `username: ${USER_MESSAGES.username}`, { issues: [{ path: 'username', message: USER_MESSAGES.username }] });
  }
  const fullName = `${body.first_name} ${body.last_name}`;
  const metadata = { first_name: body.first_name, last_name: body.last_name, full_name: fullName, name: fullName };
  const account = await createAccount(ctx, email, metadata, access);

  // The profile the product reads; its flags follow the role (the tenant's
  // trigger), and the user must choose their own password at first sign-in.
  const { data, error } = await ctx.db
    .from('users')
    .insert({
      id: account.id,
      email,
      first_name: body.first_name,
      last_name: body.last_name,
      department: body.department ?? null,
      phone: body.phone ?? null,
      role: body.role,
      is_organization_user: true,
      tenant_slug: ctx.tenant.slug,
      organization_email_domain: ctx.tenant.email_domain,
      active: true,
      require_password_change: true,
    })
    .select(TENANT_USER_COLUMNS)
    .single();
  if (error || !data) {
    // No account without its profile: a failed create changes nothing. An
    // invitation may have been handed an account that already has its
    // profile (made between the check above and now): that one stays.
    const kept = account.inviteLink !== null && error?.code === '23505' && (await hasProfile(ctx.db, account.id));
    const removed = kept ? { error: null } : await ctx.db.auth.admin.deleteUser(account.id);
    const why = error?.message ?? 'no row returned';
    const note = removed.error ? ` (the account ${email} was made and could not be removed: ${removed.error.message})` : '';
    throw new ApiError(error?.code === '23505' ? 409 : 502, `Failed to create user profile: ${why}${note}`);
  }
  const user = data as TenantUserView;
  await record(ctx, {
    action: 'tenant_user.create',
    target: email,
    details: { user_id: user.id, role: user.role, department: user.department, ...(account.inviteLink ? { invite: true } : {}) },
  });
  return { user, email, inviteLink: account.inviteLink };
}

export async function updateTenantUser(ctx: UserOpsContext, userId: string, body: UpdateTenantUser): Promise<TenantUserView> {
  const before = await readUser(ctx.db, userId);
  if (userId === ctx.selfId && body.role !== undefined && body.role !== before.role) throw new ApiError(409, SELF_MESSAGES.role);

  const { data, error } = await ctx.db
    .from('users')
    .update(body)
    .eq('id', userId)
    .is('deleted_at', null)
    .select(TENANT_USER_COLUMNS)
    .maybeSingle();
  if (error) throw new ApiError(502, 'Failed to update user. Please try again.', { detail: error.message });
  if (!data) throw notFound(USER_NOT_FOUND);
  const user = data as TenantUserView;

  const fields = Object.keys(body) as (keyof typeof body)[];
  const changes = Object.fromEntries(
    fields.filter((f) => before[f] !== user[f]).map((f) => [f, { from: before[f] ?? null, to: user[f] ?? null }]),
  );
  await record(ctx, { action: 'tenant_user.update', target: user.email, details: { user_id: user.id, fields, changes } });
  return user;
}

export async function resetTenantUserPassword(ctx: UserOpsContext, userId: string, password: string): Promise<TenantUserView> {
  const before = await readUser(ctx.db, userId);
  const changed = await ctx.db.auth.admin.updateUserById(userId, { password });
  if (changed.error) throw authFailure(changed.error, 'Failed to reset password');
  // After the auth change: the tenant's trigger clears the flag when a
  // password changes, and an admin reset sets it again (spec §4).
  const { data, error } = await ctx.db
    .from('users')
    .update({ require_password_change: true, password_changed_at: new Date().toISOString() })
    .eq('id', userId)
    .select(TENANT_USER_COLUMNS)
    .maybeSingle();
  if (error || !data) {
    throw new ApiError(502, 'Failed to reset password. Please try again.', {
      detail: `The password was changed, but the user was not marked to change it: ${error?.message ?? 'no row returned'}`,
    });
  }
  const user = data as TenantUserView;
  await record(ctx, { action: 'tenant_user.reset_password', target: before.email, details: { user_id: user.id } });
  return user;
}

/**
 * Deactivate (banned, active=false) or reactivate (ban lifted, active=true).
 * The account first: once banned it cannot sign in (and its sessions end);
 * then the profile, which the tenant's RLS reads on every request. A
 * profile that cannot be written puts the account back as it was.
 */
async function setActive(ctx: UserOpsContext, userId: string, active: boolean): Promise<TenantUserView> {
  const verb = active ? 'reactivate' : 'deactivate';
  const before = await readUser(ctx.db, userId);
  if (!active && userId === ctx.selfId) throw new ApiError(409, SELF_MESSAGES.deactivate);
  const failed = `Failed to ${verb} user. Please try again.`;

  const ban = await ctx.db.auth.admin.updateUserById(userId, { ban_duration: active ? 'none' : BAN_DURATION });
  if (ban.error) {
    if (ban.error.status === 404) throw notFound(USER_NOT_FOUND);
    throw new ApiError(502, failed, { detail: ban.error.message });
  }
  const { data, error } = await ctx.db.from('users').update({ active }).eq('id', userId).select(TENANT_USER_COLUMNS).maybeSingle();
  if (error || !data) {
    if (before.active !== active) await ctx.db.auth.admin.updateUserById(userId, { ban_duration: before.active ? 'none' : BAN_DURATION });
    throw new ApiError(502, failed, { detail: error?.message ?? 'no row returned' });
  }
  const user = data as TenantUserView;
  await record(ctx, {
    action: active ? 'tenant_user.reactivate' : 'tenant_user.deactivate',
    target: user.email,
    details: { user_id: user.id, was_active: before.active },
  });
  return user;
}

export const deactivateTenantUser = (ctx: UserOpsContext, userId: string) => setActive(ctx, userId, false);
export const reactivateTenantUser = (ctx: UserOpsContext, userId: string) => setActive(ctx, userId, true);
