// An unexpected console.error is a bug the test did not look for: fail it.
// A test that expects one spies on console.error itself.
import { afterEach, beforeEach, vi } from 'vitest';

let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  const seen = calls;
  vi.mocked(console.error).mockRestore();
  if (seen.length) throw new Error(`Unexpected console.error: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
});
