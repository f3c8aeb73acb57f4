/**
 * Tenant JWTs the product API signs or checks with a tenant's JWT secret
 * (tenant_secrets.jwt_secret, server only): the support session's token,
 * and who a tenant token belongs to when a tenant's own user calls a
 * tenant-proxy route.
 */
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { tenantAsService } from './clients';
import { apiNow, type ApiDeps } from './deps';
import { platformDb, tenantSecret, type TenantRow, type TenantSecretRow } from './platform';

const bytes = (secret: string) => new TextEncoder().encode(secret);

export interface SupportClaims {
  sessionId: string;
  staffId: string;
  email: string;
  name: string | null;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * The support session's access token, shaped like GoTrue's own (HS256, role
 * and aud authenticated, the tenant's auth URL as issuer) so supabase-js and
 * the tenant's PostgREST take it unchanged. `support_session` is what the
 * tenant's RLS looks up in support_sessions; there is no refresh token.
 */
export function signSupportToken(tenantUrl: string, jwtSecret: string, c: SupportClaims): Promise<string> {
  return new SignJWT({
    role: 'authenticated',
    aud: 'authenticated',
    email: c.email,
    phone: '',
    support_session: c.sessionId,
    app_metadata: { provider: 'support' },
    user_metadata: { name: c.name },
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(c.staffId)
    .setIssuer(`${tenantUrl}/auth/v1`)
    .setIssuedAt(Math.floor(c.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(c.expiresAt.getTime() / 1000))
    .sign(bytes(jwtSecret));
}

/** The tenant whose project is at `url`, if any. */
async function findTenantByUrl(deps: ApiDeps, url: string): Promise<TenantRow | null> {
  const { data } = await platformDb(deps).from('Tenants').select('*').eq('supabase_url', url).limit(1).maybeSingle();
  return (data as TenantRow | null) ?? null;
}

/** The token's subject when `token` is a live session of this project, else null. */
async function sessionSubject(deps: ApiDeps, tenant: TenantRow, secret: TenantSecretRow, token: string): Promise<string | null> {
  if (secret.jwt_secret) {
    try {
      const { payload } = await jwtVerify(token, bytes(secret.jwt_secret), { algorithms: ['HS256'], currentDate: apiNow(deps) });
      return payload.role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
  // A registered project without a stored JWT secret: its own auth server decides.
  if (!tenant.supabase_anon_key) return null;
  const res = await deps
    .fetch(`${secret.project_url}/auth/v1/user`, { headers: { apikey: tenant.supabase_anon_key, authorization: `Bearer ${token}` } })
    .catch(() => null);
  if (!res?.ok) return null;
  const user = (await res.json().catch(() => null)) as { id?: unknown } | null;
  return typeof user?.id === 'string' ? user.id : null;
}

/**
 * Who holds a tenant token, for the tenant-proxy routes a tenant's own
 * super admin may call:
 *   super_admin  a live session of this tenant whose users row is an active super admin
 *   member       a live session of this tenant, anyone else (a support session has no users row)
 *   other        a live session of another tenant of the platform
 *   null         none of these (unsigned, expired, unknown)
 */
export async function tenantCaller(deps: ApiDeps, tenant: TenantRow, token: string): Promise<'super_admin' | 'member' | 'other' | null> {
  const secret = await tenantSecret(deps, tenant.id);
  const sub = secret ? await sessionSubject(deps, tenant, secret, token) : null;
  if (sub) {
    const { data, error } = await tenantAsService(deps, secret!.project_url, secret!.service_role_key)
      .from('users')
      .select('role, active, deleted_at')
      .eq('id', sub)
      .maybeSingle();
    if (error) return 'member';
    const row = data as { role: string; active: boolean; deleted_at: string | null } | null;
    return row?.role === 'super_admin' && row.active && !row.deleted_at ? 'super_admin' : 'member';
  }
  // Another tenant's session names its project in `iss` (GoTrue's auth URL);
  // only a token that project's secret verifies counts.
  let iss: unknown;
  try {
    iss = decodeJwt(token).iss;
  } catch {
    return null;
  }
  if (typeof iss !== 'string' || !iss.endsWith('/auth/v1')) return null;
  const issuer = await findTenantByUrl(deps, iss.slice(0, -'/auth/v1'.length));
  if (!issuer || issuer.id === tenant.id) return null;
  const issuerSecret = await tenantSecret(deps, issuer.id);
  return issuerSecret && (await sessionSubject(deps, issuer, issuerSecret, token)) ? 'other' : null;
}
