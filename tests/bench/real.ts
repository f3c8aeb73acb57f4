/**
 * Real section (issue 16): what a user's browser is sent, measured in
 * Debian's Chromium against a fresh build served by the real local stack
 * (in memory, demo data). Bytes are read from the DevTools protocol on
 * every target (pages and the service worker) as they came over the wire,
 * so whatever compression the server applies shows here and nothing is
 * compressed by the bench. JS figures count response bodies on the wire
 * (loadingFinished less the header bytes); first-visit counts headers too.
 *
 *   real.check-form-js-kb    the officer, already signed in (in another page
 *     of the same context), loads /tenant/lincoln-isd/scan?door=<id> directly
 *     with the HTTP cache disabled and service workers blocked, so every
 *     script comes over the network. Counted: every script the browser
 *     requested before the form's Save check button was there and enabled
 *     (the page reports the moment; it and each request are timed as they reach
 *     the bench), and every script requested while a check is saved (Save
 *     check until "Saved on this device" and idle): a chunk the form needs to
 *     finish its job counts. Not counted: what the app starts once the form
 *     has painted (the sync engine with supabase-js, the worker's
 *     registration, the support banner; src/lib/content-ready.ts), which the
 *     form does not wait for and a check is saved without (the offline
 *     journeys save with the network cut). That background share is printed
 *     per file and reported as real.check-form-background-js-kb. Bar < 150 KB
 *     (DESIGN §9).
 *   real.landing-js-sent-kb  the landing page / in a fresh context, service
 *     workers blocked, every script until network idle. Bar < 150 KB.
 *   real.first-visit-kb      a first visit to / with the service worker
 *     allowed: every byte of every request (headers and bodies, any type)
 *     from the page and from the service worker (its precache install), until
 *     the worker is activated and the network is idle. Bar < 600 KB.
 */
import { get as httpGet } from 'node:http';
import type { Browser, BrowserContext } from '@playwright/test';
import { BACKGROUND_START_MARK } from '../../src/lib/content-ready';
import { serveDemoStack, type DemoStack } from './demo-stack';
import {
  buildRealApp,
  CdpClient,
  isScript,
  kb,
  launchWithPort,
  officerDoorId,
  OFFICER,
  printRequests,
  REAL_DIST,
  signIn,
  TENANT,
  WireCounter,
  type WireRequest,
} from './real-browser';
import type { BenchResult } from './result';

const DEBUG_PORT = 9321;
const JS_BAR_KB = 150;
const FIRST_VISIT_BAR_KB = 600;

const bodyKb = (list: WireRequest[]): number => kb(list.reduce((s, r) => s + r.bodyBytes, 0));

async function checkFormJs(browser: Browser, counter: WireCounter, base: string): Promise<{ kb: number; backgroundKb: number }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // tsx keeps function names with a __name helper that the init script's copy in the page would lack: without
  // it the script threw, the form's ready moment was never reported, and every script counted as the form's.
  await context.addInitScript('globalThis.__name = (f) => f;');
  try {
    const signInPage = await context.newPage();
    await signIn(signInPage, base, OFFICER);
    const doorId = await officerDoorId(signInPage, base);
    await counter.idle();
    await signInPage.close();

    for (let attempt = 1; ; attempt++) {
      const measured = await checkFormAttempt(context, counter, base, doorId);
      if (measured !== 'fallback') return measured;
      // The 4 s fallback started the background work before the form was ready (a busy machine): what loaded
      // then would count as the form's. Measured again rather than reported as the form's weight.
      console.log(`check form: attempt ${attempt} took over 4 s to a working form, so the background work started first`);
      if (attempt === 3) throw new Error('the check form was not ready within the 4 s fallback in 3 attempts');
    }
  } finally {
    await context.close();
  }
}

async function checkFormAttempt(
  context: BrowserContext,
  counter: WireCounter,
  base: string,
  doorId: string,
): Promise<{ kb: number; backgroundKb: number } | 'fallback'> {
  counter.reset();
  const page = await context.newPage();
  // The moment the form works, reported by the page itself as it happens (the bench's polling would come
  // later) and timed on the same clock as the requests: when each reached this process.
  let readyAt: number | null = null;
  await page.exposeFunction('__lockstepFormReady', () => (readyAt ??= counter.elapsed()));
  await page.addInitScript(() => {
    const enabled = () =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent?.trim() === 'Save check' && !b.disabled && b.getAttribute('aria-disabled') !== 'true',
      );
    const watch = new MutationObserver(() => {
      if (!enabled()) return;
      watch.disconnect();
      void (window as unknown as { __lockstepFormReady: () => Promise<void> }).__lockstepFormReady();
    });
    watch.observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`${base}/tenant/${TENANT}/scan?door=${encodeURIComponent(doorId)}`);
  const save = page.getByRole('button', { name: 'Save check' });
  await save.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Save check');
    return b !== undefined && !b.disabled && b.getAttribute('aria-disabled') !== 'true';
  });
  if (readyAt === null) throw new Error('the page never reported the form ready (its init script failed?)');
  const formReadyAt: number = readyAt;
  const startedBy = await page.evaluate(
    (mark) => (performance.getEntriesByName(mark)[0] as PerformanceMark | undefined)?.detail?.reason as string | undefined,
    BACKGROUND_START_MARK,
  );
  if (startedBy === 'fallback') {
    await page.close();
    return 'fallback';
  }
  await counter.idle();
  const idleAt = counter.elapsed();
  await save.click();
  await page.getByRole('heading', { name: 'Saved on this device' }).waitFor({ timeout: 30_000 });
  await counter.idle();

  const scripts = counter.sent().filter(isScript);
  const phase = (r: WireRequest) =>
    r.startedAt <= formReadyAt ? 'to form ready' : r.startedAt <= idleAt ? 'background, after the form painted' : 'saving a check';
  for (const name of ['to form ready', 'background, after the form painted', 'saving a check']) {
    const list = scripts.filter((r) => phase(r) === name);
    printRequests(`check form, scripts ${name} (${list.length} files, ${bodyKb(list)} KB)`, list, base);
  }
  await page.close();
  const background = scripts.filter((r) => phase(r) === 'background, after the form painted');
  return { kb: bodyKb(scripts.filter((r) => !background.includes(r))), backgroundKb: bodyKb(background) };
}

async function landingJs(browser: Browser, counter: WireCounter, base: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    counter.reset();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await counter.idle();
    const scripts = counter.sent().filter(isScript);
    printRequests(`landing, scripts (${scripts.length} files, ${bodyKb(scripts)} KB)`, scripts, base);
    return bodyKb(scripts);
  } finally {
    await context.close();
  }
}

/** A GET as Chromium sends it, counted as it comes over the wire (node:http, unlike fetch, leaves the body compressed). */
function rawGet(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      let bytes = res.rawHeaders.reduce((n, h) => n + h.length + 2, 0);
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function firstVisit(browser: Browser, counter: WireCounter, base: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    counter.reset();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The app registers its worker only once the screen has painted (src/lib/content-ready.ts).
    await page.waitForFunction(
      async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return reg?.active?.state === 'activated';
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    await counter.idle(2000);
    const all = counter.sent();
    let wire = all.reduce((s, r) => s + r.wireBytes, 0);
    // Chromium fetches the worker's own script before the worker's target exists, so no target reports it, and the
    // worker's later update check may show up as a 0-byte record: it is sent whole at least once, so it is counted
    // as the server sends it to this browser (its Accept-Encoding), headers included, less what was seen of it.
    const swSeen = all.filter((r) => new URL(r.url).pathname === '/sw.js').reduce((s, r) => s + r.wireBytes, 0);
    const sw = await rawGet(`${base}/sw.js`);
    if (swSeen < sw.bytes) {
      console.log(`first visit, the worker's script /sw.js: ${kb(sw.bytes)} KB (${sw.encoding}), ${kb(swSeen)} KB of it reported`);
      wire += sw.bytes - swSeen;
    }
    for (const target of [...new Set(all.map((r) => r.target))]) {
      const list = all.filter((r) => r.target === target);
      printRequests(
        `first visit, ${target} (${list.length} requests, ${kb(list.reduce((s, r) => s + r.wireBytes, 0))} KB with headers)`,
        list,
        base,
      );
    }
    return kb(wire);
  } finally {
    await context.close();
  }
}

export async function runRealBench(): Promise<BenchResult[]> {
  await buildRealApp();
  let stack: DemoStack | null = null;
  let browser: Browser | null = null;
  let cdp: CdpClient | null = null;
  try {
    stack = await serveDemoStack(REAL_DIST);
    browser = await launchWithPort(DEBUG_PORT);
    cdp = await CdpClient.connect(DEBUG_PORT);
    const counter = await WireCounter.attach(cdp, { cacheDisabled: true });
    const checkForm = await checkFormJs(browser, counter, stack.base);
    const landing = await landingJs(browser, counter, stack.base);
    // A first visit has an empty cache anyway; within it, the browser's own caching is what a user gets.
    cdp.close();
    cdp = await CdpClient.connect(DEBUG_PORT);
    const firstCounter = await WireCounter.attach(cdp, { cacheDisabled: false });
    const first = await firstVisit(browser, firstCounter, stack.base);
    return [
      { id: 'real.check-form-js-kb', figure: checkForm.kb, unit: 'KB', bar: `< ${JS_BAR_KB}`, ok: checkForm.kb < JS_BAR_KB },
      { id: 'real.check-form-background-js-kb', figure: checkForm.backgroundKb, unit: 'KB', bar: 'reported', ok: true },
      { id: 'real.landing-js-sent-kb', figure: landing, unit: 'KB', bar: `< ${JS_BAR_KB}`, ok: landing < JS_BAR_KB },
      { id: 'real.first-visit-kb', figure: first, unit: 'KB', bar: `< ${FIRST_VISIT_BAR_KB}`, ok: first < FIRST_VISIT_BAR_KB },
    ];
  } finally {
    cdp?.close();
    await browser?.close();
    await stack?.close();
  }
}
