/** Pure rules of trusted time (decision 013): the device's learned offset and how flagged checks read. */
import { afterEach, describe, expect, it } from 'vitest';
import { clockOffsetMs, learnServerTime, offsetFromSample, resetDeviceClock, trustedNow } from '../../src/data/device-clock';
import { clockFlagText, deviceRecordedAt, humanDuration, serverReceivedAt } from '../../src/lib/clock-flag';
import { doorLogCsv, type DoorLogRow } from '../../src/features/security/model';
import { doorLogPdfRows, joinDoorLogs } from '../../src/features/security/admin/door-log-report';

afterEach(() => resetDeviceClock());

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('humanDuration', () => {
  it.each([
    [0, 'less than a second'],
    [40_000, '40 seconds'],
    [MIN, '1 minute'],
    [5 * MIN + 3_000, '5 minutes 3 seconds'],
    [2 * HOUR, '2 hours'],
    [DAY + 5_000, '1 day'],
    [2 * DAY + 3 * HOUR + 20 * MIN, '2 days 3 hours'],
    [-2 * DAY, '2 days'],
  ])('%i ms reads %j', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('clockFlagText', () => {
  it('is null for a check whose device time the server trusted', () => {
    expect(clockFlagText({ created_at: '2026-11-22T10:00:00Z' })).toBeNull();
    expect(clockFlagText({ clock_skew_ms: null })).toBeNull();
  });

  it('says how far off and which way, whether the row came as a number or as text', () => {
    expect(clockFlagText({ clock_skew_ms: -2 * DAY })).toBe('Device clock off by 2 days (behind)');
    expect(clockFlagText({ clock_skew_ms: String(3 * HOUR) })).toBe('Device clock off by 3 hours (ahead)');
  });

  it('both times: the device time falls back to the trusted one; received is null until synced', () => {
    expect(deviceRecordedAt({ created_at: 'a', device_created_at: 'b' })).toBe('b');
    expect(deviceRecordedAt({ created_at: 'a' })).toBe('a');
    expect(serverReceivedAt({ created_at: 'a' })).toBeNull();
  });
});

describe('the door-log report carries both times and the flag', () => {
  const log = {
    id: 'l1',
    door_id: 'd1',
    user_id: 'u1',
    created_at: '2026-11-22T10:00:00.000Z',
    received_at: '2026-11-22T10:00:00.000Z',
    device_created_at: '2099-01-01T00:00:00.000Z',
    clock_skew_ms: 2_276_000_000_000,
    door_status: 'operational',
  };
  const rows = joinDoorLogs([log], [{ id: 'd1', door_number: 'EA1' }], [{ id: 'u1', first_name: 'Riley' }], []);

  it('in the CSV', () => {
    const csv = doorLogCsv(rows, (iso) => iso);
    const [header, line] = csv.split('\r\n');
    expect(header).toBe(
      'Date/Time,Door Number,Campus,Status,Problem,Maintenance,Created By,Notes,Recorded on Device,Received by Server,Device Clock',
    );
    expect(line).toContain('2099-01-01T00:00:00.000Z,2026-11-22T10:00:00.000Z,Device clock off by');
    expect(line).toMatch(/\(ahead\)$/);
  });

  it('in the PDF rows, with a check not yet on the server said so', () => {
    const pending: DoorLogRow = { ...rows[0]!, received_at: null, clock_note: null };
    const [flagged, local] = doorLogPdfRows([rows[0]!, pending], (iso) => iso);
    expect(flagged!.slice(-3)).toEqual(['2099-01-01T00:00:00.000Z', '2026-11-22T10:00:00.000Z', rows[0]!.clock_note]);
    expect(local!.slice(-2)).toEqual(['Not yet synced', '']);
  });
});

describe('the device clock', () => {
  it('takes the offset halfway through the round trip', () => {
    expect(offsetFromSample({ serverMs: 1_000_000, sentMs: 1_000_000 + 2 * DAY, receivedMs: 1_000_200 + 2 * DAY })).toBe(2 * DAY + 100);
  });

  it('ignores a sample whose round trip is too slow or backwards, or whose server time is unreadable', () => {
    expect(offsetFromSample({ serverMs: 0, sentMs: 0, receivedMs: 60_000 })).toBeNull();
    expect(offsetFromSample({ serverMs: 0, sentMs: 10, receivedMs: 0 })).toBeNull();
    expect(offsetFromSample({ serverMs: Number.NaN, sentMs: 0, receivedMs: 1 })).toBeNull();
  });

  it('trustedNow is the device clock corrected by what it learned', () => {
    const now = Date.now();
    learnServerTime({ serverMs: now - 2 * DAY, sentMs: now, receivedMs: now });
    expect(clockOffsetMs()).toBe(2 * DAY);
    expect(Math.abs(trustedNow() - (Date.now() - 2 * DAY))).toBeLessThan(1000);
    learnServerTime({ serverMs: Number.NaN, sentMs: now, receivedMs: now });
    expect(clockOffsetMs()).toBe(2 * DAY);
  });
});
