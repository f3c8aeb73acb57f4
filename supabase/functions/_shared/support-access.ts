/**
 * The rules of audited support sessions that the product API enforces
 * (spec §5 Support access, §8; contract in docs/product-api.md): the reasons,
 * the messages in the spec's words, how long a session lives and how the
 * re-authentication lock works.
 */
import { z } from 'zod';
import { tenantSlugSchema } from './tenant-schema';

export const SUPPORT_REASON_VALUES = [
  'technical_support',
  'bug_investigation',
  'performance_issue',
  'data_migration',
  'security_audit',
  'feature_troubleshooting',
  'other',
] as const;

export const SUPPORT_API_MESSAGES = {
  required: 'Please fill in all required fields',
  otherDetails: 'Please provide details for the "Other" reason',
  authFailed: 'Authentication failed',
  locked: 'Too many failed attempts. Support access is locked for 15 minutes.',
} as const;

/** A support session lives 30 minutes and has no refresh token. */
export const SUPPORT_SESSION_SECONDS = 30 * 60;
/** Five wrong passwords in a row within 15 minutes lock the route for 15 minutes from the fifth. */
export const SUPPORT_LOCK = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

const required = { error: SUPPORT_API_MESSAGES.required };

/** POST /api/admin/support-sessions. `details` is required for `other` (checked after parsing, with its own message). */
export const startSupportSchema = z.strictObject({
  tenantSlug: tenantSlugSchema,
  password: z.string(required).min(1, required).max(1024),
  reason: z.enum(SUPPORT_REASON_VALUES, required),
  details: z.string().trim().max(2000).optional(),
});
export type StartSupport = z.output<typeof startSupportSchema>;
