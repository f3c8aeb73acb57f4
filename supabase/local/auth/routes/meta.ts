/**
 * GET /settings, GET /health, and POST /signup (closed: accounts are made by
 * administrators through the admin API, never by self sign-up; anonymous
 * sign-in, which is a signup without an address, is off too).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { readJsonBody } from '../body';
import { unprocessable } from '../errors';

const SignupBody = z.object({
  email: z.string({ error: 'must be a string' }).max(1024).optional(),
  phone: z.string({ error: 'must be a string' }).max(1024).optional(),
});

export function settingsHandler(c: Context<StackEnv>): Response {
  return c.json({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export function healthHandler(c: Context<StackEnv>): Response {
  return c.json({ version: 'lockstep-local', name: 'GoTrue', description: 'GoTrue-compatible auth API of the Lockstep local stack' });
}

/** GoTrue's order (api.go): no address at all is an anonymous sign-in, then signups are checked before the address. */
export async function signupHandler(c: Context<StackEnv>): Promise<Response> {
  const body = await readJsonBody(c, SignupBody);
  if (!body.email && !body.phone) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
}
