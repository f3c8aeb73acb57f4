/**
 * Zod schemas for every security administration form (spec §5). Forms keep
 * what the user typed on a failed parse; values are only written once they
 * pass.
 */
import { z } from 'zod';
import { expandDoorRange, formatPhone } from '../model';
import { MSG } from './messages';

const trimmed = z.string().transform((s) => s.trim());
const optionalText = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() ? s.trim() : null));

/** Latitude/longitude: blank is 0 (spec §5 fallback); otherwise a number in range. */
function coordinate(max: number, label: string) {
  return z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s === '' || Number.isFinite(Number(s)), {
      message: `${label} must be a number`,
    })
    .transform((s) => (s === '' ? 0 : Number(s)))
    .refine((n) => Math.abs(n) <= max, {
      message: `${label} must be between -${max} and ${max}`,
    });
}

export const campusFormSchema = z.object({
  name: trimmed.pipe(z.string().min(1, MSG.campusNameRequired)),
  address: trimmed.pipe(z.string().min(1, MSG.campusAddressRequired)),
  city: optionalText,
  state: optionalText,
  zip_code: optionalText,
  lat: coordinate(90, 'Latitude'),
  lng: coordinate(180, 'Longitude'),
  active: z.boolean(),
});
export type CampusFormInput = z.input<typeof campusFormSchema>;
export type CampusForm = z.output<typeof campusFormSchema>;

/** Campus row values; on create the coordinates are sent only when non-zero (spec §5). */
export function campusValues(f: CampusForm, creating: boolean): Record<string, unknown> {
  const v: Record<string, unknown> = {
    campus_name: f.name,
    address_line1: f.address,
    city: f.city,
    state: f.state,
    zip_code: f.zip_code,
    active: f.active,
  };
  if (!creating || f.lat !== 0) v.latitude = f.lat;
  if (!creating || f.lng !== 0) v.longitude = f.lng;
  return v;
}

/** Creating takes one door or a range; editing changes one door, whose number may contain a hyphen. */
export function doorFormSchemaFor(creating: boolean) {
  return z
    .object({
      door_number: trimmed,
      campus_id: z.string(),
      camera: optionalText,
    })
    .superRefine((v, ctx) => {
      if (!v.door_number || !v.campus_id) {
        ctx.addIssue({ code: 'custom', message: MSG.doorRequired, path: [v.door_number ? 'campus_id' : 'door_number'] });
        return;
      }
      if (!creating) return;
      const r = expandDoorRange(v.door_number);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error, path: ['door_number'] });
    });
}
export const doorFormSchema = doorFormSchemaFor(true);
export type DoorFormInput = z.input<typeof doorFormSchema>;
export type DoorForm = z.output<typeof doorFormSchema>;

export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const INCIDENT_STATUSES = ['reported', 'investigating', 'resolved', 'closed'] as const;

export const incidentFormSchema = z
  .object({
    title: trimmed,
    description: trimmed,
    severity: z.enum(INCIDENT_SEVERITIES),
    status: z.enum(INCIDENT_STATUSES),
    location: optionalText,
    campus_id: optionalText,
    assigned_to: optionalText,
    resolution_notes: optionalText,
  })
  .superRefine((v, ctx) => {
    if (!v.title || !v.description)
      ctx.addIssue({
        code: 'custom',
        message: MSG.incidentRequired,
        path: [v.title ? 'description' : 'title'],
      });
  });
export type IncidentFormInput = z.input<typeof incidentFormSchema>;
export type IncidentForm = z.output<typeof incidentFormSchema>;
export const EMPTY_INCIDENT: IncidentFormInput = {
  title: '',
  description: '',
  severity: 'medium',
  status: 'reported',
  location: '',
  campus_id: '',
  assigned_to: '',
  resolution_notes: '',
};

export const DEPARTMENTS = ['IT', 'Operations', 'Facilities', 'Security', 'Transportation', 'Police', 'Other'] as const;
export const USER_ROLES = ['regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'super_admin'] as const;
export const ROLE_LABEL: Record<(typeof USER_ROLES)[number], string> = {
  regular_user: 'Regular User',
  office_staff: 'Office Staff',
  security_admin: 'Security Admin',
  transportation_admin: 'Transportation Admin',
  super_admin: 'Super Admin',
};

export const securityUserFormSchema = z
  .object({
    first_name: trimmed,
    last_name: trimmed,
    email: trimmed,
    department: optionalText,
    phone: z.string().transform((s) => (s.trim() ? formatPhone(s) : null)),
    role: z.enum(USER_ROLES),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (!v.email || !v.first_name || !v.last_name) {
      ctx.addIssue({
        code: 'custom',
        message: MSG.userRequired,
        path: [!v.first_name ? 'first_name' : !v.last_name ? 'last_name' : 'email'],
      });
    }
    if (v.phone && v.phone.replace(/\D/g, '').length !== 10)
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a 10-digit phone number',
        path: ['phone'],
      });
  });
export type SecurityUserFormInput = z.input<typeof securityUserFormSchema>;
export type SecurityUserForm = z.output<typeof securityUserFormSchema>;

/**
 * The Security Admin and Super Admin checkboxes edit the role (decision 006):
 * ticking one sets that role, unticking returns to Regular User.
 */
export function roleFromFlags(
  current: (typeof USER_ROLES)[number],
  flag: 'security_admin' | 'super_admin',
  checked: boolean,
): (typeof USER_ROLES)[number] {
  if (checked) return flag;
  return current === flag ? 'regular_user' : current;
}

/**
 * The flags the server's trigger derives from the role (decision 006). Sent
 * with a role change only so the local cache agrees at once (list filter and
 * labels read the flags); the server recomputes them whatever is sent.
 */
export function flagsForRole(role: (typeof USER_ROLES)[number]) {
  return {
    is_super_admin: role === 'super_admin',
    is_security_admin: role === 'security_admin',
    is_transportation_admin: role === 'transportation_admin',
    is_admin: role === 'security_admin' || role === 'transportation_admin' || role === 'super_admin',
  };
}

// campus_id: '' is "any campus", enough while the number is on one campus only (resolveOverrideDoor).
export const conditionOverrideSchema = z
  .object({ door_number: trimmed, campus_id: trimmed.default(''), condition: trimmed })
  .refine((v) => v.door_number && v.condition, {
    message: MSG.conditionFieldsRequired,
    path: ['condition'],
  });

export const defaultConditionSchema = z.object({
  condition: trimmed.pipe(z.string().min(1, MSG.defaultRequired)),
});

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const QR_MAX_BYTES = 5 * 1024 * 1024;

/** Spec §5: image only, under the limit; returns the message to show, or null when the file is fine. */
export function checkImageFile(file: { type: string; size: number }, kind: 'logo' | 'qr'): string | null {
  if (!file.type.startsWith('image/')) return MSG.selectImage;
  const max = kind === 'logo' ? LOGO_MAX_BYTES : QR_MAX_BYTES;
  if (file.size >= max) return kind === 'logo' ? MSG.logoTooBig : MSG.qrTooBig;
  return null;
}
