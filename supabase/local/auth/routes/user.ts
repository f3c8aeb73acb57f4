/**
 * GET /user and PUT /user: the signed-in user reads and changes itself.
 * An access token alone is not enough to take over the account: a new
 * password needs the current one (GoTrue's current_password, as with
 * GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD), and the email
 * is changed only by an administrator (admin API, with the service key).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { readJsonBody } from '../body';
import { validateEmail } from '../email';
import { AuthHttpError, badRequest, unprocessable } from '../errors';
import { requireUser, type Caller } from '../guards';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../password';
import { endSessions } from '../sessions';
import type { SignInLimiter } from '../sign-in-limiter';
import { mergeMetadata, updateUser, userJson, type UserChanges } from '../users';

const Metadata = z.record(z.string(), z.unknown(), { error: 'must be an object' });

// supabase-js adds code_challenge(_method) (null outside PKCE) and nonce;
// they are accepted and ignored, as are any other unknown keys.
const UpdateUserBody = z.object({
  email: z.string({ error: 'must be a string' }).max(1024).optional(),
  password: z.string({ error: 'must be a string' }).max(1024).optional(),
  current_password: z.string({ error: 'must be a string' }).max(1024).optional(),
  data: Metadata.nullable().optional(),
  phone: z.string().optional(),
  nonce: z.string().nullable().optional(),
  code_challenge: z.string().nullable().optional(),
  code_challenge_method: z.string().nullable().optional(),
});

export const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

export async function getUserHandler(c: Context<StackEnv>): Promise<Response> {
  const { user } = await requireUser(c);
  return c.json(userJson(user));
}

const emailChangeRefused = () =>
  new AuthHttpError(403, 'feature_disabled', 'Changing your own email address is not allowed: an administrator changes it for you.');

const currentPasswordMessage = 'Current password required when setting new password.';

/**
 * GoTrue's check of current_password. A wrong one counts like a failed
 * sign-in (same lockout and per-address limit): a stolen access token must
 * not become a way to guess the password.
 */
async function assertCurrentPassword(c: Context<StackEnv>, limiter: SignInLimiter, caller: Caller, given: string | undefined) {
  const user = caller.user;
  // No password yet (e.g. made without one by an admin, or invited): nothing to confirm.
  if (!user.encrypted_password) return;
  // A session opened by a recovery link exists to set a forgotten password.
  if (openedByRecoveryLink(caller)) return;
  if (!given) throw badRequest('current_password_required', currentPasswordMessage);
  const attempt = limiter.attempt(c);
  const email = user.email ?? user.id;
  limiter.begin(attempt, email);
  if (!(await verifyPassword(given, user.encrypted_password))) {
    throw badRequest('current_password_invalid', currentPasswordMessage);
  }
  limiter.succeeded(attempt, email);
}

function openedByRecoveryLink(caller: Caller): boolean {
  const amr = caller.claims.amr;
  return (
    Array.isArray(amr) && amr.some((a: unknown) => typeof a === 'object' && a !== null && (a as { method?: unknown }).method === 'recovery')
  );
}

export async function updateUserHandler(c: Context<StackEnv>, limiter: SignInLimiter): Promise<Response> {
  const caller = await requireUser(c);
  const body = await readJsonBody(c, UpdateUserBody);
  if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const changes: UserChanges = {};
  // As GoTrue: an empty email is no change, not an invalid one.
  if (body.email) {
    const email = validateEmail(body.email);
    // The same address again (supabase-js forms often resend it) is no change.
    if (email !== caller.user.email) throw emailChangeRefused();
  }
  if (body.password !== undefined) {
    checkPasswordStrength(body.password);
    await assertCurrentPassword(c, limiter, caller, body.current_password);
    if (await verifyPassword(body.password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    changes.passwordHash = await hashPassword(body.password);
  }
  if (body.data) changes.userMetadata = mergeMetadata(caller.user.raw_user_meta_data, body.data);
  const db = c.get('project').engine;
  const updated = await db.transaction(async (tx) => {
    const u = await updateUser(tx, caller.user.id, changes);
    // As GoTrue: a new password signs out every other session of the user.
    if (u && changes.passwordHash !== undefined) await endSessions(tx, u.id, caller.sessionId, 'others');
    return u;
  });
  if (!updated) throw badRequest('user_not_found', 'User not found');
  return c.json(userJson(updated));
}
