/**
 * The address a phone on the same network reaches this machine at: the first
 * IPv4 address of an interface that is up and not loopback, preferring the
 * private ranges home and office networks use. LAN_ADDRESS overrides it (a
 * machine on several networks, or an IPv6-only one).
 */
import type { NetworkInterfaceInfo } from 'node:os';

const PRIVATE = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./];

export function lanAddress(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, override?: string): string {
  if (override?.trim()) return override.trim();
  const candidates = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.'))
    .map((i) => i.address);
  const chosen = candidates.find((a) => PRIVATE.some((r) => r.test(a))) ?? candidates[0];
  if (!chosen) {
    throw new Error('No network address found for --lan: connect this machine to the network your phone is on, or set LAN_ADDRESS');
  }
  return chosen;
}

/** How a host goes into a URL: an IPv6 address needs brackets. */
export function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}
