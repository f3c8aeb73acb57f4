import { defineConfig } from 'vitest/config';

// Suites: unit (pure rules), data (sync + local stack through supabase-js),
// db (RLS matrix on real Postgres), api (product API), compat (the local
// stack against PostgREST's and GoTrue's documented behaviour, on a schema of its own). Each data/db/api file
// opens its own in-memory stack, or databases with their own prefix on
// PostgreSQL when DATABASE_URL is set, so files run in parallel safely.
export default defineConfig({
  test: {
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'data', include: ['tests/data/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { extends: true, test: { name: 'db', include: ['tests/db/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { extends: true, test: { name: 'compat', include: ['tests/compat/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
    ],
  },
});
