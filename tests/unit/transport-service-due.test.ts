/** The service-due rule (issue 14): days or miles since the last oil change, by the tenant's settings. */
import { describe, expect, it } from 'vitest';
import { serviceDue, serviceRuleFrom } from '../../src/features/transportation/service-due';

const RULE = { days: 90, miles: 3000 };
const TODAY = '2026-11-24';

describe('serviceDue', () => {
  it('is not due inside both intervals, and is due one day past the days', () => {
    expect(serviceDue({ oil_change_date: '2026-08-26', mileage: 1000, oil_change_mileage: 0 }, RULE, TODAY)).toBeNull();
    expect(serviceDue({ oil_change_date: '2026-08-25', mileage: 1000, oil_change_mileage: 0 }, RULE, TODAY)).toEqual(['days']);
  });

  it('is due at the miles interval since the reading at the change, and for both reasons at once', () => {
    expect(serviceDue({ oil_change_date: '2026-11-01', mileage: 12_999, oil_change_mileage: 10_000 }, RULE, TODAY)).toBeNull();
    expect(serviceDue({ oil_change_date: '2026-11-01', mileage: 13_000, oil_change_mileage: 10_000 }, RULE, TODAY)).toEqual(['miles']);
    expect(serviceDue({ oil_change_date: '2026-01-01', mileage: '20000', oil_change_mileage: '10000' }, RULE, TODAY)).toEqual([
      'days',
      'miles',
    ]);
  });

  it('without a reading at the change, judges by days alone; with no change on record, it is due', () => {
    expect(serviceDue({ oil_change_date: '2026-11-01', mileage: 99_999 }, RULE, TODAY)).toBeNull();
    expect(serviceDue({ oil_change_date: null, mileage: 10 }, RULE, TODAY)).toEqual(['no-record']);
  });

  it('never flags an inactive or removed vehicle', () => {
    expect(serviceDue({ active: false, oil_change_date: null }, RULE, TODAY)).toBeNull();
    expect(serviceDue({ deleted_at: '2026-11-01T00:00:00Z', oil_change_date: null }, RULE, TODAY)).toBeNull();
  });
});

describe('serviceRuleFrom', () => {
  it('reads the tenant settings and keeps the defaults for missing or unusable values', () => {
    expect(serviceRuleFrom([])).toEqual({ days: 90, miles: 3000 });
    expect(
      serviceRuleFrom([
        { setting_key: 'transport_oil_change_days', setting_value: '120' },
        { setting_key: 'transport_oil_change_miles', setting_value: '5000' },
      ]),
    ).toEqual({ days: 120, miles: 5000 });
    expect(
      serviceRuleFrom([
        { setting_key: 'transport_oil_change_days', setting_value: '-3' },
        { setting_key: 'transport_oil_change_miles', setting_value: 'lots' },
      ]),
    ).toEqual({ days: 90, miles: 3000 });
    expect(serviceRuleFrom([{ setting_key: 'transport_oil_change_days', setting_value: '30', deleted_at: '2026-11-01' }])).toEqual({
      days: 90,
      miles: 3000,
    });
  });
});
