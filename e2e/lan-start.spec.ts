/**
 * `npm start -- --lan` as far as this machine allows (issue 20): the real
 * command (cli.ts, fresh data dir, the suite's build) serves HTTPS on a
 * non-loopback address of this machine; the QR code it prints reads back as
 * the address it prints; Chromium, trusting that server's certificate as a
 * phone that installed the CA would (by its public key, since a test cannot
 * touch the machine's trust store), gets a secure context: the service worker
 * registers, the camera permission can be asked for, and with the camera
 * allowed the officer scans a door's code, records the check and it syncs to
 * the project at the LAN address. The CA downloads over plain HTTP on the
 * next port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { Stack } from '../supabase/local/stack';
import { filmingCamera } from './fake-camera';
import { fillCredentials, LINCOLN, signInSettled } from './support';
import { decodeTerminalQr } from '../tests/support/terminal-qr-read';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, '.data', `e2e-dist-${process.env.E2E_PORT ?? 4179}`);
const SCANNED = { door_number: 'EA5', campus: 'Lincoln Middle School' };

test.describe.configure({ timeout: 240_000 });

const outwardAddresses = (): string[] =>
  Object.values(networkInterfaces())
    .flatMap((l) => l ?? [])
    .filter((i) => !i.internal)
    .map((i) => i.address);

/** A port whose next port is free too (the CA download listens there). */
async function freePortPair(): Promise<number> {
  const tryListen = (port: number): Promise<number | null> =>
    new Promise((done) => {
      const s = createServer();
      s.once('error', () => done(null));
      s.listen(port, '0.0.0.0', () => {
        const got = (s.address() as { port: number }).port;
        s.close(() => done(got));
      });
    });
  for (;;) {
    const port = await tryListen(0);
    if (port && port < 65535 && (await tryListen(port + 1))) return port;
  }
}

/** Resolves with everything printed once `ready` holds for it; rejects if the process ends first. */
function outputUntil(child: ChildProcess, ready: (out: string) => boolean): Promise<string> {
  let out = '';
  return new Promise((done, fail) => {
    const check = () => {
      if (ready(out)) done(out);
    };
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      check();
    });
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => fail(new Error(`npm start -- --lan ended (${code}) before it was ready:\n${out}`)));
  });
}

/** This process's environment without anything that would override what --lan decides. */
function lanEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...own };
  for (const name of ['HOST', 'PUBLIC_URL', 'LAN_ADDRESS', 'DATABASE_URL']) delete env[name];
  return env;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await ended;
}

const qrReads = (out: string): boolean => {
  const after = out.split('scan this code')[1];
  if (!after) return false;
  try {
    decodeTerminalQr(after);
    return true;
  } catch {
    return false;
  }
};

test('npm start -- --lan serves HTTPS on the network address: its QR code opens it, the service worker registers and a scanned check syncs', async () => {
  test.skip(!existsSync(join(DIST, 'index.html')), 'needs the build this suite’s own web server makes (not with E2E_BASE_URL)');
  test.skip(
    !outwardAddresses().some((a) => !a.includes(':')),
    'this machine has no network address but loopback, so --lan has nothing to serve on',
  );
  const port = await freePortPair();
  const dataDir = await mkdtemp(join(tmpdir(), 'lockstep-lan-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', 'start', '--lan', '--no-build'], {
    cwd: ROOT,
    env: lanEnv({ PORT: String(port), DATA_DIR: dataDir, DIST_DIR: DIST }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const startedAt = new Date(Date.now() - 1000).toISOString();
  try {
    const out = await outputUntil(child, qrReads);

    // The printed address: HTTPS, this port, an address of this machine that is not loopback.
    const printed = /Lockstep is running at (\S+)/.exec(out)?.[1] ?? '';
    const url = new URL(printed);
    expect(url.protocol).toBe('https:');
    expect(url.port).toBe(String(port));
    expect(outwardAddresses()).toContain(url.hostname);
    expect(decodeTerminalQr(out.split('scan this code')[1]!)).toBe(printed);

    // The CA, over plain HTTP on the next port, is the one that signed the served certificate.
    const caUrl = /open (http:\/\/\S+\/lockstep-ca\.crt)/.exec(out)?.[1] ?? '';
    expect(caUrl).toBe(`http://${url.hostname}:${port + 1}/lockstep-ca.crt`);
    const caResponse = await fetch(caUrl);
    expect(caResponse.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    const ca = new X509Certificate(Buffer.from(await caResponse.arrayBuffer()));
    const served = new X509Certificate(await readFile(join(dataDir, 'lan-tls', 'server.pem')));
    expect(served.checkIssued(ca) && served.verify(ca.publicKey)).toBe(true);

    // Chromium trusts that certificate (as a phone that installed the CA does) and films a door's code.
    const spki = createHash('sha256')
      .update(served.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('base64');
    const camera = filmingCamera(JSON.stringify(SCANNED));
    const browser = await chromium.launch({ ...camera, args: [...camera.args, `--ignore-certificate-errors-spki-list=${spki}`] });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${printed}/tenant/${LINCOLN.slug}/login`);
      await expect(page.getByRole('heading', { level: 1, name: LINCOLN.display })).toBeVisible({ timeout: 30_000 });
      const secure = await page.evaluate(async () => ({
        secure: window.isSecureContext,
        camera: typeof navigator.mediaDevices?.getUserMedia,
        permission: (await navigator.permissions.query({ name: 'camera' as PermissionName })).state,
        scope: (await navigator.serviceWorker.ready).scope,
      }));
      expect(secure).toEqual({ secure: true, camera: 'function', permission: 'prompt', scope: `${printed}/` });

      await fillCredentials(page, 'officer@lincoln-isd.test');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await signInSettled(page);
      await expect(page).toHaveURL(`${printed}/tenant/${LINCOLN.slug}/rounds`);
      await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });

      await context.grantPermissions(['camera'], { origin: printed });
      await page.getByRole('link', { name: 'Scan a Door' }).click();
      await expect(page.getByRole('heading', { level: 2, name: `Door ${SCANNED.door_number}` })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Save check' }).click();
      await expect(page.getByRole('heading', { name: 'Saved on this device' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Synced' })).toBeVisible({ timeout: 60_000 });
      // What reached the project is read back below, from its data dir, once the stack has stopped.
    } finally {
      await browser.close();
    }
    await stop(child);

    // The server holds the check once, as the officer's (read the way the stack reads it).
    const stack = await Stack.open({ kind: 'pglite', dataDir }, printed);
    try {
      const tenant = await stack.tenant(LINCOLN.slug);
      const rows = await tenant!.engine.query<{ door_number: string; email: string }>(
        `select d.door_number, u.email from door_log l join doors d on d.id = l.door_id join public.users u on u.id = l.user_id
          where l.received_at >= $1`,
        [startedAt],
      );
      expect(rows.rows).toEqual([{ door_number: SCANNED.door_number, email: 'officer@lincoln-isd.test' }]);
    } finally {
      await stack.close();
    }
  } finally {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  }
});
