/**
 * What the real-app benches (real.ts, lighthouse.ts) share: one fresh build
 * of the current code in the bench's own dist dir, Debian's Chromium with a
 * remote debugging port, sign-in through the real tenant login, and a
 * counter of the bytes that went over the wire for every target of the
 * browser (pages and service workers alike), read from the DevTools protocol
 * as Chromium reports them: never re-compressed here, so the figures follow
 * whatever the server sends.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../supabase/local/demo';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Its own build, so the shared dist/ of a running stack (or another bench's) is never touched. */
export const REAL_DIST = join(ROOT, '.bench', 'real-dist');

let built: Promise<void> | null = null;

/** Builds once per process: `npm run bench -- real lighthouse` measures one build. */
export function buildRealApp(): Promise<void> {
  built ??= (async () => {
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: REAL_DIST, emptyOutDir: true } });
    if (!existsSync(join(REAL_DIST, 'sw.js'))) throw new Error(`no service worker in ${REAL_DIST}`);
  })();
  return built;
}

export const TENANT = 'lincoln-isd';
export const OFFICER = `officer@${TENANT}.test`;
export const SECURITY = `security@${TENANT}.test`;

/** Playwright's Chromium with a debugging port as well, for a second CDP client (ours, or Lighthouse). */
export function launchWithPort(port: number): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
}

/** Signs in through the real tenant login and waits until the app has left it. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/tenant/${TENANT}/login`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 60_000 });
}

/**
 * A door of the officer's rounds, read from the rounds screen's own links:
 * proves the device's store holds the doors (the check form reads them
 * there) and gives a real id.
 */
export async function officerDoorId(page: Page, base: string): Promise<string> {
  // The officer lands there after sign-in: navigating again would cut the chunks still loading.
  if (!page.url().endsWith(`/tenant/${TENANT}/rounds`)) await page.goto(`${base}/tenant/${TENANT}/rounds`);
  const link = page.locator('a[href*="/scan?door="]').first();
  await link.waitFor({ timeout: 60_000 });
  const href = (await link.getAttribute('href')) ?? '';
  const id = new URL(href, base).searchParams.get('door');
  if (!id) throw new Error(`no door id in ${href}`);
  return id;
}

// ------------------------------------------------------------ CDP over WebSocket

interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

type Listener = (params: Record<string, unknown>, sessionId: string) => void;

/**
 * A flat-session CDP client on the browser endpoint. Playwright's CDPSession
 * cannot reach a service worker's target, and the precache is fetched there.
 */
export class CdpClient {
  private next = 1;
  private pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  private listeners = new Map<string, Listener[]>();

  private constructor(private ws: WebSocket) {
    ws.addEventListener('message', (ev: MessageEvent) => {
      const msg = JSON.parse(String(ev.data)) as CdpMessage;
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.fail(new Error(msg.error.message));
        else p?.ok(msg.result);
      } else if (msg.method) {
        for (const l of this.listeners.get(msg.method) ?? []) l(msg.params ?? {}, msg.sessionId ?? '');
      }
    });
  }

  static async connect(port: number): Promise<CdpClient> {
    const res = await fetch(`http://127.0.0.1:${port}/json/version`);
    const { webSocketDebuggerUrl } = (await res.json()) as { webSocketDebuggerUrl: string };
    const ws = new WebSocket(webSocketDebuggerUrl);
    await new Promise<void>((ok, fail) => {
      ws.addEventListener('open', () => ok(), { once: true });
      ws.addEventListener('error', () => fail(new Error(`no CDP at ${webSocketDebuggerUrl}`)), { once: true });
    });
    return new CdpClient(ws);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<unknown> {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((ok, fail) => this.pending.set(id, { ok, fail }));
  }

  on(method: string, listener: Listener): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  close(): void {
    this.ws.close();
  }
}

// ------------------------------------------------------------ wire bytes

export interface WireRequest {
  url: string;
  /** CDP resource type of the request (Script, Document, Fetch, Other...). */
  type: string;
  mimeType: string;
  /** 'page', 'service_worker', ... : the target that made the request. */
  target: string;
  /** Headers and body as received (Network.loadingFinished encodedDataLength). */
  wireBytes: number;
  /** The body as received: wireBytes less what had arrived with the headers. */
  bodyBytes: number;
  encoding: string;
  finished: boolean;
  /** Milliseconds since the counter's last reset. */
  startedAt: number;
  /** Answered by a service worker or a cache: nothing came over the network for it here. */
  local: boolean;
}

/**
 * Every request of every target the browser auto-attaches (pages, their
 * workers, service workers), from requestWillBeSent to loadingFinished.
 */
export class WireCounter {
  private requests = new Map<string, WireRequest>();
  private targets = new Map<string, string>();
  private t0 = Date.now();
  private lastActivity = Date.now();

  private constructor(
    private cdp: CdpClient,
    private cacheDisabled: boolean,
  ) {}

  static async attach(cdp: CdpClient, opts: { cacheDisabled: boolean }): Promise<WireCounter> {
    const counter = new WireCounter(cdp, opts.cacheDisabled);
    counter.listen();
    // Held at start until Network is enabled, so a target's first request (a service worker's script, its precache) is seen.
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    return counter;
  }

  private key(sessionId: string, requestId: unknown): string {
    return `${sessionId}:${String(requestId)}`;
  }

  private listen(): void {
    const { cdp } = this;
    cdp.on('Target.attachedToTarget', (p) => {
      const sessionId = String(p.sessionId);
      const info = p.targetInfo as { type: string };
      this.targets.set(sessionId, info.type);
      void (async () => {
        try {
          await cdp.send('Network.enable', {}, sessionId);
          if (this.cacheDisabled) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }, sessionId);
        } catch {
          // A target gone before it was set up made no requests worth counting.
        }
        await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined);
      })();
    });
    // A closed page's requests end with it.
    cdp.on('Target.detachedFromTarget', (p) => {
      for (const [k, r] of this.requests) if (k.startsWith(`${String(p.sessionId)}:`)) r.finished = true;
    });
    cdp.on('Network.requestWillBeSent', (p, s) => {
      this.lastActivity = Date.now();
      const req = p.request as { url: string };
      const k = this.key(s, p.requestId);
      // A redirect reuses the id: the hops before are counted in the final response's bytes by Chromium.
      this.requests.set(k, {
        url: req.url,
        type: String(p.type ?? 'Other'),
        mimeType: '',
        target: this.targets.get(s) ?? 'unknown',
        wireBytes: 0,
        bodyBytes: 0,
        encoding: '',
        finished: false,
        startedAt: Date.now() - this.t0,
        local: false,
      });
    });
    cdp.on('Network.responseReceived', (p, s) => {
      this.lastActivity = Date.now();
      const r = this.requests.get(this.key(s, p.requestId));
      if (!r) return;
      const res = p.response as {
        mimeType: string;
        encodedDataLength: number;
        headers: Record<string, string>;
        fromServiceWorker?: boolean;
        fromDiskCache?: boolean;
        fromPrefetchCache?: boolean;
      };
      r.type = String(p.type ?? r.type);
      r.mimeType = res.mimeType;
      r.bodyBytes = -res.encodedDataLength;
      const enc = Object.entries(res.headers).find(([h]) => h.toLowerCase() === 'content-encoding');
      r.encoding = enc?.[1] ?? 'identity';
      r.local = Boolean(res.fromServiceWorker || res.fromDiskCache || res.fromPrefetchCache);
    });
    cdp.on('Network.loadingFinished', (p, s) => {
      this.lastActivity = Date.now();
      const r = this.requests.get(this.key(s, p.requestId));
      if (!r) return;
      r.finished = true;
      r.wireBytes = Number(p.encodedDataLength);
      r.bodyBytes = Math.max(0, r.wireBytes + r.bodyBytes);
    });
    cdp.on('Network.loadingFailed', (p, s) => {
      this.lastActivity = Date.now();
      const r = this.requests.get(this.key(s, p.requestId));
      if (r) r.finished = true;
    });
  }

  /** Forgets what was counted so far: the next figure starts here. */
  reset(): void {
    this.requests.clear();
    this.t0 = Date.now();
  }

  /** Marks "now" for callers that split requests into phases (startedAt is relative to the last reset). */
  elapsed(): number {
    return Date.now() - this.t0;
  }

  /** Requests that went over the network (a service worker's or cache's answers left out), data: URLs too. */
  sent(): WireRequest[] {
    return [...this.requests.values()].filter((r) => !r.local && /^https?:/.test(r.url));
  }

  /** No request of any target in flight, and none started or ended for quietMs. */
  async idle(quietMs = 1000, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const busy = [...this.requests.values()].some((r) => !r.finished);
      if (!busy && Date.now() - this.lastActivity >= quietMs) return;
      if (Date.now() > deadline) {
        const open = [...this.requests.values()].filter((r) => !r.finished).map((r) => `${r.target} ${r.type} ${r.url}`);
        throw new Error(`the network never went idle; in flight: ${open.join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function isScript(r: WireRequest): boolean {
  return r.type === 'Script' || /javascript/.test(r.mimeType) || /\.m?js(\?|$)/.test(new URL(r.url).pathname);
}

export function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/** One line per request, for engineers to see what is on the path. */
export function printRequests(title: string, list: WireRequest[], base: string): void {
  console.log(`  ${title}:`);
  for (const r of [...list].sort((a, b) => b.bodyBytes - a.bodyBytes))
    console.log(
      `    ${kb(r.bodyBytes).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(8)} ${r.target.padEnd(14)} ${r.type.padEnd(10)} ${r.url.replace(base, '')}`,
    );
}
