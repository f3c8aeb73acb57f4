/**
 * A spec file's own in-process stack: started before its tests, closed after
 * them. The handle reads through to the stack once beforeAll has run, so a
 * spec declares it once at the top instead of its own beforeAll/afterAll.
 */
import { test } from '@playwright/test';
import { startInProcessStack, type InProcessStack } from './in-process-stack';

export function stackForFile(slug: string): InProcessStack {
  let local: InProcessStack | null = null;
  const started = (): InProcessStack => {
    if (!local) throw new Error("The spec file's stack starts in beforeAll");
    return local;
  };
  test.beforeAll(async () => {
    local = await startInProcessStack(slug);
  });
  test.afterAll(async () => {
    await local?.close();
  });
  return {
    get base() {
      return started().base;
    },
    get serviceKey() {
      return started().serviceKey;
    },
    rest: (path, init) => started().rest(path, init),
    close: async () => {
      await local?.close();
    },
  };
}
