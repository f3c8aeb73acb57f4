/**
 * What the local stack does not implement of GoTrue, answered as a hosted
 * project answers with the feature off (the status, code and message of
 * GoTrue's own guard for it), so a client meets the same refusal here as in
 * production instead of a bare 404: MFA enrolment, SAML SSO, OAuth
 * providers, manual identity linking, passkeys and the OAuth server, and the
 * admin endpoints over them (factors, passkeys, SSO providers, custom
 * providers) and the audit log, answered as GoTrue answers with nothing there.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { StackEnv } from '../../http/context';
import { readJsonBody, UUID_PATTERN } from '../body';
import { AuthHttpError, badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin, requireUser } from '../guards';
import { findUserById } from '../users';

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

/** GoTrue's loadUser for /admin/users/{user_id}/...: a malformed id, then an unknown one, are 404s. */
async function loadUser(c: Context<StackEnv>): Promise<void> {
  const id = c.req.param('id') ?? '';
  if (!UUID_PATTERN.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  if (!(await findUserById(c.get('project').engine, id.toLowerCase()))) throw notFound('user_not_found', 'User not found');
}

/** GET /admin/users/:id/factors (admin.mfa.listFactors): nobody can enrol a factor, so every user has none. */
export async function adminListFactorsHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  await loadUser(c);
  return c.json([]);
}

/** PUT and DELETE /admin/users/:id/factors/:factor (admin.mfa.deleteFactor): GoTrue's loadFactor finds none. */
export async function adminFactorHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  await loadUser(c);
  if (!UUID_PATTERN.test(c.req.param('factor') ?? '')) throw notFound('validation_failed', 'factor_id must be an UUID');
  throw notFound('mfa_factor_not_found', 'Factor not found');
}

/** GET /admin/users/:id/passkeys (admin.passkey.listPasskeys): none, as passkeys are off. */
export async function adminListPasskeysHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  await loadUser(c);
  return c.json([]);
}

/** DELETE /admin/users/:id/passkeys/:passkey: GoTrue's 404 for a passkey it cannot find (or a malformed id). */
export async function adminPasskeyHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  await loadUser(c);
  throw notFound('validation_failed', 'Passkey not found');
}

/** /admin/custom-providers (admin.customProviders): off. */
export async function adminCustomProvidersHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  throw notFound('feature_disabled', 'Custom OAuth providers are disabled');
}

/** GET /admin/sso/providers: GoTrue lists them with SAML off too; the stack has none. */
export async function adminListSsoProvidersHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  return c.json({ items: [] });
}

/** GET, PUT and DELETE /admin/sso/providers/:idp: GoTrue's loadSSOProvider finds none (by id or resource_ id). */
export async function adminSsoProviderHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  throw notFound('sso_provider_not_found', 'SSO Identity Provider not found');
}

const NAME_ID_FORMATS = [
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
];

const CreateSsoProviderBody = z.object({
  type: z.string({ error: 'must be a string' }).max(64).optional(),
  metadata_url: z.string({ error: 'must be a string' }).max(2048).optional(),
  metadata_xml: z.string({ error: 'must be a string' }).max(1_000_000).optional(),
  name_id_format: z.string({ error: 'must be a string' }).max(256).optional(),
});

/**
 * POST /admin/sso/providers: GoTrue's checks of the request (validate()),
 * then refused as SAML is: the stack has no SAML to use a provider with, and
 * fetches no metadata. (GoTrue would store the provider even with SAML off.)
 */
export async function adminCreateSsoProviderHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const body = await readJsonBody(c, CreateSsoProviderBody);
  const url = body.metadata_url ?? '';
  const xml = body.metadata_xml ?? '';
  if (body.type !== 'saml') throw badRequest('validation_failed', "Only 'saml' supported for SSO provider type");
  if (url !== '' && xml !== '') throw badRequest('validation_failed', 'Only one of metadata_xml or metadata_url needs to be set');
  if (url === '' && xml === '') throw badRequest('validation_failed', 'Either metadata_xml or metadata_url must be set');
  if (url !== '') {
    // Go's url.ParseRequestURI takes an absolute URL or an absolute path (which has no scheme).
    let scheme = '';
    try {
      scheme = new URL(url).protocol;
    } catch {
      if (!url.startsWith('/')) throw badRequest('validation_failed', 'metadata_url is not a valid URL');
    }
    if (scheme !== 'https:') throw badRequest('validation_failed', 'metadata_url is not a HTTPS URL');
  }
  const format = body.name_id_format ?? '';
  if (format !== '' && !NAME_ID_FORMATS.includes(format)) {
    throw badRequest('validation_failed', `name_id_format must be unspecified or one of ${NAME_ID_FORMATS.join(', ')}`);
  }
  return ssoHandler();
}

/** GET /admin/audit: GoTrue's paging and query checks, then no entries (the stack keeps no auth audit log). */
export async function adminAuditHandler(c: Context<StackEnv>): Promise<Response> {
  await requireAdmin(c);
  const page = c.req.query('page') ?? '';
  const perPage = c.req.query('per_page') ?? '';
  for (const raw of [page, perPage]) {
    if (raw !== '' && !/^\d{1,19}$/.test(raw)) {
      throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
    }
  }
  const query = c.req.query('query') ?? '';
  if (query !== '') {
    const at = query.indexOf(':');
    if (at < 0 || !['author', 'action', 'type'].includes(query.slice(0, at))) {
      throw badRequest('validation_failed', `Invalid query scope: ${query}`);
    }
  }
  // addPaginationHeaders with a count of 0: no next page, the last is page 0.
  const url = new URL(c.req.url);
  const params = new URLSearchParams([...url.searchParams.entries()].filter(([k]) => k !== 'page'));
  params.set('page', '0');
  params.sort();
  c.header('Link', `<${url.pathname}?${params.toString()}>; rel="last"`);
  c.header('X-Total-Count', '0');
  return c.json([]);
}
