/**
 * The parking rules the screens share with the server (decision 025): plate
 * keys, the expiry rule, which permits clash, the violation types, and who
 * may open the page.
 */
import { describe, expect, it } from 'vitest';
import { parkingAccess } from '../../src/features/student-parking/access';
import {
  DEFAULT_VIOLATION_TYPES,
  parseViolationTypes,
  permitClash,
  permitInForce,
  permitStatus,
  plateKey,
  spotKey,
  violationTypeLabel,
} from '../../src/features/student-parking/parking-rules';

const TODAY = '2026-11-24';

describe('plateKey', () => {
  it.each([
    ['TX RBN-4471', 'TXRBN4471'],
    ['tx rbn 4471', 'TXRBN4471'],
    ['  tx-rbn-4471 ', 'TXRBN4471'],
    ['tx.rbn_4471', 'TXRBN4471'],
    ['TX\tRBN\n4471', 'TXRBN4471'],
    ['', ''],
  ])('%j -> %j', (plate, key) => expect(plateKey(plate)).toBe(key));

  it('keys what is not a string as nothing', () => {
    expect(plateKey(null)).toBe('');
    expect(plateKey(42)).toBe('');
  });

  it('keeps other characters, as the server does', () => {
    expect(plateKey('ab/12')).toBe('AB/12');
  });

  it('compares spots without spaces or case', () => {
    expect(spotKey(' s-014 ')).toBe(spotKey('S-014'));
    expect(spotKey('S 14')).not.toBe(spotKey('S-14'));
  });
});

describe('the expiry rule', () => {
  it('an active permit past its end date shows as expired; on its last day it is active', () => {
    expect(permitStatus({ status: 'active', expires_on: '2026-11-23' }, TODAY)).toBe('expired');
    expect(permitStatus({ status: 'active', expires_on: TODAY }, TODAY)).toBe('active');
    expect(permitStatus({ status: 'active', expires_on: null }, TODAY)).toBe('active');
  });

  it('a suspended permit stays suspended past its end; stored statuses are kept', () => {
    expect(permitStatus({ status: 'suspended', expires_on: '2020-01-01' }, TODAY)).toBe('suspended');
    expect(permitStatus({ status: 'expired', expires_on: '2030-01-01' }, TODAY)).toBe('expired');
  });

  it('reads a timestamp end as its date', () => {
    expect(permitStatus({ status: 'active', expires_on: '2026-11-24T00:00:00Z' }, TODAY)).toBe('active');
  });

  it('a removed permit is never in force', () => {
    expect(permitInForce({ status: 'active', deleted_at: '2026-11-01T00:00:00Z' }, TODAY)).toBe(false);
    expect(permitInForce({ status: 'active' }, TODAY)).toBe(true);
  });
});

describe('permitClash', () => {
  const permits = [
    {
      id: 'a',
      student_name: 'Tyler',
      license_plate: 'TX RBN-4471',
      parking_spot_number: 'S-014',
      status: 'active',
      expires_on: '2027-06-01',
    },
    { id: 'b', student_name: 'Olivia', license_plate: 'TX OWK-7719', parking_spot_number: 'S-031', status: 'suspended', expires_on: null },
    {
      id: 'c',
      student_name: 'Liam',
      license_plate: 'TX LCH-8841',
      parking_spot_number: 'S-040',
      status: 'active',
      expires_on: '2026-11-01',
    },
  ];
  const candidate = { id: null, license_plate: '', parking_spot_number: null, status: 'active', expires_on: null };

  it('refuses a plate in force written another way, naming the permit', () => {
    const c = permitClash(permits, { ...candidate, license_plate: 'tx rbn4471' }, TODAY);
    expect(c?.field).toBe('license_plate');
    expect(c?.message).toBe('Another active permit already has the plate TX RBN-4471 (Tyler)');
  });

  it('refuses a spot in force', () => {
    const c = permitClash(permits, { ...candidate, license_plate: 'NEW 1', parking_spot_number: 's-014' }, TODAY);
    expect(c?.field).toBe('parking_spot_number');
    expect(c?.message).toBe('Spot S-014 already has an active permit (Tyler)');
  });

  it('suspended and past-end permits do not clash; a permit never clashes with itself', () => {
    expect(permitClash(permits, { ...candidate, license_plate: 'TX OWK 7719', parking_spot_number: 'S-031' }, TODAY)).toBeNull();
    expect(permitClash(permits, { ...candidate, license_plate: 'TX LCH 8841', parking_spot_number: 'S-040' }, TODAY)).toBeNull();
    expect(permitClash(permits, { ...candidate, id: 'a', license_plate: 'TX RBN-4471', parking_spot_number: 'S-014' }, TODAY)).toBeNull();
  });

  it('a candidate not in force clashes with nothing (suspending, or a permit that has ended)', () => {
    expect(permitClash(permits, { ...candidate, license_plate: 'TX RBN-4471', status: 'suspended' }, TODAY)).toBeNull();
    expect(permitClash(permits, { ...candidate, license_plate: 'TX RBN-4471', expires_on: '2026-01-01' }, TODAY)).toBeNull();
  });
});

describe('violation types', () => {
  it('reads one per line, trimmed, without blanks or repeats', () => {
    expect(parseViolationTypes(' Fire lane \n\nNo permit\nfire lane\n')).toEqual(['Fire lane', 'No permit']);
  });

  it('falls back to the default list when unset or empty', () => {
    expect(parseViolationTypes(null)).toEqual(DEFAULT_VIOLATION_TYPES);
    expect(parseViolationTypes(' \n ')).toEqual(DEFAULT_VIOLATION_TYPES);
  });

  it('shows stored codes as words and keeps typed labels', () => {
    expect(violationTypeLabel('fire_lane')).toBe('Fire lane');
    expect(violationTypeLabel('Handicapped spot without placard')).toBe('Handicapped spot without placard');
  });
});

describe('parkingAccess', () => {
  it.each([
    ['office_staff', true, 'staff'],
    ['security_admin', true, 'staff'],
    ['super_admin', true, 'staff'],
    ['regular_user', true, 'officer'],
    ['transportation_admin', true, 'refused'],
    ['transportation_admin', false, 'refused'],
    ['office_staff', false, 'feature-off'],
    ['regular_user', false, 'feature-off'],
  ] as const)('%s with the feature %s -> %s', (role, featureOn, access) => {
    expect(parkingAccess({ role, featureOn })).toBe(access);
  });
});
