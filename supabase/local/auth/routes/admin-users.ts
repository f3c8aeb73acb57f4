/**
 * /admin/users: user management with the service role key, as GoTrue's admin
 * API (supabase.auth.admin.*). Every route checks the caller first, so a
 * non-admin learns nothing from validation errors.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { isPgError } from '../../engine/types';
import { parseBanDuration } from '../ban-duration';
import { readJsonBody, UUID_PATTERN } from '../body';
import { validateEmail } from '../email';
import { badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin } from '../guards';
import { checkPasswordStrength, hashPassword } from '../password';
import { endSessions } from '../sessions';
import { findUserById, insertUser, listUsers, mergeMetadata, updateUser, userJson, type UserChanges } from '../users';
import { emailExists } from './user';

const Metadata = z.record(z.string(), z.unknown(), { error: 'must be an object' });

const CreateUserBody = z.object({
  email: z.string({ error: 'must be a string' }).max(1024).optional(),
  password: z.string({ error: 'must be a string' }).max(1024).optional(),
  email_confirm: z.boolean({ error: 'must be a boolean' }).optional(),
  user_metadata: Metadata.nullable().optional(),
  app_metadata: Metadata.nullable().optional(),
  ban_duration: z.string({ error: 'must be a string' }).optional(),
  phone: z.string().optional(),
});

const UpdateUserBody = CreateUserBody;

const DeleteUserBody = z.object({ should_soft_delete: z.boolean().optional() });

/** Every user signs in with email: GoTrue records that in app_metadata. */
const EMAIL_PROVIDER = { provider: 'email', providers: ['email'] };

const userNotFound = () => notFound('user_not_found', 'User not found');

function userIdParam(c: Context<StackEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!UUID_PATTERN.test(id)) throw notFound('user_not_found', 'User not found');
  return id.toLowerCase();
}

function mapUniqueViolation(e: unknown): never {
  if (isPgError(e) && e.code === '23505') throw emailExists();
  throw e;
}

export async function createUserHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const body = await readJsonBody(c, CreateUserBody);
  if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!body.email) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const email = validateEmail(body.email);
  if (body.password !== undefined) checkPasswordStrength(body.password);
  const bannedForSeconds = body.ban_duration === undefined ? null : parseBanDuration(body.ban_duration);
  const db = c.get('project').engine;
  const created = await insertUser(db, {
    email,
    passwordHash: body.password === undefined ? null : await hashPassword(body.password),
    emailConfirmed: body.email_confirm === true,
    // The provider keys are the server's, not the caller's to change.
    appMetadata: { ...(body.app_metadata ?? {}), ...EMAIL_PROVIDER },
    userMetadata: body.user_metadata ?? {},
    bannedForSeconds,
  }).catch(mapUniqueViolation);
  return c.json(userJson(created));
}

function positiveInt(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest('validation_failed', `Bad pagination parameter: ${raw}`);
  return Math.min(n, max);
}

/**
 * Lists users with GoTrue's pagination headers; auth-js reads the page
 * numbers out of the Link header, so its format is kept exactly.
 */
export async function listUsersHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const page = positiveInt(c.req.query('page'), 1, 1_000_000);
  const perPage = positiveInt(c.req.query('per_page'), 50, 1000);
  const { users, total } = await listUsers(c.get('project').engine, page, perPage);
  const lastPage = Math.ceil(total / perPage);
  const path = new URL(c.req.url).pathname;
  const links: string[] = [];
  if (page < lastPage) links.push(`<${path}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${path}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  c.header('Link', links.join(', '));
  c.header('X-Total-Count', String(total));
  return c.json({ aud: 'authenticated', users: users.map(userJson) });
}

export async function getUserByIdHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const user = await findUserById(c.get('project').engine, userIdParam(c));
  if (!user) throw userNotFound();
  return c.json(userJson(user));
}

export async function updateUserByIdHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const id = userIdParam(c);
  const body = await readJsonBody(c, UpdateUserBody);
  if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const db = c.get('project').engine;
  const current = await findUserById(db, id);
  if (!current) throw userNotFound();
  const changes: UserChanges = {};
  // As GoTrue: an empty email is no change, not an invalid one.
  if (body.email) {
    const email = validateEmail(body.email);
    if (email !== current.email) changes.email = email;
  }
  if (body.password !== undefined) {
    checkPasswordStrength(body.password);
    changes.passwordHash = await hashPassword(body.password);
  }
  if (body.email_confirm === true) changes.confirmEmail = true;
  if (body.user_metadata) changes.userMetadata = mergeMetadata(current.raw_user_meta_data, body.user_metadata);
  if (body.app_metadata) {
    changes.appMetadata = { ...mergeMetadata(current.raw_app_meta_data, body.app_metadata), ...EMAIL_PROVIDER };
  }
  if (body.ban_duration !== undefined) changes.bannedForSeconds = parseBanDuration(body.ban_duration);
  const updated = await db
    .transaction(async (tx) => {
      const u = await updateUser(tx, id, changes);
      // A ban ends the user's sessions now rather than at the next refresh.
      if (u && typeof changes.bannedForSeconds === 'number') await endSessions(tx, id, null, 'global');
      return u;
    })
    .catch(mapUniqueViolation);
  if (!updated) throw userNotFound();
  return c.json(userJson(updated));
}

export async function deleteUserHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const id = userIdParam(c);
  const body = await readJsonBody(c, DeleteUserBody);
  const db = c.get('project').engine;
  const r = body.should_soft_delete
    ? await db.transaction(async (tx) => {
        // Soft delete keeps the row (and what references it) but frees the
        // email and ends every session, as GoTrue's does.
        const res = await tx.query(
          `update auth.users set deleted_at = now(), updated_at = now(), email = null, encrypted_password = null
            where id = $1::uuid and deleted_at is null`,
          [id],
        );
        if (res.affectedRows) await endSessions(tx, id, null, 'global');
        return res;
      })
    : await db.query('delete from auth.users where id = $1::uuid', [id]);
  if (!r.affectedRows) throw userNotFound();
  return c.json({});
}
