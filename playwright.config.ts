/**
 * Playwright journeys in real Chromium (Debian's /usr/bin/chromium, never a
 * downloaded browser) against the real local stack: e2e/serve-stack.ts starts
 * what `npm start --reset` starts (fresh demo data, its own port and data
 * dir) but serves a private build, so a concurrent build of dist/ cannot break
 * a run.
 * Set E2E_BASE_URL to run against a stack that is already up (it must have
 * fresh demo data: the change-password journey changes newhire's password).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4179);
// Every journey signs in from 127.0.0.1, far faster than people do: a larger
// token bucket keeps the sign-in limiter on without throttling the suite
// (the served stack and the in-process stacks both inherit it).
process.env.AUTH_RATE_LIMIT_TOKEN_BURST ??= '1000';
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 4,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  ...(external
    ? {}
    : {
        webServer: {
          command: 'node --import tsx e2e/serve-stack.ts',
          url: `${baseURL}/app-config.json`,
          env: { PORT: String(PORT), DATA_DIR: `.data/e2e-${PORT}`, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
          timeout: 240_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
        },
      }),
});
