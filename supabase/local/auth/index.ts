/**
 * GoTrue-compatible auth API for one project (mounted at /auth/v1 of the
 * platform and of every tenant). The gateway has already checked the apikey
 * and set c.get('project'); everything here reads and writes that project's
 * auth schema through its engine.
 */
import { Hono } from 'hono';
import { isPgError } from '../engine/types';
import type { StackEnv } from '../http/context';
import { AuthHttpError, renderAuthError, wantsApi2024, API_VERSION_HEADER } from './errors';
import type { Context } from 'hono';
import { createUserHandler, deleteUserHandler, getUserByIdHandler, listUsersHandler, updateUserByIdHandler } from './routes/admin-users';
import { logoutHandler } from './routes/logout';
import { generateLinkHandler } from './routes/generate-link';
import { healthHandler, settingsHandler, signupHandler } from './routes/meta';
import { tokenHandler } from './routes/token';
import { getUserHandler, updateUserHandler } from './routes/user';
import { verifyHandler, verifyPostHandler } from './routes/verify';
import {
  adminAuditHandler,
  adminCreateSsoProviderHandler,
  adminCustomProvidersHandler,
  adminFactorHandler,
  adminListFactorsHandler,
  adminListPasskeysHandler,
  adminListSsoProvidersHandler,
  adminOAuthHandler,
  adminPasskeyHandler,
  adminSsoProviderHandler,
  authorizeHandler,
  enrollFactorHandler,
  factorHandler,
  identitiesHandler,
  oauthGrantsHandler,
  oauthServerHandler,
  passkeysHandler,
  ssoHandler,
} from './routes/features-off';
import {
  inviteHandler,
  magicLinkHandler,
  otpHandler,
  reauthenticateHandler,
  reauthenticateMethodHandler,
  recoverHandler,
  resendHandler,
} from './routes/mail';
import { SignInLimiter } from './sign-in-limiter';

export interface AuthAppOptions {
  /** GoTrue's SITE_URL: where links return by default; its origin is always an allowed redirect. */
  siteUrl: () => string;
  /** Whether a link may open a session now (the tenant licence rule); always, when omitted. */
  mayStartSession?: (c: Context<StackEnv>) => Promise<boolean>;
}

export function createAuthApp(opts: AuthAppOptions): Hono<StackEnv> {
  const app = new Hono<StackEnv>();
  // One limiter per app, so a server (and each test's stack) starts clean;
  // its keys carry the project, so tenants never share counts.
  const limiter = new SignInLimiter();

  // auth-js decides how to read error bodies from this response header.
  app.use('*', async (c, next) => {
    await next();
    if (wantsApi2024(c)) c.res.headers.set(API_VERSION_HEADER, '2024-01-01');
  });

  app.get('/health', healthHandler);
  app.get('/settings', settingsHandler);
  app.post('/signup', signupHandler);
  app.post('/token', (c) => tokenHandler(c, limiter));
  app.get('/user', getUserHandler);
  app.put('/user', (c) => updateUserHandler(c, limiter));
  app.post('/logout', logoutHandler);
  const mayStartSession = opts.mayStartSession ?? (() => Promise.resolve(true));
  app.get('/verify', (c) => verifyHandler(c, { siteUrl: opts.siteUrl, mayStartSession }));
  app.post('/verify', (c) => verifyPostHandler(c, { mayStartSession }));
  app.post('/admin/generate_link', (c) => generateLinkHandler(c, opts.siteUrl));
  app.post('/admin/users', createUserHandler);
  app.get('/admin/users', listUsersHandler);
  app.get('/admin/users/:id', getUserByIdHandler);
  app.put('/admin/users/:id', updateUserByIdHandler);
  app.delete('/admin/users/:id', deleteUserHandler);

  // Mail GoTrue would send; the stack sends none (routes/mail.ts).
  app.post('/recover', recoverHandler);
  app.post('/resend', resendHandler);
  app.post('/otp', otpHandler);
  app.post('/magiclink', magicLinkHandler);
  app.post('/invite', inviteHandler);
  app.get('/reauthenticate', reauthenticateHandler);
  app.all('/reauthenticate', reauthenticateMethodHandler);

  // Features off, refused as a hosted project with them off (routes/features-off.ts).
  app.post('/factors', enrollFactorHandler);
  app.post('/factors/:id/challenge', factorHandler);
  app.post('/factors/:id/verify', factorHandler);
  app.delete('/factors/:id', factorHandler);
  app.get('/authorize', authorizeHandler);
  app.all('/sso', ssoHandler);
  app.all('/sso/*', ssoHandler);
  app.all('/user/identities/*', identitiesHandler);
  app.all('/user/oauth/grants', oauthGrantsHandler);
  app.all('/passkeys', passkeysHandler);
  app.all('/passkeys/*', passkeysHandler);
  app.all('/oauth/*', oauthServerHandler);
  app.all('/admin/oauth/*', adminOAuthHandler);
  app.get('/admin/users/:id/factors', adminListFactorsHandler);
  app.on(['PUT', 'DELETE'], '/admin/users/:id/factors/:factor', adminFactorHandler);
  app.get('/admin/users/:id/passkeys', adminListPasskeysHandler);
  app.delete('/admin/users/:id/passkeys/:passkey', adminPasskeyHandler);
  app.all('/admin/custom-providers', adminCustomProvidersHandler);
  app.all('/admin/custom-providers/*', adminCustomProvidersHandler);
  app.get('/admin/sso/providers', adminListSsoProvidersHandler);
  app.post('/admin/sso/providers', adminCreateSsoProviderHandler);
  app.on(['GET', 'PUT', 'DELETE'], '/admin/sso/providers/:idp', adminSsoProviderHandler);
  app.get('/admin/audit', adminAuditHandler);

  app.onError((err, c) => {
    if (err instanceof AuthHttpError) return renderAuthError(c, err);
    // PostgreSQL: the stack's connection budget stayed spent (engine/connection-budget.ts); worth a retry.
    if (isPgError(err) && err.code === '53300') return renderAuthError(c, new AuthHttpError(503, 'request_timeout', err.message));
    console.error('[auth] unexpected error', err);
    return renderAuthError(
      c,
      new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    );
  });
  return app;
}
