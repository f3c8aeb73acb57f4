/**
 * The lot's plate lookup (issue 15): what a plate's permits say (active,
 * suspended, expired by date or by status, none), only its open violations,
 * and matching however the plate is typed, read from a real IndexedDB store
 * by the plate_key index.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheRow, TenantDb } from '../../src/data';
import { openTenantDb } from '../../src/data/local-db';
import { classifyPlate, lookupPlate, openViolations } from '../../src/features/student-parking/lookup/lookup-model';
import { plateKey } from '../../src/features/student-parking/parking-rules';

const TODAY = '2026-11-24';

const permit = (id: string, plate: string, over: Record<string, unknown> = {}): CacheRow => ({
  id,
  license_plate: plate,
  plate_key: plateKey(plate),
  status: 'active',
  student_name: `Student ${id}`,
  parking_spot_number: `S-${id}`,
  expires_on: '2027-06-01',
  ...over,
});

describe('classifyPlate', () => {
  it('says active for a permit in force, whatever else the plate had', () => {
    const v = classifyPlate(
      [permit('old', 'X', { status: 'expired' }), permit('p1', 'X'), permit('s', 'X', { status: 'suspended' })],
      TODAY,
    );
    expect(v).toMatchObject({ kind: 'active', permit: { id: 'p1' } });
  });

  it('says suspended before expired', () => {
    expect(classifyPlate([permit('e', 'X', { status: 'expired' }), permit('s', 'X', { status: 'suspended' })], TODAY)).toMatchObject({
      kind: 'suspended',
      permit: { id: 's' },
    });
  });

  it('says expired for an active permit past its end date, with nobody editing it', () => {
    expect(classifyPlate([permit('p', 'X', { expires_on: '2026-11-23' })], TODAY)).toMatchObject({ kind: 'expired', permit: { id: 'p' } });
    expect(classifyPlate([permit('p', 'X', { expires_on: TODAY })], TODAY).kind).toBe('active');
  });

  it('says none with no permit, or only removed ones', () => {
    expect(classifyPlate([], TODAY)).toEqual({ kind: 'none' });
    expect(classifyPlate([permit('p', 'X', { deleted_at: '2026-11-01T00:00:00Z' })], TODAY)).toEqual({ kind: 'none' });
  });
});

describe('openViolations', () => {
  it('keeps open ones only, newest first', () => {
    const rows: CacheRow[] = [
      { id: 'a', status: 'open', occurred_at: '2026-11-01T00:00:00Z' },
      { id: 'b', status: 'resolved', occurred_at: '2026-11-20T00:00:00Z' },
      { id: 'c', status: 'open', occurred_at: '2026-11-10T00:00:00Z' },
      { id: 'd', status: 'open', occurred_at: '2026-11-15T00:00:00Z', deleted_at: '2026-11-16T00:00:00Z' },
    ];
    expect(openViolations(rows).map((r) => r.id)).toEqual(['c', 'a']);
  });
});

describe('lookupPlate on the cache', () => {
  let db: TenantDb;
  beforeAll(async () => {
    db = await openTenantDb({ slug: 'lookup-test', url: 'http://x.invalid/t/lookup-test', anonKey: 'x', userId: 'u1' });
    await db
      .cache('parking_permits')
      .bulkPut([
        permit('1', 'TX RBN-4471', { student_name: 'Tyler Robinson', parking_spot_number: 'S-014' }),
        permit('2', 'TX RBN-4472', { status: 'suspended' }),
        permit('3', 'TX OLD-0001', { expires_on: '2026-10-01' }),
        permit('4', 'TX RBN-44', { status: 'expired' }),
      ]);
    const violation = (id: string, plate: string, status: string, occurred_at: string): CacheRow => ({
      id,
      license_plate: plate,
      plate_key: plateKey(plate),
      status,
      violation_type: 'No permit',
      occurred_at,
    });
    await db
      .cache('parking_violations')
      .bulkPut([
        violation('v1', 'tx qzk 2218', 'open', '2026-11-22T10:00:00Z'),
        violation('v2', 'TX-QZK-2218', 'open', '2026-11-15T10:00:00Z'),
        violation('v3', 'TX QZK2218', 'open', '2026-11-04T10:00:00Z'),
        violation('v4', 'TX QZK 2218', 'resolved', '2026-11-23T10:00:00Z'),
        violation('v5', 'TX RBN-4471', 'resolved', '2026-11-23T10:00:00Z'),
      ]);
  });
  afterAll(() => db.close());

  it('"tx-rbn 4471" finds "TX RBN-4471", active, with its spot', async () => {
    const a = await lookupPlate(db, 'tx-rbn 4471', TODAY);
    expect(a?.key).toBe('TXRBN4471');
    expect(a?.verdict).toMatchObject({ kind: 'active', permit: { student_name: 'Tyler Robinson', parking_spot_number: 'S-014' } });
    expect(a?.open).toEqual([]);
  });

  it('a plate with no permit: none, with its three open violations however they were written', async () => {
    const a = await lookupPlate(db, 'TX QZK 2218', TODAY);
    expect(a?.verdict).toEqual({ kind: 'none' });
    expect(a?.open.map((v) => v.id)).toEqual(['v1', 'v2', 'v3']);
  });

  it('suspended and expired-by-date plates', async () => {
    expect((await lookupPlate(db, 'txrbn4472', TODAY))?.verdict.kind).toBe('suspended');
    expect((await lookupPlate(db, 'TX old 0001', TODAY))?.verdict.kind).toBe('expired');
  });

  it('suggests other plates starting with what is typed, not the exact one', async () => {
    const a = await lookupPlate(db, 'TX RBN 44', TODAY);
    expect(a?.verdict.kind).toBe('expired');
    expect(a?.suggestions.map((p) => p.id).sort()).toEqual(['1', '2']);
  });

  it('answers nothing for nothing typed', async () => {
    expect(await lookupPlate(db, ' - ', TODAY)).toBeNull();
  });
});
