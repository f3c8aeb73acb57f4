/**
 * The product API (/api/*, docs/product-api.md) as the staff screens call it:
 * the platform session's access token is read when each request is sent
 * (never cached), and every failure becomes a ProductApiError that carries
 * the API's own `error` text, so screens show the server's words.
 */
import type { TenantEndpoint } from './clients';

export interface ProductApiIssue {
  path: string;
  message: string;
}

export class ProductApiError extends Error {
  override readonly name = 'ProductApiError';
  constructor(
    /** The HTTP status; 0 when no answer came (offline, unreachable). */
    readonly status: number,
    message: string,
    /** Field problems of a 422 answer. */
    readonly issues: readonly ProductApiIssue[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const PRODUCT_API_MESSAGES = {
  notAuthenticated: 'Not authenticated',
  offline: 'You are offline. This needs a connection to the server.',
  unreachable: 'The server could not be reached. Please try again.',
  notJson: 'The server sent an answer that is not JSON.',
} as const;

export type QueryValue = string | number | boolean | null | undefined;

export interface ProductApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Readonly<Record<string, QueryValue>>;
}

/** base + path + query string (null and undefined values left out). */
export function productApiUrl(base: string, path: string, query?: Readonly<Record<string, QueryValue>>): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== null && v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function parseIssues(raw: unknown): ProductApiIssue[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i: unknown) => {
    const issue = i as { path?: unknown; message?: unknown } | null;
    return issue && typeof issue.message === 'string'
      ? [{ path: typeof issue.path === 'string' ? issue.path : '', message: issue.message }]
      : [];
  });
}

/** One request once the base URL and token are known (what callProductApi does; unit-tested with a fake fetch). */
export async function requestProductApi<T>(
  base: string,
  token: string | null,
  path: string,
  options: ProductApiOptions = {},
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  if (!token) throw new ProductApiError(401, PRODUCT_API_MESSAGES.notAuthenticated);
  const hasBody = options.body !== undefined;
  let res: Response;
  try {
    res = await fetchImpl(productApiUrl(base, path, options.query), {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (cause) {
    throw new ProductApiError(0, isOffline() ? PRODUCT_API_MESSAGES.offline : PRODUCT_API_MESSAGES.unreachable, [], { cause });
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  let parsed = true;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    parsed = false;
  }
  if (!res.ok) {
    const body = (parsed ? json : null) as { error?: unknown; issues?: unknown } | null;
    const message = typeof body?.error === 'string' && body.error ? body.error : `HTTP ${res.status}`;
    throw new ProductApiError(res.status, message, parseIssues(body?.issues));
  }
  if (!parsed) throw new ProductApiError(res.status, PRODUCT_API_MESSAGES.notJson);
  return json as T;
}

/** Where the API lives: the app config's apiUrl, else this origin's /api. */
export function productApiBase(apiUrl: string | undefined, origin: string): string {
  return (apiUrl ?? `${origin}/api`).replace(/\/+$/, '');
}

/**
 * Calls the product API as the signed-in staff member. supabase-js is loaded
 * on first call, so this module stays light for the screens that import it.
 */
export async function callProductApi<T>(path: string, options: ProductApiOptions = {}): Promise<T> {
  let base: string;
  let token: string | null;
  try {
    const { getPlatformClient, loadAppConfig } = await import('./clients');
    const [config, client] = await Promise.all([loadAppConfig(), getPlatformClient()]);
    base = productApiBase(config.apiUrl, location.origin);
    const { data } = await client.auth.getSession();
    token = data.session?.access_token ?? null;
  } catch (cause) {
    throw new ProductApiError(0, isOffline() ? PRODUCT_API_MESSAGES.offline : PRODUCT_API_MESSAGES.unreachable, [], { cause });
  }
  return requestProductApi<T>(base, token, path, options);
}

/**
 * Calls the product API as the signed-in user of a tenant (their own access
 * token, or a support session's): the tenant-proxy routes a tenant's users
 * may call (features, support history, the tenant's own user management).
 */
export async function callTenantProductApi<T>(endpoint: TenantEndpoint, path: string, options: ProductApiOptions = {}): Promise<T> {
  let base: string;
  let token: string | null;
  try {
    const { getTenantClient, loadAppConfig } = await import('./clients');
    const config = await loadAppConfig();
    base = productApiBase(config.apiUrl, location.origin);
    const { data } = await getTenantClient(endpoint).auth.getSession();
    token = data.session?.access_token ?? null;
  } catch (cause) {
    throw new ProductApiError(0, isOffline() ? PRODUCT_API_MESSAGES.offline : PRODUCT_API_MESSAGES.unreachable, [], { cause });
  }
  return requestProductApi<T>(base, token, path, options);
}
