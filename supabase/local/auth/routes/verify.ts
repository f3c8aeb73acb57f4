/**
 * /verify, as GoTrue's (internal/api/verify.go). GET is where an invitation
 * or recovery link lands: a live token of the given type confirms the email,
 * opens a session and sends the browser (303) to the redirect URL with the
 * session in the fragment; any failure sends it there with the error in the
 * fragment. The fragment never reaches a server, so the tokens stay in the
 * browser. POST is supabase-js's verifyOtp: the same link token sent as
 * token_hash opens the same session, answered as JSON; an emailed or texted
 * code (token with email or phone) never matches, since the stack sends none
 * (magic links, email codes and SMS are off), so it is GoTrue's 403 for a
 * code that is wrong or expired.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { sessionResponse, type AuthMethod } from '../access-token';
import { consumeLinkToken, isLinkType, type LinkType } from '../one-time-tokens';
import { LICENCE_INACTIVE_CODE, LICENCE_INACTIVE_MESSAGE } from '../../../functions/_shared/licence-rule';
import { readJsonBody } from '../body';
import { lookupEmail, validateEmail } from '../email';
import { AuthHttpError, badRequest, forbidden, unprocessable } from '../errors';
import { redirectTarget } from '../redirect-url';
import { createSession } from '../sessions';
import { findUserByEmail, findUserById, isBanned, type UserRow } from '../users';

const VerifyQuery = z.object({
  token: z.string().max(256).default(''),
  type: z.string().max(64).default(''),
  redirect_to: z.string().max(2048).optional(),
});

export interface VerifyOptions {
  siteUrl: () => string;
  /** Whether this project may open new sessions now (the tenant licence rule). */
  mayStartSession: (c: Context<StackEnv>) => Promise<boolean>;
}

const AMR: Record<LinkType, AuthMethod> = { invite: 'otp', recovery: 'recovery' };

type Failure = { error: string; code: string; description: string };

const LINK_INVALID: Failure = {
  error: 'access_denied',
  code: 'otp_expired',
  description: 'Email link is invalid or has expired',
};

/** Thrown inside the transaction so a refused use rolls back and leaves the link as it was. */
class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.description);
  }
}

function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

function redirect(c: Context<StackEnv>, location: string): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect(location, 303);
}

const USER_BANNED: Failure = { error: 'access_denied', code: 'user_banned', description: 'User is banned' };

type Opened = { user: UserRow; sessionId: string; refreshToken: string; type: LinkType };

/**
 * Uses a live link token of one of `types`: confirms the email and opens a
 * session, in one transaction; a refused use rolls back and leaves the link
 * as it was.
 */
async function openLinkSession(c: Context<StackEnv>, token: string, types: LinkType[]): Promise<Opened | { failure: Failure }> {
  const db = c.get('project').engine;
  try {
    return await db.transaction(async (tx) => {
      let userId: string | null = null;
      let type: LinkType | undefined;
      for (const t of types) {
        userId = await consumeLinkToken(tx, token, t);
        if (userId) {
          type = t;
          break;
        }
      }
      if (!userId || !type) throw new Refused(LINK_INVALID);
      const found = await findUserById(tx, userId);
      if (!found) throw new Refused(LINK_INVALID);
      if (isBanned(found)) throw new Refused(USER_BANNED);
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
          where id = $1::uuid`,
        [userId],
      );
      const session = await createSession(tx, userId);
      const user = await findUserById(tx, userId);
      if (!user) throw new Refused(LINK_INVALID);
      return { user, type, ...session };
    });
  } catch (e) {
    if (e instanceof Refused) return { failure: e.failure };
    throw e;
  }
}

export async function verifyHandler(c: Context<StackEnv>, opts: VerifyOptions): Promise<Response> {
  const parsed = VerifyQuery.safeParse(c.req.query());
  const query = parsed.success ? parsed.data : { token: '', type: '', redirect_to: undefined };
  const target = redirectTarget(opts.siteUrl(), query.redirect_to);
  const fail = (f: Failure) => redirect(c, withFragment(target, { error: f.error, error_code: f.code, error_description: f.description }));
  const type = query.type;
  if (!isLinkType(type) || query.token === '') return fail(LINK_INVALID);
  if (!(await opts.mayStartSession(c))) {
    return fail({
      error: 'access_denied',
      code: 'license_inactive',
      description: "This organization's licence is not active, so no one can sign in.",
    });
  }
  const opened = await openLinkSession(c, query.token, [type]);
  if ('failure' in opened) return fail(opened.failure);
  const at = Math.floor(Date.now() / 1000);
  const s = await sessionResponse(c, opened.user, opened.sessionId, opened.refreshToken, AMR[opened.type], at);
  return redirect(
    c,
    withFragment(target, {
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type,
    }),
  );
}

const optionalText = z.string({ error: 'must be a string' }).max(1024).optional();
const VerifyBody = z.object({
  type: optionalText,
  token: optionalText,
  token_hash: optionalText,
  email: optionalText,
  phone: optionalText,
  redirect_to: optionalText,
});

/** Which links a token_hash of each type may be (verifyTokenHash: signup and invite share the confirmation token, recovery and magiclink the recovery one, email either). */
const HASH_TYPES: Record<string, LinkType[]> = {
  email: ['invite', 'recovery'],
  signup: ['invite'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  // The stack makes no email-change links.
  email_change: [],
};

const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** GoTrue's validatePhone: "+" and spaces dropped, then E.164 digits. */
function validatePhone(phone: string): void {
  if (!/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+/, '').replaceAll(' ', ''))) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  }
}

/**
 * POST /verify (verifyOtp), in GoTrue's order: VerifyParams.Validate, then
 * the token hash or the code. Only a link's token can be valid here.
 */
export async function verifyPostHandler(c: Context<StackEnv>, opts: Pick<VerifyOptions, 'mayStartSession'>): Promise<Response> {
  const body = await readJsonBody(c, VerifyBody);
  const type = body.type ?? '';
  const token = body.token ?? '';
  const tokenHash = body.token_hash ?? '';
  const email = body.email ?? '';
  const phone = body.phone ?? '';
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((token === '') === (tokenHash === '')) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (token !== '') {
    if (phone !== '' && email === '') validatePhone(phone);
    else if (phone === '' && email !== '') {
      try {
        validateEmail(email);
      } catch (e) {
        if (e instanceof AuthHttpError) throw unprocessable('validation_failed', 'Invalid email format');
        throw e;
      }
      // verifyUserAndToken: the user is found by address (except for the phone and email-change
      // types), and a banned one is told so before the code is compared.
      if (!['sms', 'phone_change', 'email_change'].includes(type)) {
        const key = lookupEmail(email);
        const user = key === null ? null : await findUserByEmail(c.get('project').engine, key);
        if (user && isBanned(user)) throw forbidden('user_banned', 'User is banned');
      }
    } else throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    // No code was ever sent, so none matches.
    throw codeInvalid();
  }
  if (email !== '' || phone !== '' || (body.redirect_to ?? '') !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  const types = HASH_TYPES[type];
  if (!types) throw badRequest('validation_failed', 'Invalid email verification type');
  if (!(await opts.mayStartSession(c))) throw forbidden(LICENCE_INACTIVE_CODE, LICENCE_INACTIVE_MESSAGE);
  const opened = await openLinkSession(c, tokenHash, types);
  if ('failure' in opened) throw forbidden(opened.failure.code, opened.failure.description);
  const at = Math.floor(Date.now() / 1000);
  return c.json(await sessionResponse(c, opened.user, opened.sessionId, opened.refreshToken, AMR[opened.type], at));
}
