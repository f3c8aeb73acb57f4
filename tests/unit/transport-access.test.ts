/** Who opens the transportation page (decision 024) and the header's data age. */
import { describe, expect, it } from 'vitest';
import { assignmentCurrent, transportAccess } from '../../src/features/transportation/access';
import { dataAgeLabel } from '../../src/features/transportation/data-age-badge';

describe('transportAccess', () => {
  it('lets transportation and super admins in, and drivers to their own screens', () => {
    expect(transportAccess({ role: 'transportation_admin', featureOn: true, isDriver: false })).toBe('admin');
    expect(transportAccess({ role: 'super_admin', featureOn: true, isDriver: false })).toBe('admin');
    expect(transportAccess({ role: 'regular_user', featureOn: true, isDriver: true })).toBe('driver');
    // An admin who also drives manages everything.
    expect(transportAccess({ role: 'super_admin', featureOn: true, isDriver: true })).toBe('admin');
  });

  it('refuses office staff, security admins and officers who drive nothing', () => {
    for (const role of ['office_staff', 'security_admin', 'regular_user', 'user', null]) {
      expect(transportAccess({ role, featureOn: true, isDriver: false })).toBe('refused');
    }
  });

  it('says the add-on is off only to those who could otherwise come in', () => {
    expect(transportAccess({ role: 'transportation_admin', featureOn: false, isDriver: false })).toBe('feature-off');
    expect(transportAccess({ role: 'regular_user', featureOn: false, isDriver: true })).toBe('feature-off');
    expect(transportAccess({ role: 'office_staff', featureOn: false, isDriver: false })).toBe('refused');
  });
});

describe('assignmentCurrent', () => {
  it('counts both ends of the dates and an open end', () => {
    expect(assignmentCurrent({ starts_on: '2026-11-01', ends_on: null }, '2026-11-24')).toBe(true);
    expect(assignmentCurrent({ starts_on: '2026-11-24', ends_on: '2026-11-24' }, '2026-11-24')).toBe(true);
    expect(assignmentCurrent({ starts_on: '2026-11-25', ends_on: null }, '2026-11-24')).toBe(false);
    expect(assignmentCurrent({ starts_on: '2026-11-01', ends_on: '2026-11-23' }, '2026-11-24')).toBe(false);
    expect(assignmentCurrent({ starts_on: '2026-11-01', ends_on: null, deleted_at: '2026-11-02T00:00:00Z' }, '2026-11-24')).toBe(false);
  });
});

describe('dataAgeLabel', () => {
  it('says connected online, and the age of the data offline', () => {
    expect(dataAgeLabel(true, null)).toBe('Connected');
    expect(dataAgeLabel(false, null)).toBe('Offline: no data on this device yet');
    expect(dataAgeLabel(false, '2026-11-24T08:30:00Z')).toMatch(/^Offline: data from .*2026/);
  });
});
