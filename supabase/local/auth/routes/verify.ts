/**
 * GET /verify: where an invitation or recovery link lands, as GoTrue's. A
 * live token of the given type confirms the email, opens a session and
 * sends the browser (303) to the redirect URL with the session in the
 * fragment; any failure sends it there with the error in the fragment. The
 * fragment never reaches a server, so the tokens stay in the browser.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { sessionResponse, type AuthMethod } from '../access-token';
import { consumeLinkToken, isLinkType, type LinkType } from '../one-time-tokens';
import { redirectTarget } from '../redirect-url';
import { createSession } from '../sessions';
import { findUserById, isBanned, type UserRow } from '../users';

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
  const db = c.get('project').engine;
  let opened: { user: UserRow; sessionId: string; refreshToken: string };
  try {
    opened = await db.transaction(async (tx) => {
      const userId = await consumeLinkToken(tx, query.token, type);
      if (!userId) throw new Refused(LINK_INVALID);
      const found = await findUserById(tx, userId);
      if (!found) throw new Refused(LINK_INVALID);
      if (isBanned(found)) throw new Refused({ error: 'access_denied', code: 'user_banned', description: 'User is banned' });
      await tx.query(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
          where id = $1::uuid`,
        [userId],
      );
      const session = await createSession(tx, userId);
      const user = await findUserById(tx, userId);
      if (!user) throw new Refused(LINK_INVALID);
      return { user, ...session };
    });
  } catch (e) {
    if (e instanceof Refused) return fail(e.failure);
    throw e;
  }
  const at = Math.floor(Date.now() / 1000);
  const s = await sessionResponse(c, opened.user, opened.sessionId, opened.refreshToken, AMR[type], at);
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
