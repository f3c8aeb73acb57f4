/**
 * Transport section (issue 14):
 *   transport.render-ms  the Transportation dashboard's Overview tab (the 15
 *     table counts, the tiles, the service-due figure and the fleet table)
 *     computed and rendered in Debian's Chromium from a local cache (the
 *     real IndexedDB store of src/data) of 500 vehicles, 2,000 drivers,
 *     100,000 fuel log rows and 200,000 student ride events: from mounting
 *     the tab to every figure and all 500 fleet rows laid out, median of 5
 *     mounts after a warm-up (bar < 300 ms). Reported beside it: the 15
 *     counts alone.
 * The tab is mounted inside a router, as the app does, the same way the
 * field section mounts the security dashboard. Builds go to .bench/.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { median, round, type BenchResult } from './result';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PAGE_SRC = join(ROOT, '.bench', 'transport-page');
const PAGE_DIST = join(ROOT, '.bench', 'transport-page-dist');
const BAR_MS = 300;
const SIZES = { vehicles: 500, drivers: 2_000, fuel: 100_000, rides: 200_000 };

const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>transport bench</title></head>
<body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>`;

const PAGE_MAIN = `
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router-dom';
import '${ROOT}/src/app/styles.css';
import { openTenantDb, type TenantSync } from '${ROOT}/src/data/index';
import { ToastProvider } from '${ROOT}/src/ui/toast';
import OverviewTab from '${ROOT}/src/features/transportation/overview/overview-tab';
import { readFleet, readTableCounts } from '${ROOT}/src/features/transportation/overview/overview-query';

const DAY = 86_400_000;
declare global { interface Window { bench: Record<string, (...a: never[]) => Promise<unknown>> } }

const binding = { slug: 'bench-transport', url: 'http://bench.invalid/t/bench-transport', anonKey: 'x', userId: 'u1' };

async function seed(sizes: { vehicles: number; drivers: number; fuel: number; rides: number }) {
  const db = await openTenantDb(binding);
  await Promise.all(['vehicles', 'bus_drivers', 'fuel_log', 'student_ride_events', 'buses', 'routes', 'route_stops', 'tenant_settings'].map((t) => db.cache(t as never).clear()));
  const now = Date.now();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const makes = [['Blue Bird', 'Vision'], ['Thomas Built', 'Saf-T-Liner C2'], ['IC Bus', 'CE Series'], ['Ford', 'Transit 350'], ['Chevrolet', 'Tahoe']];
  const vehicles = Array.from({ length: sizes.vehicles }, (_, i) => ({
    id: 'v' + i,
    vehicle_number: 'BUS-' + (i + 1),
    make: makes[i % 5][0],
    model: makes[i % 5][1],
    license_plate: 'TX ' + (1000 + i),
    active: i % 10 !== 0,
    oil_change_date: i % 7 === 0 ? null : day(now - (i % 150) * DAY),
    mileage: 20_000 + i * 97,
    oil_change_mileage: 20_000 + i * 97 - (i % 4000),
  }));
  await db.cache('vehicles').bulkPut(vehicles);
  await db.cache('tenant_settings').bulkPut([{ id: 's1', setting_key: 'transport_oil_change_days', setting_value: '90' }]);
  await db.cache('buses').bulkPut(Array.from({ length: 300 }, (_, i) => ({ id: 'b' + i, bus_number: 'Bus ' + i, vehicle_id: 'v' + i })));
  await db.cache('routes').bulkPut(Array.from({ length: 200 }, (_, i) => ({ id: 'r' + i, route_number: 'R' + i, bus_id: 'b' + i })));
  await db.cache('route_stops').bulkPut(Array.from({ length: 2_000 }, (_, i) => ({ id: 'st' + i, route_id: 'r' + (i % 200), stop_order: Math.floor(i / 200) + 1 })));
  await db.cache('bus_drivers').bulkPut(Array.from({ length: sizes.drivers }, (_, i) => ({
    id: 'd' + i, first_name: 'Driver', last_name: 'Number ' + i, license_number: 'TX-CDL-' + (40_000_000 + i), phone: i % 3 ? '(512)-555-' + String(i).padStart(4, '0') : null, active: true,
  })));
  for (let start = 0; start < sizes.fuel; start += 20_000) {
    const batch = [];
    for (let i = start; i < Math.min(sizes.fuel, start + 20_000); i++) {
      batch.push({ id: 'f' + i, vehicle_id: 'v' + (i % sizes.vehicles), fueled_at: new Date(now - i * 3_600_000).toISOString(), gallons: 20 + (i % 40), cost_cents: 7000 + i % 5000, odometer: 10_000 + i });
    }
    await db.cache('fuel_log').bulkPut(batch);
  }
  for (let start = 0; start < sizes.rides; start += 20_000) {
    const batch = [];
    for (let i = start; i < Math.min(sizes.rides, start + 20_000); i++) {
      batch.push({ id: 'e' + i, student_id: 'S' + (i % 3000), bus_id: 'b' + (i % 300), route_id: 'r' + (i % 200), event_type: i % 2 ? 'boarded' : 'exited', occurred_at: new Date(now - i * 60_000).toISOString() });
    }
    await db.cache('student_ride_events').bulkPut(batch);
  }
  db.close();
  return sizes;
}

let root: Root | null = null;
let db: Awaited<ReturnType<typeof openTenantDb>> | null = null;

/** Every figure shown: the fuel and ride counts in full, and all fleet rows laid out. */
function ready(sizes: { vehicles: number; fuel: number; rides: number }): boolean {
  const fuel = document.querySelector('[data-testid="tile-fuel"]');
  const rides = document.querySelector('dd[data-table="student_ride_events"]');
  const due = document.querySelector('[data-testid="tile-service"]');
  return (
    fuel?.textContent === sizes.fuel.toLocaleString() &&
    rides?.textContent === sizes.rides.toLocaleString() &&
    due !== null &&
    document.querySelectorAll('table tbody tr').length >= sizes.vehicles
  );
}

async function mount(sizes: { vehicles: number; fuel: number; rides: number }) {
  db ??= await openTenantDb(binding);
  const el = document.getElementById('root')!;
  if (root) flushSync(() => root!.unmount());
  root = createRoot(el);
  const sync = { db, endpoint: { slug: binding.slug } } as unknown as TenantSync;
  const t0 = performance.now();
  // In a router, as in the app (the tab's links and the page around it live in one).
  flushSync(() => root!.render(<MemoryRouter><ToastProvider><OverviewTab sync={sync} /></ToastProvider></MemoryRouter>));
  const deadline = t0 + 120_000;
  await new Promise<void>((done, fail) => {
    const tick = () => {
      if (ready(sizes)) return done();
      if (performance.now() > deadline) return fail(new Error('the overview showed no full figures in 120 s: ' + (document.getElementById('root')?.textContent ?? '').slice(0, 300)));
      requestAnimationFrame(tick);
    };
    tick();
  });
  void document.body.offsetHeight;
  return performance.now() - t0;
}

/** The median time of the reads alone: the 15 counts, and the vehicles with the service settings. */
async function readsOnly() {
  db ??= await openTenantDb(binding);
  const counts = [];
  const fleet = [];
  for (let i = 0; i < 5; i++) {
    let t0 = performance.now();
    await readTableCounts(db);
    counts.push(performance.now() - t0);
    t0 = performance.now();
    await readFleet(db);
    fleet.push(performance.now() - t0);
  }
  counts.sort((a, b) => a - b);
  fleet.sort((a, b) => a - b);
  return { counts: counts[2], fleet: fleet[2] };
}

window.bench = { seed: seed as never, mount: mount as never, readsOnly: readsOnly as never };
`;

async function buildPage(): Promise<void> {
  await rm(PAGE_SRC, { recursive: true, force: true });
  await mkdir(PAGE_SRC, { recursive: true });
  await writeFile(join(PAGE_SRC, 'index.html'), PAGE_HTML);
  await writeFile(join(PAGE_SRC, 'main.tsx'), PAGE_MAIN);
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const tailwindcss = (await import('@tailwindcss/vite')).default;
  await build({
    configFile: false,
    root: PAGE_SRC,
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir: PAGE_DIST, emptyOutDir: true },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serveDir(dir: string): Promise<{ server: Server; url: string }> {
  const server = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    void readFile(file).then((body) =>
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
    );
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })),
  );
}

interface BenchWindow {
  bench: {
    seed(sizes: typeof SIZES): Promise<unknown>;
    mount(sizes: typeof SIZES): Promise<number>;
    readsOnly(): Promise<{ counts: number; fleet: number }>;
  };
}

export async function runTransportBench(): Promise<BenchResult[]> {
  await buildPage();
  const { server, url } = await serveDir(PAGE_DIST);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in window);
    await page.evaluate((s) => (window as unknown as BenchWindow).bench.seed(s), SIZES);
    const mount = () => page.evaluate((s) => (window as unknown as BenchWindow).bench.mount(s), SIZES);
    // One warm-up mount (first IndexedDB open, styles), then 5 measured.
    await mount().catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : String(e)}; page errors: ${errors.join('; ') || 'none'}`);
    });
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await mount());
    const reads = await page.evaluate(() => (window as unknown as BenchWindow).bench.readsOnly());
    if (errors.length) throw new Error(`bench page errors: ${errors.join('; ')}`);
    console.log(
      `  overview mounts (ms): ${runs.map((r) => round(r, 1)).join(', ')}; reads alone: the 15 counts ${round(reads.counts, 1)} ms, the fleet ${round(reads.fleet, 1)} ms`,
    );
    const renderMs = round(median(runs), 1);
    return [
      { id: 'transport.render-ms', figure: renderMs, unit: 'ms', bar: `< ${BAR_MS}`, ok: renderMs < BAR_MS },
      { id: 'transport.counts-ms', figure: round(reads.counts, 1), unit: 'ms', bar: 'reported (the 15 counts alone)', ok: true },
    ];
  } finally {
    await browser?.close();
    server.close();
  }
}

// `node --import tsx tests/bench/transport.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  void runTransportBench().then((r) => {
    for (const x of r)
      console.log(`${x.ok ? 'ok  ' : 'MISS'} ${x.id.padEnd(36)} ${String(x.figure).padStart(10)} ${x.unit.padEnd(3)} bar: ${x.bar}`);
  });
}
