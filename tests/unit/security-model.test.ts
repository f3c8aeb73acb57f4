import { describe, expect, it } from 'vitest';
import {
  doorLogCsv,
  doorLogPredicate,
  doorLogReportFileName,
  effectiveCondition,
  expandDoorRange,
  formatPhone,
  isListedSecurityUser,
  parseDoorRangeFilter,
  securityRoleLabel,
  yesNoValue,
  type DoorLogRow,
} from '../../src/features/security/model';

describe('expandDoorRange', () => {
  it('expands prefixed ranges', () => {
    expect(expandDoorRange('EA1-EA10')).toEqual({
      ok: true,
      doors: ['EA1', 'EA2', 'EA3', 'EA4', 'EA5', 'EA6', 'EA7', 'EA8', 'EA9', 'EA10'],
    });
    expect(expandDoorRange('ea3 - ea4')).toEqual({ ok: true, doors: ['ea3', 'ea4'] });
    expect(expandDoorRange('EA8-10')).toEqual({ ok: true, doors: ['EA8', 'EA9', 'EA10'] });
  });
  it('keeps zero padding and handles bare numbers', () => {
    expect(expandDoorRange('D001-D005')).toEqual({ ok: true, doors: ['D001', 'D002', 'D003', 'D004', 'D005'] });
    expect(expandDoorRange('D098-D101')).toEqual({ ok: true, doors: ['D098', 'D099', 'D100', 'D101'] });
    expect(expandDoorRange('101-103')).toEqual({ ok: true, doors: ['101', '102', '103'] });
  });
  it('treats a single number as one door', () => {
    expect(expandDoorRange(' EA7 ')).toEqual({ ok: true, doors: ['EA7'] });
    expect(expandDoorRange('EA5-EA5')).toEqual({ ok: true, doors: ['EA5'] });
  });
  it('refuses reversed, malformed, mixed and oversized ranges', () => {
    expect(expandDoorRange('EA10-EA1').ok).toBe(false);
    expect(expandDoorRange('EA-EB').ok).toBe(false);
    expect(expandDoorRange('EA1-EB3').ok).toBe(false);
    expect(expandDoorRange('1-2-3').ok).toBe(false);
    expect(expandDoorRange('').ok).toBe(false);
    expect(expandDoorRange('D1-D500')).toMatchObject({ ok: true });
    expect(expandDoorRange('D1-D501').ok).toBe(false);
  });
});

describe('effectiveCondition', () => {
  it('prefers door override, then campus default, then global default', () => {
    expect(effectiveCondition({ doorOverride: 'Locked', campusDefault: 'Closed', globalDefault: 'Secure' })).toEqual({
      condition: 'Locked',
      source: 'door',
    });
    expect(effectiveCondition({ doorOverride: '  ', campusDefault: 'Closed', globalDefault: 'Secure' })).toEqual({
      condition: 'Closed',
      source: 'campus',
    });
    expect(effectiveCondition({ globalDefault: 'Secure' })).toEqual({ condition: 'Secure', source: 'global' });
    expect(effectiveCondition({})).toEqual({ condition: null, source: 'none' });
  });
});

describe('door log filters', () => {
  const row = (over: Partial<DoorLogRow>): DoorLogRow => ({
    id: '1',
    created_at: new Date(2026, 10, 20, 12).toISOString(),
    door_number: 'EA2',
    campus: 'North',
    door_status: 'operational',
    door_problem: null,
    maintenance: 'no',
    user_id: 'u1',
    user_name: 'Pat Officer',
    notes: null,
    ...over,
  });

  it('reads yes/no as the spec does', () => {
    expect(['', 'no', 'None', ' NO ', null].map((v) => yesNoValue(v))).toEqual(['no', 'no', 'no', 'no', 'no']);
    expect(['yes', 'broken hinge', 'nope'].map((v) => yesNoValue(v))).toEqual(['yes', 'yes', 'yes']);
  });

  it('parses A-B and needs both ends', () => {
    expect(parseDoorRangeFilter('EA1-EA10')).toEqual({ from: 'EA1', to: 'EA10' });
    expect(parseDoorRangeFilter('EA1-')).toBeNull();
    expect(parseDoorRangeFilter('EA1')).toBeNull();
  });

  it('includes the whole end day and compares ranges case-insensitively', () => {
    const p = doorLogPredicate({ startDate: '2026-11-20', endDate: '2026-11-20', doorRange: 'ea1-EA10' });
    expect(p(row({}))).toBe(true);
    expect(p(row({ created_at: new Date(2026, 10, 20, 23, 59, 59).toISOString() }))).toBe(true);
    expect(p(row({ created_at: new Date(2026, 10, 21, 0, 0, 0).toISOString() }))).toBe(false);
    expect(p(row({ created_at: new Date(2026, 10, 19, 23, 59, 59).toISOString() }))).toBe(false);
    expect(p(row({ door_number: 'ea10' }))).toBe(true);
    expect(p(row({ door_number: 'EA11' }))).toBe(false);
    expect(p(row({ door_number: 'D1' }))).toBe(false);
  });

  it('filters problem, maintenance, campus, status and user', () => {
    expect(doorLogPredicate({ problem: 'yes' })(row({ door_problem: 'Latch broken' }))).toBe(true);
    expect(doorLogPredicate({ problem: 'yes' })(row({ door_problem: 'none' }))).toBe(false);
    expect(doorLogPredicate({ maintenance: 'no' })(row({ maintenance: '' }))).toBe(true);
    expect(doorLogPredicate({ campus: 'South' })(row({}))).toBe(false);
    expect(doorLogPredicate({ status: 'maintenance' })(row({}))).toBe(false);
    expect(doorLogPredicate({ userId: 'u1' })(row({}))).toBe(true);
  });

  it('exports the spec columns, escaped', () => {
    const csv = doorLogCsv([row({ notes: 'Said "hi", then\nleft', user_name: "O'Neil, Sam" })], () => '11/20/2026, 12:00 PM');
    expect(csv.split('\r\n')[0]).toBe(
      'Date/Time,Door Number,Campus,Status,Problem,Maintenance,Created By,Notes,Recorded on Device,Received by Server,Device Clock',
    );
    expect(csv).toContain('"11/20/2026, 12:00 PM",EA2,North,operational,,no,"O\'Neil, Sam","Said ""hi"", then\nleft"');
    expect(doorLogReportFileName(new Date(2026, 0, 5), 'csv')).toBe('door-logs-report-2026-01-05.csv');
  });
});

describe('formatPhone', () => {
  it('keeps digits only, at most 10, as (xxx)-xxx-xxxx', () => {
    expect(formatPhone('5125550142')).toBe('(512)-555-0142');
    expect(formatPhone('(512) 555-0142 ext 9')).toBe('(512)-555-0142');
    expect(formatPhone('512')).toBe('(512');
    expect(formatPhone('5125')).toBe('(512)-5');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('51255501429999').length).toBe(14);
  });
});

describe('security user labels', () => {
  it('labels and lists as spec §6', () => {
    expect(securityRoleLabel({ is_super_admin: true, is_security_admin: true })).toBe('Super Admin');
    expect(securityRoleLabel({ is_security_admin: true })).toBe('Security Admin');
    expect(securityRoleLabel({ role: 'regular_user' })).toBe('User');
    expect(isListedSecurityUser({ role: 'regular_user' })).toBe(true);
    expect(isListedSecurityUser({ role: 'user', is_transportation_admin: true })).toBe(false);
    expect(isListedSecurityUser({ role: 'transportation_admin' })).toBe(false);
    expect(isListedSecurityUser({ role: 'office_staff', is_security_admin: true })).toBe(true);
  });
});
