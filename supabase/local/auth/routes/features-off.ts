/**
 * What the local stack does not implement of GoTrue, answered as a hosted
 * project answers with the feature off (the status, code and message of
 * GoTrue's own guard for it), so a client meets the same refusal here as in
 * production instead of a bare 404: MFA enrolment, SAML SSO, OAuth
 * providers, manual identity linking, passkeys and the OAuth server.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { readJsonBody, UUID_PATTERN } from '../body';
import { AuthHttpError, badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin, requireUser } from '../guards';

/** GoTrue's external providers (provider_constants.go): these are "not enabled", any other name "could not be found". */
const OAUTH_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'snapchat',
  'spotify',
  'slack',
  'slack_oidc',
  'twitch',
  'twitter',
  'x',
  'vercel_marketplace',
  'workos',
  'zoom',
]);

const EnrollBody = z.object({ factor_type: z.string({ error: 'must be a string' }).max(64).optional() });

/** POST /factors (mfa.enroll): each factor type's enrolment is off. */
export async function enrollFactorHandler(c: Context<StackEnv>): Promise<Response> {
  await requireUser(c);
  const body = await readJsonBody(c, EnrollBody);
  switch (body.factor_type) {
    case 'phone':
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    case 'totp':
      throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    case 'webauthn':
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    default:
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
}

/** /factors/:id/challenge, /verify and DELETE (mfa.challenge, verify, unenroll): nobody has a factor to find. */
export async function factorHandler(c: Context<StackEnv>): Promise<Response> {
  await requireUser(c);
  if (!UUID_PATTERN.test(c.req.param('id') ?? '')) throw notFound('validation_failed', 'factor_id must be an UUID');
  throw notFound('mfa_factor_not_found', 'Factor not found');
}

/** GET /authorize?provider= (signInWithOAuth's redirect): GoTrue's 400 for a provider that is off or unknown. */
export function authorizeHandler(c: Context<StackEnv>): never {
  const name = (c.req.query('provider') ?? '').toLowerCase();
  const why = name.startsWith('custom:')
    ? 'custom OAuth providers are disabled'
    : OAUTH_PROVIDERS.has(name)
      ? 'provider is not enabled'
      : `Provider ${name} could not be found`;
  throw badRequest('validation_failed', `Unsupported provider: ${why}`);
}

/** /sso and /sso/saml/* (signInWithSSO): SAML is off. */
export function ssoHandler(): never {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** /user/identities/* (linkIdentity, unlinkIdentity): behind sign-in, then manual linking is off. */
export async function identitiesHandler(c: Context<StackEnv>): Promise<Response> {
  await requireUser(c);
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/** /passkeys/*: off before anything else is checked. */
export function passkeysHandler(): never {
  throw notFound('passkey_disabled', 'Passkeys are disabled');
}

const oauthServerOff = () => new AuthHttpError(404, 'feature_disabled', 'OAuth server is disabled');

/** /oauth/* (Supabase Auth as an OAuth provider): off. */
export function oauthServerHandler(): never {
  throw oauthServerOff();
}

/** /user/oauth/grants: behind sign-in, then off. */
export async function oauthGrantsHandler(c: Context<StackEnv>): Promise<Response> {
  await requireUser(c);
  throw oauthServerOff();
}

/** /admin/oauth/*: behind the service role, then off. */
export async function adminOAuthHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  throw oauthServerOff();
}
