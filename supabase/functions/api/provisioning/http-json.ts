/** One JSON request of a driver, with failures turned into DriverErrors that say what was being done. */
import { DriverError } from './types';

export async function requestJson(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit & { what: string },
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetchFn(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (e) {
    throw new DriverError(`${init.what}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok && res.status !== 404) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : `HTTP ${res.status}`;
    throw new DriverError(`${init.what}: ${message}`, res.status);
  }
  return { status: res.status, body };
}
