import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDoorCheck } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { device, doorId, drain, openTab, restWrites, tenantFixture } from './sync-support';

describe('sync smoke', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(() => t.close());

  it('pushes a door check', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const tab = await openTab(f, dev);
    await f.signIn(tab.client);
    const row = await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational' });
    await drain(tab);
    expect((await f.serverIds('door_log')).get(row.id)).toBe(1);
    expect(restWrites(dev.net.log).length).toBe(1);
    await tab.engine.pullNow();
    expect(await tab.db.cache('doors').count()).toBe(3);
    await tab.engine.stop();
  });
});
