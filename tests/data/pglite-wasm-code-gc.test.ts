/**
 * The embedded engine turns V8's WASM code GC off (decision 027): on Node 24
 * it can free an import wrapper twice and abort the process, as it did once
 * in CI. A child process opens and closes databases with V8 tracing WASM code
 * GC; any trace line means the collector ran and the crash is possible again.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('embedded engine and V8 WASM code GC', () => {
  it('never runs WASM code GC while databases open and close', () => {
    const script = fileURLToPath(new URL('./pglite-churn.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--trace-wasm-code-gc', '--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.stderr).not.toMatch(/Fatal error/);
    expect(child.stdout).toContain('churn done');
    expect(child.stdout + child.stderr).not.toMatch(/\[wasm-gc\]/);
    expect(child.status).toBe(0);
  }, 150_000);
});
