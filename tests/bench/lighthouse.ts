/**
 * Lighthouse section (issue 16, DESIGN §9): Lighthouse's own Node API with
 * its default config (the mobile preset: phone form factor, simulated
 * throttling with a 4x CPU slowdown) against Debian's Chromium, on a fresh
 * build served by the real local stack with demo data.
 *
 *   lighthouse.<page>.performance    median of RUNS runs (bar >= 95)
 *   lighthouse.<page>.accessibility  the lowest of the runs (bar 100)
 *
 * Pages: landing (/), tenant-login, rounds and check-form (officer@ signed
 * in), security-dashboard (security@ signed in). Each group runs in its own
 * Chromium profile launched by Playwright with a debugging port Lighthouse
 * connects to. Signed-in pages run with disableStorageReset, or Lighthouse
 * would clear the session it is meant to measure: they load as a returning
 * user's would, with the service worker installed at sign-in. Public pages
 * run with Lighthouse's storage reset, as a first visit.
 * Printed per page: LCP, TBT, CLS, the performance audits that fail with
 * what they point at (unused JS, layout shifts, long tasks...) and the ids
 * of failing accessibility audits with their first element.
 * Set LIGHTHOUSE_RUNS=1 for a quicker look, LIGHTHOUSE_PAGES=rounds,check-form for only those pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { serveDemoStack, type DemoStack } from './demo-stack';
import { buildRealApp, officerDoorId, OFFICER, REAL_DIST, SECURITY, signIn, TENANT } from './real-browser';
import { median, type BenchResult } from './result';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['landing', 'tenant-login', 'rounds', 'check-form', 'security-dashboard'];
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const unknown = ONLY?.filter((p) => !PAGES.includes(p)) ?? [];
if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES: no page ${unknown.join(', ')} (pages: ${PAGES.join(', ')})`);
const wanted = (page: string) => !ONLY || ONLY.includes(page);
const PORTS = { public: 9322, officer: 9323, security: 9324 };
const PERFORMANCE_BAR = 95;
const ACCESSIBILITY_BAR = 100;

/** The parts of Lighthouse's result this section reads (its Result type, narrowed to what is printed). */
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type AuditResult = Lhr['audits'][string];

interface PageScore {
  page: string;
  performance: number;
  accessibility: number;
}

/** Items of an audit's table, as loose records: their columns differ per audit. */
function items(audit: AuditResult | undefined): Array<Record<string, unknown>> {
  const details = audit?.details as { items?: unknown[] } | undefined;
  return (details?.items ?? []).filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null);
}

function nodeLabel(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  return node?.selector ?? node?.snippet ?? String(item.url ?? item.source ?? item.groupLabel ?? '');
}

function printDiagnostics(page: string, lhr: Lhr, base: string): void {
  const a = lhr.audits;
  const metric = (id: string) => a[id]?.displayValue ?? 'n/a';
  console.log(
    `  ${page}: LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, FCP ${metric('first-contentful-paint')}, SI ${metric('speed-index')}`,
  );
  const perf = lhr.categories.performance?.auditRefs ?? [];
  for (const ref of perf) {
    const audit = a[ref.id];
    if (!audit || ref.group === 'metrics' || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    const top = items(audit)
      .slice(0, 4)
      .map((i) => {
        const what = String(i.url ?? nodeLabel(i)).replace(base, '');
        const wasted = typeof i.wastedBytes === 'number' ? ` ${Math.round(i.wastedBytes / 1024)} KB unused` : '';
        const ms = typeof i.duration === 'number' ? ` ${Math.round(i.duration)} ms` : '';
        const score = typeof i.score === 'number' ? ` shift ${i.score.toFixed(3)}` : '';
        return `${what}${wasted}${ms}${score}`;
      })
      .filter((s) => s.trim());
    console.log(`    perf ${audit.id} (${audit.displayValue ?? audit.title})${top.length ? ': ' + top.join('; ') : ''}`);
  }
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = a[ref.id];
    if (!audit || audit.score !== 0) continue;
    const first = items(audit)[0];
    console.log(`    a11y ${audit.id}: ${items(audit).length} element(s)${first ? ', e.g. ' + nodeLabel(first) : ''}`);
  }
}

async function audit(port: number, url: string, signedIn: boolean): Promise<Lhr> {
  const flags: Flags = {
    port,
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: signedIn,
    logLevel: 'error',
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const error = result.lhr.runtimeError;
  if (error) throw new Error(`Lighthouse could not load ${url}: ${error.code} ${error.message}`);
  return result.lhr;
}

async function scorePage(port: number, page: string, url: string, signedIn: boolean, base: string): Promise<PageScore> {
  const runs: Lhr[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(port, url, signedIn));
  const perf = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
  const a11y = runs.map((r) => Math.round((r.categories.accessibility?.score ?? 0) * 100));
  const mid = median(perf);
  const shown = runs[perf.findIndex((p) => p === Math.round(mid))] ?? runs[0];
  console.log(`  ${page}: performance ${perf.join(', ')}; accessibility ${a11y.join(', ')}`);
  if (shown) printDiagnostics(page, shown, base);
  return { page, performance: mid, accessibility: Math.min(...a11y) };
}

/** A Chromium profile of its own, with the port Lighthouse connects to. */
async function withProfile<T>(port: number, run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lockstep-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    return await run(context);
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Signs in, leaves the tab on about:blank (closing the last tab could end the browser) so the app's own work stops. */
async function signedInAs(context: BrowserContext, base: string, email: string): Promise<string | null> {
  const page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, base, email);
  const door = email === OFFICER ? await officerDoorId(page, base) : null;
  await page.waitForLoadState('networkidle');
  await page.goto('about:blank');
  return door;
}

export async function runLighthouseBench(): Promise<BenchResult[]> {
  await buildRealApp();
  let stack: DemoStack | null = null;
  const scores: PageScore[] = [];
  try {
    stack = await serveDemoStack(REAL_DIST);
    const { base } = stack;
    const t = `${base}/tenant/${TENANT}`;
    if (wanted('landing') || wanted('tenant-login')) {
      await withProfile(PORTS.public, async () => {
        if (wanted('landing')) scores.push(await scorePage(PORTS.public, 'landing', `${base}/`, false, base));
        if (wanted('tenant-login')) scores.push(await scorePage(PORTS.public, 'tenant-login', `${t}/login`, false, base));
      });
    }
    if (wanted('rounds') || wanted('check-form')) {
      await withProfile(PORTS.officer, async (context) => {
        const door = await signedInAs(context, base, OFFICER);
        if (wanted('rounds')) scores.push(await scorePage(PORTS.officer, 'rounds', `${t}/rounds`, true, base));
        const form = `${t}/scan?door=${encodeURIComponent(door ?? '')}`;
        if (wanted('check-form')) scores.push(await scorePage(PORTS.officer, 'check-form', form, true, base));
      });
    }
    if (wanted('security-dashboard')) {
      await withProfile(PORTS.security, async (context) => {
        await signedInAs(context, base, SECURITY);
        scores.push(await scorePage(PORTS.security, 'security-dashboard', `${t}/security`, true, base));
      });
    }
  } finally {
    await stack?.close();
  }
  const note = RUNS === 1 ? ' (1 run)' : ` (median of ${RUNS})`;
  return scores.flatMap((s) => [
    {
      id: `lighthouse.${s.page}.performance`,
      figure: s.performance,
      unit: 'pts',
      bar: `>= ${PERFORMANCE_BAR}${note}`,
      ok: s.performance >= PERFORMANCE_BAR,
    },
    {
      id: `lighthouse.${s.page}.accessibility`,
      figure: s.accessibility,
      unit: 'pts',
      bar: `>= ${ACCESSIBILITY_BAR}`,
      ok: s.accessibility >= ACCESSIBILITY_BAR,
    },
  ]);
}
