/**
 * GET /user and PUT /user: the signed-in user reads and changes itself.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { isPgError } from '../../engine/types';
import { assertEmail, normalizeEmail, readJsonBody } from '../body';
import { badRequest, unprocessable } from '../errors';
import { requireUser } from '../guards';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../password';
import { endSessions } from '../sessions';
import { mergeMetadata, updateUser, userJson, type UserChanges } from '../users';

const Metadata = z.record(z.string(), z.unknown(), { error: 'must be an object' });

// supabase-js adds code_challenge(_method) (null outside PKCE) and nonce;
// they are accepted and ignored, as are any other unknown keys.
const UpdateUserBody = z.object({
  email: z.string({ error: 'must be a string' }).max(1024).optional(),
  password: z.string({ error: 'must be a string' }).max(1024).optional(),
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

export async function updateUserHandler(c: Context<StackEnv>): Promise<Response> {
  const caller = await requireUser(c);
  const body = await readJsonBody(c, UpdateUserBody);
  if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  const changes: UserChanges = {};
  if (body.password !== undefined) {
    checkPasswordStrength(body.password);
    if (await verifyPassword(body.password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    changes.passwordHash = await hashPassword(body.password);
  }
  if (body.data) changes.userMetadata = mergeMetadata(caller.user.raw_user_meta_data, body.data);
  if (body.email !== undefined) {
    const email = normalizeEmail(body.email);
    assertEmail(email);
    // No mailer locally: the change applies at once instead of after a
    // confirmation link, keeping the address's confirmed state.
    if (email !== caller.user.email) changes.email = email;
  }
  const db = c.get('project').engine;
  try {
    const updated = await db.transaction(async (tx) => {
      const u = await updateUser(tx, caller.user.id, changes);
      // As GoTrue: a new password signs out every other session of the user.
      if (u && changes.passwordHash !== undefined) await endSessions(tx, u.id, caller.sessionId, 'others');
      return u;
    });
    if (!updated) throw badRequest('user_not_found', 'User not found');
    return c.json(userJson(updated));
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw emailExists();
    throw e;
  }
}
