/**
 * GET /settings, GET /health, and POST /signup (closed: accounts are made by
 * administrators through the admin API, never by self sign-up).
 */
import type { Context } from 'hono';
import type { StackEnv } from '../../http/context';
import { unprocessable } from '../errors';

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

export function signupHandler(): never {
  throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
}
