/**
 * The Bus Drivers dialog's rules (spec §2, §5; issue 14): the search box
 * matches full name, license number or phone ignoring case; a new driver is
 * trimmed, has a null phone when none is given, is created active, and a
 * missing name or license gets the spec's one message; the list is ordered
 * by last name.
 */
import { describe, expect, it } from 'vitest';
import {
  DRIVER_MESSAGES,
  driverName,
  driverStatus,
  parseDriver,
  searchDrivers,
  sortDrivers,
  type DriverRow,
} from '../../src/features/transportation/drivers/drivers-model';

const DRIVERS: DriverRow[] = [
  { id: '1', first_name: 'Robert', last_name: 'Alvarez', license_number: 'TX-CDL-40981274', phone: '(512)-555-0141', active: true },
  { id: '2', first_name: 'Karen', last_name: 'Whitfield', license_number: 'TX-CDL-40981711', phone: '(512)-555-0142', active: true },
  { id: '3', first_name: 'Luis', last_name: 'Ortega', license_number: 'TX-CDL-40982036', phone: null, active: false },
  { id: '4', first_name: 'Dorothy', last_name: 'Banks', license_number: 'OK-77', phone: '918 555 0199', active: true },
];

const ids = (rows: DriverRow[]) => rows.map((r) => r.id);

describe('searchDrivers', () => {
  it('keeps everyone for an empty or blank query', () => {
    expect(ids(searchDrivers(DRIVERS, ''))).toEqual(['1', '2', '3', '4']);
    expect(ids(searchDrivers(DRIVERS, '   '))).toEqual(['1', '2', '3', '4']);
  });

  it('matches the first name, the last name and the full name, ignoring case', () => {
    expect(ids(searchDrivers(DRIVERS, 'karen'))).toEqual(['2']);
    expect(ids(searchDrivers(DRIVERS, 'ORTEGA'))).toEqual(['3']);
    expect(ids(searchDrivers(DRIVERS, 'robert alv'))).toEqual(['1']);
    expect(ids(searchDrivers(DRIVERS, '  Dorothy Banks '))).toEqual(['4']);
  });

  it('matches the license number, ignoring case', () => {
    expect(ids(searchDrivers(DRIVERS, 'tx-cdl-4098'))).toEqual(['1', '2', '3']);
    expect(ids(searchDrivers(DRIVERS, '40982036'))).toEqual(['3']);
    expect(ids(searchDrivers(DRIVERS, 'ok-77'))).toEqual(['4']);
  });

  it('matches the phone as written and by its digits', () => {
    expect(ids(searchDrivers(DRIVERS, '555-0142'))).toEqual(['2']);
    expect(ids(searchDrivers(DRIVERS, '5550141'))).toEqual(['1']);
    expect(ids(searchDrivers(DRIVERS, '918-555'))).toEqual(['4']);
  });

  it('finds nothing for a query nobody matches, and never matches a missing phone', () => {
    expect(searchDrivers(DRIVERS, 'zzz')).toEqual([]);
    expect(searchDrivers(DRIVERS, 'null')).toEqual([]);
  });
});

describe('parseDriver', () => {
  it('trims every value, stores a blank phone as null and creates the driver active', () => {
    expect(parseDriver({ first_name: '  Ana ', last_name: ' Lopez', license_number: ' TX-1 ', phone: '   ' })).toEqual({
      ok: true,
      driver: { first_name: 'Ana', last_name: 'Lopez', license_number: 'TX-1', phone: null, active: true },
    });
    expect(parseDriver({ first_name: 'Ana', last_name: 'Lopez', license_number: 'TX-1' })).toMatchObject({
      ok: true,
      driver: { phone: null },
    });
  });

  it('keeps a given phone, trimmed', () => {
    expect(parseDriver({ first_name: 'Ana', last_name: 'Lopez', license_number: 'TX-1', phone: ' 512-555-0100 ' })).toMatchObject({
      ok: true,
      driver: { phone: '512-555-0100' },
    });
  });

  it("refuses a missing or blank first name, last name or license number with the spec's message, naming the fields", () => {
    expect(parseDriver({ first_name: '', last_name: 'Lopez', license_number: 'TX-1' })).toEqual({
      ok: false,
      message: DRIVER_MESSAGES.required,
      fields: ['first_name'],
    });
    expect(parseDriver({ first_name: 'Ana', last_name: '  ', license_number: ' ' })).toEqual({
      ok: false,
      message: 'First name, last name, and license number are required.',
      fields: ['last_name', 'license_number'],
    });
    expect(parseDriver({})).toMatchObject({ ok: false, message: DRIVER_MESSAGES.required });
  });

  it('refuses an over-long value, but reports a missing one first', () => {
    const long = 'x'.repeat(101);
    expect(parseDriver({ first_name: long, last_name: 'Lopez', license_number: 'TX-1' })).toEqual({
      ok: false,
      message: DRIVER_MESSAGES.tooLong,
      fields: ['first_name'],
    });
    expect(parseDriver({ first_name: long, last_name: '', license_number: 'TX-1' })).toMatchObject({
      message: DRIVER_MESSAGES.required,
      fields: ['last_name'],
    });
  });
});

describe('the list', () => {
  it('is ordered by last name, then first name, ignoring case, without removed rows', () => {
    const rows: DriverRow[] = [
      ...DRIVERS,
      { id: '5', first_name: 'Amy', last_name: 'banks' },
      { id: '6', first_name: 'Zed', last_name: 'Aaron', deleted_at: '2026-01-01T00:00:00Z' },
    ];
    expect(ids(sortDrivers(rows))).toEqual(['1', '5', '4', '3', '2']);
  });

  it('names a driver by first and last name and says Active unless the flag is off', () => {
    expect(driverName(DRIVERS[0]!)).toBe('Robert Alvarez');
    expect(driverStatus(DRIVERS[0]!)).toBe('Active');
    expect(driverStatus(DRIVERS[2]!)).toBe('Inactive');
    expect(driverStatus({ id: 'x' })).toBe('Active');
  });
});
