/**
 * Student parking through the real sync engine and local stack (issue 15,
 * decision 025): an officer's violation written offline, its answer lost and
 * sent again, lands once, keyed and stamped as the officer's; the device's
 * plate key is indexed before and after sync; and a permit the device could
 * not know clashes with (another office's active permit for the same plate)
 * is refused by the server and kept on the device as a rejected change with
 * the server's reason, not lost.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRejected } from '../../src/data/rejected-entries';
import { insertRow } from '../../src/data/repositories';
import type { SyncedTable } from '../../src/data/sync-tables';
import { plateKey } from '../../src/features/student-parking/parking-rules';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, drain, openTab, restWrites, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

const PARKING: SyncedTable[] = ['parking_permits', 'parking_violations'];

describe('parking through the sync engine', () => {
  it("an officer's violation written offline lands once, keyed and stamped as theirs", async () => {
    const f = await tenantFixture(t, 'regular_user', 0);
    await f.project.engine.query(
      `insert into public.parking_permits (student_id, student_name, license_plate, parking_spot_number) values ('S1', 'Tyler', 'TX RBN-4471', 'S-014')`,
    );
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: PARKING, pullAfterPush: true });
    await f.signIn(tab.client);
    await tab.engine.pullNow();
    // The pulled permit carries the server's key: the lot's lookup finds it by index.
    const found = await tab.db.cache('parking_permits').where('plate_key').equals(plateKey('tx rbn 4471')).toArray();
    expect(found.map((p) => p.license_plate)).toEqual(['TX RBN-4471']);

    dev.net.offline = true;
    const v = await insertRow(tab.db, 'parking_violations', {
      license_plate: 'tx-rbn 4471',
      plate_key: plateKey('tx-rbn 4471'),
      violation_type: 'Wrong spot',
      location: 'Row S',
      status: 'open',
      occurred_at: new Date().toISOString(),
    });
    expect(await tab.db.cache('parking_violations').where('plate_key').equals('TXRBN4471').count()).toBe(1);
    dev.net.offline = false;
    dev.net.queue.push('drop-after-commit');
    await drain(tab);
    // The replay inserts nothing (the first send committed); PostgREST still answers an ignore-duplicates upsert 201.
    expect(restWrites(dev.net.log, 'parking_violations').map((l) => l.status)).toEqual(['network', 201]);
    expect((await f.serverIds('parking_violations')).get(v.id)).toBe(1);
    const server = await f.project.engine.query(
      `select license_plate, plate_key, recorded_by, status from public.parking_violations where id = $1`,
      [v.id],
    );
    expect(server.rows).toEqual([{ license_plate: 'tx-rbn 4471', plate_key: 'TXRBN4471', recorded_by: f.user.id, status: 'open' }]);
    expect(await tab.db.cache('parking_violations').get(v.id)).toMatchObject({ plate_key: 'TXRBN4471', recorded_by: f.user.id });
    await closeTab(tab);
  });

  it('a permit that clashes with one the device had not seen is refused and kept as a rejected change', async () => {
    const f = await tenantFixture(t, 'office_staff', 0);
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: PARKING });
    await f.signIn(tab.client);
    await tab.engine.pullNow();
    // Another office desk issued a permit for the plate meanwhile.
    await f.project.engine.query(
      `insert into public.parking_permits (student_id, student_name, license_plate) values ('S2', 'Madison', 'TX MCL-0923')`,
    );
    const p = await insertRow(tab.db, 'parking_permits', {
      student_id: 'S3',
      student_name: 'Someone Else',
      license_plate: 'tx mcl 0923',
      plate_key: plateKey('tx mcl 0923'),
      status: 'active',
      issued_on: '2026-01-01',
    });
    await drain(tab);
    expect((await f.serverIds('parking_permits')).get(p.id)).toBeUndefined();
    const rejected = await listRejected(tab.db);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ table: 'parking_permits', row_id: p.id });
    expect(JSON.stringify(rejected[0]!.error)).toMatch(/Another active permit already has the plate TX MCL-0923/);
    await closeTab(tab);
  });
});
