/**
 * The endpoints that make GoTrue send mail: /recover, /resend, /invite,
 * /magiclink and the email form of /otp. The local stack sends no mail (links
 * come from admin.generateLink, which the product delivers itself), so these
 * answer as GoTrue answers with no SMTP server (its no-op mail client): the
 * same validation, the same body, nothing sent. Magic links and email codes,
 * which would sign someone in through a mail never sent, answer as a project
 * with magic links off.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { readJsonBody } from '../body';
import { lookupEmail, validateEmail } from '../email';
import { badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin, requireUser } from '../guards';
import { findUserByEmail, findUserById, userJson } from '../users';
import { inviteUser } from './generate-link';

// GoTrue reads absent strings as "": optional here, compared to "" below.
const optionalText = z.string({ error: 'must be a string' }).max(1024).optional();
const Metadata = z.record(z.string(), z.unknown(), { error: 'must be an object' }).nullable().optional();

const RecoverBody = z.object({ email: optionalText });
const ResendBody = z.object({ type: optionalText, email: optionalText, phone: optionalText });
const OtpBody = z.object({ email: optionalText, phone: optionalText, channel: optionalText, create_user: z.boolean().optional() });
const InviteBody = z.object({ email: optionalText, data: Metadata });

const magicLinksOff = () => unprocessable('email_provider_disabled', 'Login with magic link is disabled');

/** POST /recover (resetPasswordForEmail): 200 {} whether or not the address has an account, as GoTrue. */
export async function recoverHandler(c: Context<StackEnv>): Promise<Response> {
  const body = await readJsonBody(c, RecoverBody);
  if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email');
  validateEmail(body.email);
  return c.json({});
}

/** POST /resend: GoTrue's checks of type and address (resend.go), then 200 {}. */
export async function resendHandler(c: Context<StackEnv>): Promise<Response> {
  const body = await readJsonBody(c, ResendBody);
  const type = body.type ?? '';
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!body.email && type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
  if (!body.phone && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (body.email && body.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (body.email) validateEmail(body.email);
  else if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  else throw badRequest('validation_failed', 'Missing email address or phone number');
  return c.json({});
}

/** POST /magiclink (the older endpoint): refused before the body is read, as GoTrue. */
export function magicLinkHandler(): never {
  throw magicLinksOff();
}

/**
 * POST /otp (signInWithOtp), in GoTrue's order (otp.go): the body's shape,
 * then with create_user false an unknown or invalid address is otp_disabled,
 * then email goes to the magic link (off) and phone to SMS (off).
 */
export async function otpHandler(c: Context<StackEnv>): Promise<Response> {
  const body = await readJsonBody(c, OtpBody);
  if (body.email && body.phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (body.email && body.channel) throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
  if (body.create_user === false && (body.email || body.phone)) {
    // GoTrue folds an invalid address here into otp_disabled too (shouldCreateUser returns false).
    const key = body.email ? lookupEmail(body.email) : null;
    const known = key !== null && (await findUserByEmail(c.get('project').engine, key)) !== null;
    if (!known) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  if (body.email) throw magicLinksOff();
  if (body.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  throw badRequest('validation_failed', 'One of email or phone must be set');
}

/** POST /invite (admin.inviteUserByEmail): the invited user, made as generate_link makes it; no mail. */
export async function inviteHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const body = await readJsonBody(c, InviteBody);
  const email = validateEmail(body.email ?? '');
  const db = c.get('project').engine;
  const user = await inviteUser(c, email, body.data ?? {});
  await db.query('update auth.users set invited_at = now(), updated_at = now() where id = $1::uuid', [user.id]);
  const invited = await findUserById(db, user.id);
  if (!invited) throw notFound('user_not_found', 'User not found');
  return c.json(userJson(invited));
}

/**
 * GET /reauthenticate (supabase.auth.reauthenticate): GoTrue's checks of the
 * signed-in user (reauthenticate.go), then 200 {} as with no mail server:
 * no nonce is sent, and none is needed: updateUser asks for no nonce (secure
 * password change is off), only the current password (routes/user.ts).
 */
export async function reauthenticateHandler(c: Context<StackEnv>): Promise<Response> {
  const { user } = await requireUser(c);
  if (!user.email) {
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (user.email_confirmed_at === null) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  return c.json({});
}

/** Other methods on /reauthenticate: past GoTrue's sign-in check, chi's bare 405. */
export async function reauthenticateMethodHandler(c: Context<StackEnv>): Promise<Response> {
  await requireUser(c);
  return c.body(null, 405, { Allow: 'GET' });
}
