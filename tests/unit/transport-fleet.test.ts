/**
 * The fleet tab's rules (src/features/transportation/fleet): fuel economy and
 * cost per mile from the fuel log, litres to gallons, the vehicle form's
 * schema (VIN, year, a unique number), the maintenance and fuel forms, the
 * service rule form, and what a reading changes on its vehicle.
 */
import { describe, expect, it } from 'vitest';
import { costPerMile, fuelEconomy, litresToGallons, odometerReadings } from '../../src/features/transportation/fleet/fleet-costs';
import {
  dueText,
  EMPTY_VEHICLE,
  fuelInput,
  fuelSchema,
  maintenanceInput,
  maintenanceSchema,
  numberTaken,
  serviceRuleSchema,
  vehicleSchema,
  type VehicleForm,
} from '../../src/features/transportation/fleet/fleet-model';
import { vehiclePatchFrom } from '../../src/features/transportation/fleet/vehicle-follow';

const TODAY = '2026-11-24';

function fill(at: string, odometer: number | null, gallons: number, cost_cents = 0): Record<string, unknown> {
  return { id: at, vehicle_id: 'v', fueled_at: at, odometer, gallons, cost_cents };
}

describe('litres to gallons', () => {
  it('converts at 3.785411784 litres to the US gallon, to the thousandth', () => {
    expect(litresToGallons(3.785411784)).toBe(1);
    expect(litresToGallons(100)).toBe(26.417);
    expect(litresToGallons(0)).toBe(0);
  });
});

describe('fuel economy', () => {
  it('is the miles between the first and last reading over the fuel of every fill-up after the first', () => {
    const fuel = [
      fill('2026-01-01T10:00:00Z', 10_000, 30),
      fill('2026-01-08T10:00:00Z', 10_200, 20),
      fill('2026-01-15T10:00:00Z', 10_500, 30),
    ];
    expect(fuelEconomy(fuel)).toEqual({ milesPerGallon: 10, miles: 500, gallons: 50, fillUps: 2 });
  });

  it('reads the log in time order whatever order the rows come in', () => {
    const fuel = [
      fill('2026-01-15T10:00:00Z', 10_500, 30),
      fill('2026-01-01T10:00:00Z', 10_000, 30),
      fill('2026-01-08T10:00:00Z', 10_200, 20),
    ];
    expect(fuelEconomy(fuel)?.milesPerGallon).toBe(10);
  });

  it('ignores entries without an odometer and readings lower than the one before', () => {
    const fuel = [
      fill('2026-01-01T10:00:00Z', 10_000, 30),
      fill('2026-01-03T10:00:00Z', null, 99),
      fill('2026-01-05T10:00:00Z', 9_000, 99),
      fill('2026-01-08T10:00:00Z', 10_240, 20),
    ];
    expect(odometerReadings(fuel).map((r) => r.odometer)).toEqual([10_000, 10_240]);
    expect(fuelEconomy(fuel)).toEqual({ milesPerGallon: 12, miles: 240, gallons: 20, fillUps: 1 });
  });

  it('reads gallons sent as text (numeric columns) and skips removed rows', () => {
    const fuel = [
      { ...fill('2026-01-01T10:00:00Z', 100, 10), gallons: '10.000' },
      { ...fill('2026-01-02T10:00:00Z', 300, 10), gallons: '10.000' },
      { ...fill('2026-01-03T10:00:00Z', 900, 10), deleted_at: '2026-01-04T00:00:00Z' },
    ];
    expect(fuelEconomy(fuel)?.milesPerGallon).toBe(20);
  });

  it('is null with fewer than two readings or no miles between them', () => {
    expect(fuelEconomy([])).toBeNull();
    expect(fuelEconomy([fill('2026-01-01T10:00:00Z', 100, 10)])).toBeNull();
    expect(fuelEconomy([fill('2026-01-01T10:00:00Z', 100, 10), fill('2026-01-02T10:00:00Z', null, 10)])).toBeNull();
    expect(fuelEconomy([fill('2026-01-01T10:00:00Z', 100, 10), fill('2026-01-02T10:00:00Z', 100, 10)])).toBeNull();
  });
});

describe('cost per mile', () => {
  const fuel = [
    fill('2026-02-01T08:00:00Z', 20_000, 30, 9_000),
    fill('2026-02-10T08:00:00Z', 20_300, 25, 7_500),
    fill('2026-02-20T08:00:00Z', 20_500, 20, 6_000),
  ];

  it('adds the fuel after the first reading and the maintenance within the period, over the miles', () => {
    const maintenance = [
      { id: 'm1', service_date: '2026-02-05', cost_cents: 15_000 },
      { id: 'm2', service_date: '2026-01-31', cost_cents: 99_999 },
      { id: 'm3', service_date: '2026-02-21', cost_cents: 99_999 },
      { id: 'm4', service_date: '2026-02-20', cost_cents: null },
    ];
    expect(costPerMile(fuel, maintenance)).toEqual({
      centsPerMile: (7_500 + 6_000 + 15_000) / 500,
      miles: 500,
      fuelCents: 13_500,
      maintenanceCents: 15_000,
      from: '2026-02-01T08:00:00Z',
      to: '2026-02-20T08:00:00Z',
    });
  });

  it('counts maintenance on the first and last reading days, and skips removed records', () => {
    const maintenance = [
      { id: 'a', service_date: '2026-02-01', cost_cents: 1_000 },
      { id: 'b', service_date: '2026-02-20', cost_cents: 2_000 },
      { id: 'c', service_date: '2026-02-10', cost_cents: 5_000, deleted_at: '2026-02-11T00:00:00Z' },
    ];
    expect(costPerMile(fuel, maintenance)?.maintenanceCents).toBe(3_000);
  });

  it('is null when the log has not two odometer readings apart', () => {
    expect(costPerMile([], [{ id: 'm', service_date: '2026-02-05', cost_cents: 100 }])).toBeNull();
    expect(costPerMile([fill('2026-02-01T08:00:00Z', 20_000, 30, 9_000)], [])).toBeNull();
    expect(costPerMile([fill('2026-02-01T08:00:00Z', 500, 1, 100), fill('2026-02-02T08:00:00Z', 400, 1, 100)], [])).toBeNull();
  });
});

describe('the vehicle form', () => {
  const vehicles = [
    { id: 'a', vehicle_number: 'Bus 12' },
    { id: 'b', vehicle_number: 'VAN-3', active: false },
  ];
  const schema = (editingId: string | null = null) => vehicleSchema({ vehicles, editingId, today: TODAY });
  const form = (patch: Partial<VehicleForm>): VehicleForm => ({ ...EMPTY_VEHICLE, vehicle_number: 'Bus 40', ...patch });
  const errorOf = (patch: Partial<VehicleForm>, editingId: string | null = null) => {
    const r = schema(editingId).safeParse(form(patch));
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('gives the row: trimmed text, blanks as null, numbers, a capitalised VIN and plate', () => {
    const r = schema().parse(
      form({
        vehicle_number: '  Bus 40 ',
        make: 'Blue Bird',
        year: '2019',
        license_plate: 'tx 123',
        vin: '1bakgcpa4kf123456',
        mileage: '45,210',
        oil_change_date: '2026-10-01',
        oil_change_mileage: '44000',
      }),
    );
    expect(r).toEqual({
      vehicle_number: 'Bus 40',
      make: 'Blue Bird',
      model: null,
      year: 2019,
      license_plate: 'TX 123',
      vin: '1BAKGCPA4KF123456',
      mileage: 45_210,
      oil_change_date: '2026-10-01',
      oil_change_mileage: 44_000,
    });
  });

  it('requires a number', () => {
    expect(errorOf({ vehicle_number: '   ' })).toEqual({ vehicle_number: 'Enter the vehicle number' });
  });

  it('refuses a number another vehicle holds, case-insensitively, inactive ones included, but not the vehicle itself', () => {
    expect(errorOf({ vehicle_number: 'bus 12' })).toEqual({ vehicle_number: 'Another vehicle already has this number' });
    expect(errorOf({ vehicle_number: ' van-3 ' })).toEqual({ vehicle_number: 'Another vehicle already has this number' });
    expect(errorOf({ vehicle_number: 'BUS 12' }, 'a')).toBeNull();
    expect(numberTaken([{ id: 'x', vehicle_number: 'Bus 12', deleted_at: '2026-01-01' }], 'bus 12', null)).toBeNull();
  });

  it('takes a VIN of 17 characters without I, O or Q, or none', () => {
    expect(errorOf({ vin: '' })).toBeNull();
    expect(errorOf({ vin: '1BAKGCPA4KF12345' })).toEqual({ vin: 'A VIN has 17 characters' });
    expect(errorOf({ vin: '1BAKGCPA4KF1234567' })).toEqual({ vin: 'A VIN has 17 characters' });
    for (const bad of ['1BAKGCPA4KF12345I', '1BAKGCPA4KF12345O', '1BAKGCPA4KF12345Q', '1BAKGCPA4KF12345!']) {
      expect(errorOf({ vin: bad })).toEqual({ vin: 'A VIN holds only digits and letters other than I, O and Q' });
    }
  });

  it('takes a year from 1950 to 2100', () => {
    expect(errorOf({ year: '1950' })).toBeNull();
    expect(errorOf({ year: '2100' })).toBeNull();
    expect(errorOf({ year: '1949' })).toEqual({ year: 'The year must be between 1,950 and 2,100' });
    expect(errorOf({ year: '2101' })).toEqual({ year: 'The year must be between 1,950 and 2,100' });
    expect(errorOf({ year: '20.5' })).toEqual({ year: 'Enter the year as a whole number' });
  });

  it('refuses an oil change in the future or past the mileage', () => {
    expect(errorOf({ oil_change_date: '2026-11-25' })).toEqual({ oil_change_date: 'The last oil change cannot be in the future' });
    expect(errorOf({ mileage: '1000', oil_change_mileage: '1001' })).toEqual({
      oil_change_mileage: 'The mileage at the oil change cannot be more than the vehicle mileage',
    });
    expect(errorOf({ mileage: '-4' })).toEqual({ mileage: 'Enter the mileage as a whole number' });
  });
});

describe('the maintenance form', () => {
  const base = {
    service_type: 'Oil change',
    description: '',
    service_date: '2026-11-20',
    mileage: '',
    cost: '',
    vendor: '',
    next_due_date: '',
    status: 'completed',
  };

  it('stores the cost in cents and blanks as null', () => {
    expect(maintenanceSchema.parse(maintenanceInput({ ...base, cost: '89.90', mileage: '51000' }))).toEqual({
      service_type: 'Oil change',
      description: null,
      service_date: '2026-11-20',
      mileage: 51_000,
      cost_cents: 8_990,
      vendor: null,
      next_due_date: null,
      status: 'completed',
    });
  });

  it('says what is wrong', () => {
    const r = maintenanceSchema.safeParse(
      maintenanceInput({ ...base, service_type: ' ', cost: '12.345', status: 'resolved', next_due_date: '2026-11-19' }),
    );
    expect(r.success).toBe(false);
    expect(Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))).toEqual({
      service_type: 'Enter the type of service',
      cost_cents: 'Enter the cost in dollars and cents, such as 45.90',
      status: 'Choose a status',
    });
    const due = maintenanceSchema.safeParse(maintenanceInput({ ...base, next_due_date: '2026-11-19' }));
    expect(due.error?.issues.map((i) => i.message)).toEqual(['The next due date cannot be before the service date']);
  });
});

describe('the fuel form', () => {
  const base = { fueled_at: '2026-11-20T07:30', amount: '', unit: 'gal', cost: '', odometer: '', station: '', driver_id: '' };

  it('stores litres as gallons, and the local time as an instant', () => {
    const r = fuelSchema.parse(fuelInput({ ...base, amount: '100', unit: 'l', cost: '120.00', odometer: '20500' }));
    expect(r).toEqual({
      fueled_at: new Date('2026-11-20T07:30').toISOString(),
      gallons: 26.417,
      cost_cents: 12_000,
      odometer: 20_500,
      station: null,
      driver_id: null,
    });
    expect(fuelSchema.parse(fuelInput({ ...base, amount: '24.5' })).gallons).toBe(24.5);
  });

  it('refuses no amount, a nought amount and a driver not from the list', () => {
    const issues = (patch: Partial<typeof base>) =>
      (fuelSchema.safeParse(fuelInput({ ...base, ...patch })).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]);
    expect(issues({})).toEqual([['amount', 'Enter how much fuel']]);
    expect(issues({ amount: '0.0001', unit: 'l' })).toEqual([['amount', 'Enter an amount more than 0 and under 100,000 gallons']]);
    expect(issues({ amount: 'ten' })).toEqual([['amount', 'Enter the amount as a number, such as 24.5']]);
    expect(issues({ amount: '10', driver_id: 'Smith' })).toEqual([['driver_id', 'Choose a driver from the list']]);
    expect(issues({ amount: '10', fueled_at: '' })).toEqual([['fueled_at', 'Enter the date and time of the fill-up']]);
  });
});

describe('the service rule form', () => {
  it('takes whole days and miles in range', () => {
    expect(serviceRuleSchema.parse({ days: '120', miles: '5,000' })).toEqual({ days: 120, miles: 5_000 });
    const r = serviceRuleSchema.safeParse({ days: '0', miles: 'lots' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Enter a whole number of days from 1 to 3,650',
      'Enter a whole number of miles from 1 to 1,000,000',
    ]);
  });

  it('says the service-due flag in words', () => {
    expect(dueText(['days', 'miles'])).toBe('Oil change overdue (days); Oil change overdue (miles)');
    expect(dueText(null)).toBe('Not due');
  });
});

describe('a reading moves its vehicle on', () => {
  const vehicle = { id: 'v', mileage: 20_000, oil_change_date: '2026-09-01', oil_change_mileage: 18_000 };

  it('raises the mileage to a higher reading only', () => {
    expect(vehiclePatchFrom(vehicle, { odometer: 20_400 })).toEqual({ mileage: 20_400 });
    expect(vehiclePatchFrom(vehicle, { odometer: 19_000 })).toEqual({});
    expect(vehiclePatchFrom(vehicle, { odometer: null })).toEqual({});
  });

  it('makes a newer done oil change the last one, with its odometer', () => {
    expect(vehiclePatchFrom(vehicle, { odometer: 20_100, oilChangeOn: '2026-11-20' })).toEqual({
      mileage: 20_100,
      oil_change_date: '2026-11-20',
      oil_change_mileage: 20_100,
    });
    expect(vehiclePatchFrom(vehicle, { odometer: null, oilChangeOn: '2026-08-01' })).toEqual({});
  });
});
