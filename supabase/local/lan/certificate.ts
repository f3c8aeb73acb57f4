/**
 * The HTTPS certificate `npm start -- --lan` serves with. A phone only treats
 * the LAN address as a secure context (service worker, camera) when it trusts
 * the certificate, so trust is given once, to a certificate authority, and the
 * server certificate it signs is reissued whenever the address changes:
 *
 * - mkcert on the PATH: its CA (which `mkcert -install` may already have put
 *   in this machine's trust stores) signs the server certificate;
 * - otherwise a "Lockstep local CA" of this machine, made once and kept in the
 *   directory given (under the data dir), signs it.
 *
 * Everything is kept and reused: the CA for ten years, the server certificate
 * while it covers the hosts asked for, is signed by that CA and has more than
 * 30 days left. 397 days at most, the longest any phone browser accepts.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

export interface LanCertificate {
  /** PEM of the server's private key. */
  key: string;
  /** PEM of the server certificate followed by its CA's. */
  cert: string;
  /** PEM of the CA a phone must trust. */
  caCert: string;
  /** Which CA signed it. */
  source: 'mkcert' | 'lockstep';
}

const DAY = 86_400_000;
const RENEW_BEFORE_DAYS = 30;
const SERVER_DAYS = 397;
const CA_DAYS = 3650;

type Pair = { key: string; cert: string };

const daysLeft = (pem: string, now: Date): number => (new Date(new X509Certificate(pem).validTo).getTime() - now.getTime()) / DAY;

const isIp = (host: string): boolean => /^[\d.]+$/.test(host) || host.includes(':');

/** Whether `pem` is a certificate that names every host, is signed by `ca` and is not near its end. */
export function certificateCovers(pem: string, ca: string, hosts: string[], now: Date): boolean {
  try {
    const cert = new X509Certificate(pem);
    const issuer = new X509Certificate(ca);
    if (!cert.checkIssued(issuer) || !cert.verify(issuer.publicKey)) return false;
    if (daysLeft(pem, now) <= RENEW_BEFORE_DAYS) return false;
    const names = (cert.subjectAltName ?? '').split(', ');
    return hosts.every((h) => names.includes(isIp(h) ? `IP Address:${h.toUpperCase()}` : `DNS:${h}`));
  } catch {
    return false;
  }
}

function newKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // Node generates the key natively (forge's own generator takes seconds).
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), pem: privateKey };
}

function baseCertificate(publicKey: forge.pki.PublicKey, now: Date, days: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: the top bit clear.
  cert.serialNumber = (randomBytes(16)[0]! & 0x7f).toString(16).padStart(2, '0') + randomBytes(15).toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + days * DAY);
  return cert;
}

function issueCa(now: Date): Pair {
  const keys = newKeyPair();
  const cert = baseCertificate(keys.publicKey, now, CA_DAYS);
  const name = [
    { name: 'commonName', value: `Lockstep local CA (${hostname()})` },
    { name: 'organizationName', value: 'Lockstep development' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: keys.pem, cert: forge.pki.certificateToPem(cert) };
}

function issueServer(ca: Pair, hosts: string[], now: Date): Pair {
  const keys = newKeyPair();
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const cert = baseCertificate(keys.publicKey, now, SERVER_DAYS);
  cert.setSubject([{ name: 'commonName', value: hosts[0] ?? 'localhost' }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: hosts.map((h) => (isIp(h) ? { type: 7, ip: h } : { type: 2, value: h })) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(ca.key), forge.md.sha256.create());
  return { key: keys.pem, cert: forge.pki.certificateToPem(cert) };
}

async function readIfThere(path: string): Promise<string | null> {
  return existsSync(path) ? readFile(path, 'utf8') : null;
}

/** The pair kept as `{name}-key.pem` and `{name}.pem` when `usable`, else a new one, written there. */
async function keepOrIssue(dir: string, name: string, usable: (p: Pair) => boolean, issue: () => Pair): Promise<Pair> {
  const [key, cert] = await Promise.all([readIfThere(join(dir, `${name}-key.pem`)), readIfThere(join(dir, `${name}.pem`))]);
  if (key && cert && usable({ key, cert })) return { key, cert };
  const fresh = issue();
  await writeFile(join(dir, `${name}-key.pem`), fresh.key, { mode: 0o600 });
  await chmod(join(dir, `${name}-key.pem`), 0o600);
  await writeFile(join(dir, `${name}.pem`), fresh.cert);
  return fresh;
}

function mkcertCaRoot(): string | null {
  const r = spawnSync('mkcert', ['-CAROOT'], { encoding: 'utf8' });
  const root = r.status === 0 ? r.stdout.trim() : '';
  return root && existsSync(join(root, 'rootCA.pem')) ? root : null;
}

async function fromMkcert(dir: string, caRoot: string, hosts: string[], now: Date): Promise<LanCertificate> {
  const caCert = await readFile(join(caRoot, 'rootCA.pem'), 'utf8');
  const certPath = join(dir, 'mkcert.pem');
  const keyPath = join(dir, 'mkcert-key.pem');
  const kept = await readIfThere(certPath);
  if (!kept || !existsSync(keyPath) || !certificateCovers(kept, caCert, hosts, now)) {
    const r = spawnSync('mkcert', ['-cert-file', certPath, '-key-file', keyPath, ...hosts], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`mkcert could not issue a certificate: ${r.stderr.trim() || `exit ${r.status}`}`);
  }
  return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8'), caCert, source: 'mkcert' };
}

/**
 * The certificate for `hosts` (the LAN address first), from mkcert when it is
 * installed (unless `useMkcert` is false) or from this machine's own CA.
 */
export async function lanCertificate(
  dir: string,
  hosts: string[],
  options: { now?: Date; useMkcert?: boolean } = {},
): Promise<LanCertificate> {
  const now = options.now ?? new Date();
  await mkdir(dir, { recursive: true });
  const caRoot = options.useMkcert === false ? null : mkcertCaRoot();
  if (caRoot) return fromMkcert(dir, caRoot, hosts, now);

  const ca = await keepOrIssue(
    dir,
    'ca',
    (p) => daysLeft(p.cert, now) > RENEW_BEFORE_DAYS,
    () => issueCa(now),
  );
  const server = await keepOrIssue(
    dir,
    'server',
    (p) => certificateCovers(p.cert, ca.cert, hosts, now),
    () => issueServer(ca, hosts, now),
  );
  return { key: server.key, cert: `${server.cert.trim()}\n${ca.cert.trim()}\n`, caCert: ca.cert, source: 'lockstep' };
}
