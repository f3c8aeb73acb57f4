/**
 * POST /admin/generate_link (supabase.auth.admin.generateLink): makes an
 * invitation or recovery link for the service role to deliver itself, as
 * GoTrue's, without sending mail. An invitation creates the user
 * unconfirmed, without a password, with `data` as its user_metadata; the
 * link's verify call confirms it and opens its first session.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { isPgError } from '../../engine/types';
import type { StackEnv } from '../../http/context';
import { issuer } from '../access-token';
import { readJsonBody } from '../body';
import { validateEmail } from '../email';
import { mailerOtpExpirySeconds } from '../config';
import { badRequest, notFound } from '../errors';
import { requireAdmin } from '../guards';
import { isLinkType, newLinkToken, saveLinkToken } from '../one-time-tokens';
import { redirectTarget } from '../redirect-url';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from '../users';
import { emailExists } from './user';

// supabase-js sends its options flattened into the body (data, redirectTo)
// and redirect_to again as a query parameter; other keys are ignored.
const GenerateLinkBody = z.object({
  type: z.string({ error: 'must be a string' }).max(64),
  email: z.string({ error: 'must be a string' }).max(1024).optional(),
  password: z.string({ error: 'must be a string' }).max(1024).optional(),
  data: z.record(z.string(), z.unknown(), { error: 'must be an object' }).nullable().optional(),
  redirect_to: z.string({ error: 'must be a string' }).max(2048).optional(),
});

const EMAIL_PROVIDER = { provider: 'email', providers: ['email'] };

export async function inviteUser(c: Context<StackEnv>, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const db = c.get('project').engine;
  const found = await findUserByEmail(db, email);
  // As GoTrue: a confirmed account cannot be invited again; an invited one
  // that never accepted gets a fresh link (and keeps its metadata).
  if (found && found.email_confirmed_at !== null) throw emailExists();
  if (found) return found;
  return insertUser(db, {
    email,
    passwordHash: null,
    emailConfirmed: false,
    appMetadata: EMAIL_PROVIDER,
    userMetadata: data,
    bannedForSeconds: null,
  }).catch((e: unknown) => {
    // Created by a concurrent call between the lookup and the insert.
    if (isPgError(e) && e.code === '23505') throw emailExists();
    throw e;
  });
}

export async function generateLinkHandler(c: Context<StackEnv>, siteUrl: () => string): Promise<Response> {
  await requireAdmin(c);
  const body = await readJsonBody(c, GenerateLinkBody);
  // GoTrue validates the address before it looks at the link type.
  const email = validateEmail(body.email ?? '');
  if (!isLinkType(body.type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${body.type}`);
  }
  const type = body.type;
  const db = c.get('project').engine;
  let user: UserRow;
  if (type === 'invite') user = await inviteUser(c, email, body.data ?? {});
  else {
    const found = await findUserByEmail(db, email);
    if (!found) throw notFound('user_not_found', 'User with this email not found');
    user = found;
  }
  const token = newLinkToken();
  const updated = await db.transaction(async (tx) => {
    if (type === 'invite') {
      await tx.query('update auth.users set invited_at = now(), updated_at = now() where id = $1::uuid', [user.id]);
    }
    await saveLinkToken(tx, user.id, type, token, email, mailerOtpExpirySeconds());
    return findUserById(tx, user.id);
  });
  if (!updated) throw notFound('user_not_found', 'User with this email not found');
  const redirectTo = redirectTarget(siteUrl(), c.req.query('redirect_to'), body.redirect_to);
  const link = new URL(`${issuer(c)}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return c.json({
    ...userJson(updated),
    action_link: link.toString(),
    // Links only: the local stack sends no mail, so there is no code to type.
    email_otp: '',
    hashed_token: token,
    redirect_to: redirectTo,
    verification_type: type,
  });
}
