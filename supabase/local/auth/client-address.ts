/**
 * The client address that per-address sign-in limits count against.
 *
 * By default it is the TCP peer of the node server's socket: a header such as
 * X-Forwarded-For is written by whoever sends the request, so trusting it
 * without a proxy in front would let an attacker pick a new address for every
 * guess. Behind a proxy, AUTH_RATE_LIMIT_HEADER names the header the proxy
 * sets (GoTrue's GOTRUE_RATE_LIMIT_HEADER).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Requests handed to app.fetch inside the process (tests, server-side
 * callers) have no socket. They share one key, so they are limited together
 * rather than not at all.
 */
export const NO_ADDRESS = 'in-process';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No node bindings on c.env: an in-process request.
    return undefined;
  }
}

/** The first 64 bits of an IPv6 address, or its IPv4 when it is IPv4-mapped. */
function ipv6Key(address: string): string {
  const a = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped?.[1]) return mapped[1];
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const [head = '', tail] = a.split('::');
  const h = groupsOf(head);
  const t = tail === undefined ? [] : groupsOf(tail);
  const groups = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * One key per IPv4 address and per IPv6 /64: a single IPv6 customer usually
 * holds a whole /64, so counting single IPv6 addresses would let one
 * attacker rotate through billions of them.
 */
export function addressKey(raw: string): string {
  const address =
    raw
      .trim()
      .replace(/^\[|\]$/g, '')
      .split('%')[0] ?? '';
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return ipv6Key(address);
  // A proxy header carrying something else (e.g. "unknown"): still one key.
  return `other:${address.slice(0, 100)}`;
}

export function clientAddress(c: Context, trustedHeader: string | null): string {
  if (trustedHeader) {
    // The last entry is the one the nearest proxy added; earlier entries
    // came from the client and may be forged.
    const value = c.req.header(trustedHeader);
    const last = value
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return addressKey(last);
  }
  const remote = socketAddress(c);
  return remote ? addressKey(remote) : NO_ADDRESS;
}
