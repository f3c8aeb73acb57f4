/**
 * The count of writes to each cache table (src/data/table-writes.ts) against
 * the real local stack: a pull that changes doors bumps it, a pull that
 * brings nothing new does not, a local edit does, and the security board's
 * kept view of the doors (src/features/security/kept-doors.ts) is refused
 * after a rename pulled in at the same door count, which its count alone
 * would miss.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRows, tableWrites } from '../../src/data';
import { updateRow } from '../../src/data/repositories';
import { doorsMark, keepDoors, readKeptDoors } from '../../src/features/security/kept-doors';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, openTab, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('table writes', () => {
  it('counts the pulls that change a table and the local edits, and a kept view of the doors stands only while none came', async () => {
    const f = await tenantFixture(t, 'security_admin', 3);
    const tab = await openTab(f, device(t), { tables: ['campus', 'doors'] });
    await f.signIn(tab.client);
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.pullNow();
    const afterFirst = await tableWrites(tab.db, 'doors');
    expect(afterFirst).toBeGreaterThan(0);

    await keepDoors(tab.db, await doorsMark(tab.db), await listRows(tab.db, 'doors'));
    expect((await readKeptDoors(tab.db))?.rows).toHaveLength(3);

    // Nothing changed on the server: the overlap window's rows come again, and are not written.
    await tab.engine.pullNow();
    expect(await tableWrites(tab.db, 'doors')).toBe(afterFirst);
    expect(await readKeptDoors(tab.db)).not.toBeNull();

    // A rename on the server reaches the device: same count, one more write, and the view no longer stands.
    await f.project.engine.query(`update public.doors set door_number = 'RENAMED' where id = $1`, [doorId(f, 1)]);
    await tab.engine.pullNow();
    expect((await tab.db.cache('doors').get(doorId(f, 1)))?.door_number).toBe('RENAMED');
    expect(await tab.db.cache('doors').count()).toBe(3);
    expect(await tableWrites(tab.db, 'doors')).toBe(afterFirst + 1);
    expect(await readKeptDoors(tab.db)).toBeNull();

    // Kept again, it stands until an edit on this device, which counts as a write before it is ever pushed.
    await keepDoors(tab.db, await doorsMark(tab.db), await listRows(tab.db, 'doors'));
    expect(await readKeptDoors(tab.db)).not.toBeNull();
    await tab.engine.stop();
    await updateRow(tab.db, 'doors', doorId(f, 2), { location: 'North hall' });
    expect(await tableWrites(tab.db, 'doors')).toBe(afterFirst + 2);
    expect(await readKeptDoors(tab.db)).toBeNull();
    await closeTab(tab);
  });
});
