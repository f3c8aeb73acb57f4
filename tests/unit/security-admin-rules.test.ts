import { describe, expect, it } from 'vitest';
import {
  conditionIdForCampus,
  conditionIdForDoor,
  doorCondition,
  findDoorByNumber,
  GLOBAL_CONDITION_ID,
  indexConditions,
} from '../../src/features/security/admin/conditions';
import { doorQrState } from '../../src/features/security/admin/doors-modal';
import { isOpenIncident } from '../../src/features/security/admin/incidents-modal';
import { MSG } from '../../src/features/security/admin/messages';
import {
  ADMIN_POLICY,
  assignableRoles,
  can,
  canEditIncident,
  canEditUser,
  incidentFormMode,
} from '../../src/features/security/admin/permissions';
import {
  campusFormSchema,
  campusValues,
  checkImageFile,
  conditionOverrideSchema,
  defaultConditionSchema,
  doorFormSchema,
  doorFormSchemaFor,
  EMPTY_INCIDENT,
  flagsForRole,
  incidentFormSchema,
  roleFromFlags,
  securityUserFormSchema,
} from '../../src/features/security/admin/schemas';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('permissions follow docs/rls-matrix.md', () => {
  it('campus, doors and conditions: security_admin and super_admin only', () => {
    for (const action of ['campus.write', 'door.write', 'door.delete', 'condition.write'] as const) {
      expect(ADMIN_POLICY[action]).toEqual(['security_admin', 'super_admin']);
      expect(can('regular_user', action)).toBe(false);
      expect(can('transportation_admin', action)).toBe(false);
      expect(can('user', action)).toBe(false);
    }
  });
  it('incidents: everyone reports, admins edit, the reporter edits while reported, only super_admin removes', () => {
    expect(can('regular_user', 'incident.report')).toBe(true);
    expect(can('security_admin', 'incident.delete')).toBe(false);
    expect(can('super_admin', 'incident.delete')).toBe(true);
    expect(canEditIncident('security_admin', 'u1', { reported_by: 'x', status: 'closed' })).toBe('all');
    expect(canEditIncident('regular_user', 'u1', { reported_by: 'u1', status: 'reported' })).toBe('own-reported');
    expect(canEditIncident('regular_user', 'u1', { reported_by: 'u1', status: 'investigating' })).toBe('none');
    expect(canEditIncident('regular_user', 'u1', { reported_by: 'u2', status: 'reported' })).toBe('none');
  });
  it('incidents: a non-admin files a new one at the default status; admins choose any status', () => {
    for (const role of ['regular_user', 'office_staff', 'transportation_admin', null])
      expect(incidentFormMode(role, 'u1', null), String(role)).toBe('own-reported');
    expect(incidentFormMode('security_admin', 'u1', null)).toBe('all');
    expect(incidentFormMode('super_admin', 'u1', null)).toBe('all');
    expect(incidentFormMode('regular_user', 'u1', { reported_by: 'u1', status: 'reported' })).toBe('own-reported');
    expect(incidentFormMode('regular_user', 'u1', { reported_by: 'u1', status: 'resolved' })).toBe('none');
    expect(EMPTY_INCIDENT.status).toBe('reported');
  });
  it('users: security admins edit non-super users and never grant super_admin; only super_admin removes', () => {
    expect(canEditUser('security_admin', { role: 'regular_user' })).toBe(true);
    expect(canEditUser('security_admin', { role: 'super_admin', is_super_admin: true })).toBe(false);
    expect(canEditUser('super_admin', { role: 'super_admin' })).toBe(true);
    expect(canEditUser('regular_user', { role: 'regular_user' })).toBe(false);
    expect(assignableRoles('security_admin')).not.toContain('super_admin');
    expect(assignableRoles('super_admin')).toContain('super_admin');
    expect(can('security_admin', 'user.delete')).toBe(false);
  });
});

describe('campus form', () => {
  const base = { name: 'North', address: '1 Main St', city: '', state: '', zip_code: '', lat: '', lng: '', active: true };
  it('requires a name with the spec message', () => {
    expect(firstMessage(campusFormSchema.safeParse({ ...base, name: '  ' }))).toBe(MSG.campusNameRequired);
  });
  it('needs numeric coordinates in range; blank is 0 and not sent on create', () => {
    expect(campusFormSchema.safeParse({ ...base, lat: 'abc' }).success).toBe(false);
    expect(campusFormSchema.safeParse({ ...base, lat: '91' }).success).toBe(false);
    const ok = campusFormSchema.parse(base);
    expect(ok.lat).toBe(0);
    expect(campusValues(ok, true)).not.toHaveProperty('latitude');
    expect(campusValues(campusFormSchema.parse({ ...base, lat: '30.5', lng: '-97.7' }), true)).toMatchObject({
      latitude: 30.5,
      longitude: -97.7,
      campus_name: 'North',
      address_line1: '1 Main St',
      city: null,
    });
    expect(campusValues(ok, false)).toMatchObject({ latitude: 0, longitude: 0 });
  });
});

describe('door form', () => {
  it('requires door number and campus with the spec message', () => {
    expect(firstMessage(doorFormSchema.safeParse({ door_number: '', campus_id: 'c1' }))).toBe(MSG.doorRequired);
    expect(firstMessage(doorFormSchema.safeParse({ door_number: 'EA1', campus_id: '' }))).toBe(MSG.doorRequired);
  });
  it('accepts ranges and refuses reversed or malformed ones', () => {
    expect(doorFormSchema.safeParse({ door_number: 'EA1-EA10', campus_id: 'c1' }).success).toBe(true);
    expect(doorFormSchema.safeParse({ door_number: 'EA10-EA1', campus_id: 'c1' }).success).toBe(false);
    expect(doorFormSchema.safeParse({ door_number: 'EA1-XB3', campus_id: 'c1' }).success).toBe(false);
    expect(doorFormSchema.safeParse({ door_number: 'A-B-C', campus_id: 'c1' }).success).toBe(false);
    // Editing one door is not a range: a hyphen in its number is kept.
    expect(doorFormSchemaFor(false).safeParse({ door_number: 'Gym-East', campus_id: 'c1' }).success).toBe(true);
    expect(firstMessage(doorFormSchemaFor(false).safeParse({ door_number: '', campus_id: 'c1' }))).toBe(MSG.doorRequired);
  });
  it('checks logo and QR uploads: image only, under 2 MB and 5 MB', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 }, 'logo')).toBe('Please select an image file');
    expect(checkImageFile({ type: 'image/png', size: 2 * 1024 * 1024 }, 'logo')).toBe('File size must be less than 2MB');
    expect(checkImageFile({ type: 'image/png', size: 2 * 1024 * 1024 - 1 }, 'logo')).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 }, 'qr')).toBe('File size must be less than 5MB');
    expect(checkImageFile({ type: 'image/jpeg', size: 4 * 1024 * 1024 }, 'qr')).toBeNull();
    expect(checkImageFile({ type: 'text/plain', size: 1 }, 'qr')).toBe('Please select an image file');
  });
  it('shows QR Generated when a code or an uploaded image is stored', () => {
    expect(doorQrState({ qr_code: null })).toBe('Not Generated');
    expect(doorQrState({ qr_code: '{"door_number":"EA1"}' })).toBe('Generated');
    expect(doorQrState({ qr_image: 'data:image/png;base64,xx' })).toBe('Generated');
    expect(MSG.doorsCreated(10)).toBe('Successfully created 10 doors');
  });
});

describe('incident form', () => {
  it('defaults to medium severity and reported status', () => {
    expect(EMPTY_INCIDENT).toMatchObject({ severity: 'medium', status: 'reported' });
  });
  it('requires title and description with the spec message', () => {
    expect(firstMessage(incidentFormSchema.safeParse({ ...EMPTY_INCIDENT, title: 'x' }))).toBe(MSG.incidentRequired);
    expect(incidentFormSchema.parse({ ...EMPTY_INCIDENT, title: ' Fire door ', description: 'propped open' })).toMatchObject({
      title: 'Fire door',
      location: null,
      campus_id: null,
    });
    expect(incidentFormSchema.safeParse({ ...EMPTY_INCIDENT, title: 'a', description: 'b', severity: 'extreme' }).success).toBe(false);
  });
  it('is open until resolved or closed', () => {
    expect(isOpenIncident({ status: 'reported' })).toBe(true);
    expect(isOpenIncident({ status: 'investigating' })).toBe(true);
    expect(isOpenIncident({ status: 'resolved' })).toBe(false);
    expect(isOpenIncident({ status: 'closed' })).toBe(false);
    expect(isOpenIncident({ status: 'reported', deleted_at: 'x' })).toBe(false);
  });
});

describe('security user form', () => {
  const base = {
    first_name: 'Ana',
    last_name: 'Lee',
    email: 'ana@x.test',
    department: '',
    phone: '',
    role: 'regular_user' as const,
    active: true,
  };
  it('requires email, first and last name with the spec message', () => {
    expect(firstMessage(securityUserFormSchema.safeParse({ ...base, last_name: '' }))).toBe(MSG.userRequired);
  });
  it('formats the phone as (xxx)-xxx-xxxx and keeps it optional', () => {
    expect(securityUserFormSchema.parse({ ...base, phone: '555.123.4567' }).phone).toBe('(555)-123-4567');
    expect(securityUserFormSchema.parse(base).phone).toBeNull();
    expect(securityUserFormSchema.safeParse({ ...base, phone: '555' }).success).toBe(false);
  });
  it('role flags edit the role (decision 006)', () => {
    expect(roleFromFlags('regular_user', 'security_admin', true)).toBe('security_admin');
    expect(roleFromFlags('security_admin', 'security_admin', false)).toBe('regular_user');
    expect(roleFromFlags('security_admin', 'super_admin', true)).toBe('super_admin');
    expect(roleFromFlags('office_staff', 'super_admin', false)).toBe('office_staff');
    expect(flagsForRole('security_admin')).toEqual({
      is_super_admin: false,
      is_security_admin: true,
      is_transportation_admin: false,
      is_admin: true,
    });
    expect(flagsForRole('regular_user')).toEqual({
      is_super_admin: false,
      is_security_admin: false,
      is_transportation_admin: false,
      is_admin: false,
    });
    expect(MSG.userCreateRefused).toBe('New user creation requires password setup. Please use the main user management system.');
  });
});

describe('conditions', () => {
  const door = { id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', campus_id: 'c1' };
  it('derives stable uuid-shaped ids for overrides and campus defaults', () => {
    const id = conditionIdForDoor(door.id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(id).not.toBe(door.id);
    expect(conditionIdForDoor(door.id)).toBe(id);
    expect(conditionIdForCampus(door.id)).not.toBe(id);
  });
  it('uses the door override, then the campus default, then the global default', () => {
    const rows = [
      { id: GLOBAL_CONDITION_ID, kind: 'global', condition: 'Closed and locked' },
      { id: 'x', kind: 'campus', campus_id: 'c1', condition: 'Closed' },
      { id: 'y', kind: 'door', door_id: door.id, condition: 'Propped for delivery' },
    ];
    expect(doorCondition(indexConditions(rows), door)).toEqual({ condition: 'Propped for delivery', source: 'door' });
    expect(doorCondition(indexConditions(rows.slice(0, 2)), door)).toEqual({ condition: 'Closed', source: 'campus' });
    expect(doorCondition(indexConditions(rows.slice(0, 2)), { id: 'd2', campus_id: 'c2' })).toEqual({
      condition: 'Closed and locked',
      source: 'global',
    });
    // A removed or empty override returns the door to its default.
    expect(doorCondition(indexConditions([...rows.slice(0, 2), { ...rows[2], deleted_at: 'now' }]), door).source).toBe('campus');
    expect(doorCondition(indexConditions([...rows.slice(0, 2), { ...rows[2], condition: '  ' }]), door).source).toBe('campus');
  });
  it('validates the override and default forms with the spec messages', () => {
    expect(firstMessage(conditionOverrideSchema.safeParse({ door_number: 'EA1', condition: ' ' }))).toBe(MSG.conditionFieldsRequired);
    expect(firstMessage(defaultConditionSchema.safeParse({ condition: '' }))).toBe(MSG.defaultRequired);
    expect(MSG.conditionDeleteConfirm('EA1')).toBe(
      'Are you sure you want to delete the condition for door EA1? This will reset it to use the default condition.',
    );
  });
  it('finds doors by number case-insensitively, within a campus when given', () => {
    const doors = [
      { id: 'a', door_number: 'EA1', campus_id: 'c1' },
      { id: 'b', door_number: 'EA1', campus_id: 'c2' },
    ];
    expect(findDoorByNumber(doors, 'ea1')?.id).toBe('a');
    expect(findDoorByNumber(doors, 'EA1', 'c2')?.id).toBe('b');
    expect(findDoorByNumber(doors, 'EA9')).toBeUndefined();
  });
});
