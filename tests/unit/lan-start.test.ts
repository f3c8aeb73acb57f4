/**
 * `npm start -- --lan`: which network address it picks, the certificate it
 * keeps and reissues, and the QR code it prints (read back as a camera would).
 */
import { X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { NetworkInterfaceInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lanAddress, urlHost } from '../../supabase/local/lan/address';
import { certificateCovers, lanCertificate } from '../../supabase/local/lan/certificate';
import { terminalQr } from '../../supabase/local/lan/terminal-qr';
import { resetData } from '../../supabase/local/reset';
import { decodeTerminalQr } from '../support/terminal-qr-read';

const nic = (address: string, internal = false, family: 'IPv4' | 'IPv6' = 'IPv4'): NetworkInterfaceInfo =>
  ({ address, internal, family, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }) as NetworkInterfaceInfo;

describe('lanAddress', () => {
  it('prefers a private IPv4 address over loopback, link-local, IPv6 and public ones', () => {
    const interfaces = {
      lo: [nic('127.0.0.1', true)],
      docker0: [nic('169.254.3.4')],
      eth0: [nic('203.0.113.9'), nic('fd00::2', false, 'IPv6')],
      wlan0: [nic('192.168.1.23')],
    };
    expect(lanAddress(interfaces)).toBe('192.168.1.23');
    expect(lanAddress({ eth0: [nic('10.0.0.5')], wlan0: [nic('172.20.1.2')] })).toBe('10.0.0.5');
    expect(lanAddress({ eth0: [nic('172.32.0.1')], wlan0: [nic('172.31.255.1')] })).toBe('172.31.255.1');
  });

  it('takes any outward IPv4 address when none is private, and LAN_ADDRESS over all', () => {
    expect(lanAddress({ lo: [nic('127.0.0.1', true)], eth0: [nic('192.0.2.2')] })).toBe('192.0.2.2');
    expect(lanAddress({ eth0: [nic('192.168.1.2')] }, ' 10.1.2.3 ')).toBe('10.1.2.3');
  });

  it('says what to do when the machine has no network address', () => {
    expect(() => lanAddress({ lo: [nic('127.0.0.1', true)] })).toThrow(/No network address found for --lan.*LAN_ADDRESS/);
  });

  it('brackets IPv6 addresses for URLs', () => {
    expect(urlHost('fd00::2')).toBe('[fd00::2]');
    expect(urlHost('192.168.1.2')).toBe('192.168.1.2');
  });
});

describe('lanCertificate', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lockstep-lan-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('issues a server certificate for the hosts, signed by a CA it keeps, with private keys only the owner reads', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const tls = await lanCertificate(dir, ['192.168.1.23', 'localhost', '127.0.0.1'], { now, useMkcert: false });
    expect(tls.source).toBe('lockstep');
    const server = new X509Certificate(tls.cert);
    const ca = new X509Certificate(tls.caCert);
    expect(server.checkIssued(ca)).toBe(true);
    expect(server.verify(ca.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe('IP Address:192.168.1.23, DNS:localhost, IP Address:127.0.0.1');
    expect(ca.ca).toBe(true);
    expect(server.ca).toBe(false);
    expect(ca.subject).toMatch(/CN=Lockstep local CA/);
    // Phones refuse server certificates valid for longer than 398 days.
    expect((new Date(server.validTo).getTime() - now.getTime()) / 86_400_000).toBeLessThanOrEqual(398);
    expect(server.checkPrivateKey((await import('node:crypto')).createPrivateKey(tls.key))).toBe(true);
    // The served chain is the server certificate then its CA.
    expect(tls.cert.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    for (const key of ['ca-key.pem', 'server-key.pem']) expect((await stat(join(dir, key))).mode & 0o077).toBe(0);
  });

  it('reuses what it kept; a new address gets a new server certificate from the same CA', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const first = await lanCertificate(dir, ['192.168.1.23', 'localhost'], { now, useMkcert: false });
    const again = await lanCertificate(dir, ['192.168.1.23', 'localhost'], { now, useMkcert: false });
    expect(again.cert).toBe(first.cert);
    expect(again.key).toBe(first.key);

    const moved = await lanCertificate(dir, ['10.0.0.7', 'localhost'], { now, useMkcert: false });
    expect(moved.caCert).toBe(first.caCert);
    expect(moved.cert).not.toBe(first.cert);
    expect(new X509Certificate(moved.cert).subjectAltName).toBe('IP Address:10.0.0.7, DNS:localhost');
  });

  it('reissues the server certificate within 30 days of its end, and one its CA did not sign', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const first = await lanCertificate(dir, ['192.168.1.23'], { now, useMkcert: false });
    const later = new Date(new X509Certificate(first.cert).validTo).getTime() - 29 * 86_400_000;
    expect(certificateCovers(first.cert, first.caCert, ['192.168.1.23'], new Date(later))).toBe(false);
    const renewed = await lanCertificate(dir, ['192.168.1.23'], { now: new Date(later), useMkcert: false });
    expect(renewed.cert).not.toBe(first.cert);
    expect(renewed.caCert).toBe(first.caCert);

    // A server certificate from another CA (a copied data dir) is not served.
    const other = await mkdtemp(join(tmpdir(), 'lockstep-lan-other-'));
    try {
      const foreign = await lanCertificate(other, ['192.168.1.23'], { now, useMkcert: false });
      await writeFile(join(dir, 'server.pem'), foreign.cert.split('-----END CERTIFICATE-----')[0] + '-----END CERTIFICATE-----\n');
      await writeFile(join(dir, 'server-key.pem'), foreign.key);
      const fixed = await lanCertificate(dir, ['192.168.1.23'], { now, useMkcert: false });
      expect(new X509Certificate(fixed.cert).checkIssued(new X509Certificate(first.caCert))).toBe(true);
      expect(await readFile(join(dir, 'server-key.pem'), 'utf8')).not.toBe(foreign.key);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe('terminalQr', () => {
  it('prints a code that reads back as the address, black on white whatever the terminal theme', async () => {
    const printed = await terminalQr('https://192.168.1.23:4173');
    expect(printed).toContain('\x1b[47m\x1b[30m');
    expect(decodeTerminalQr(printed)).toBe('https://192.168.1.23:4173');
  });
});

describe('--reset', () => {
  it('empties the data dir but keeps the --lan certificates a phone already trusts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lockstep-reset-'));
    try {
      await mkdir(join(dir, 'tenants', 'lincoln-isd'), { recursive: true });
      await mkdir(join(dir, 'platform'));
      await writeFile(join(dir, 'platform', 'PG_VERSION'), '17');
      const tls = await lanCertificate(join(dir, 'lan-tls'), ['192.168.1.23'], { useMkcert: false });
      await resetData({ kind: 'pglite', dataDir: dir }, '/');
      expect(await readdir(dir)).toEqual(['lan-tls']);
      expect((await lanCertificate(join(dir, 'lan-tls'), ['192.168.1.23'], { useMkcert: false })).caCert).toBe(tls.caCert);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
