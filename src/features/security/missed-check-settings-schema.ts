/** What the missed-check threshold form accepts: whole percentages within the ranges the rule reads. */
import { z } from 'zod';
import { ESCALATE_PERCENT_RANGE, GRACE_PERCENT_RANGE } from './missed-check';

const percent = (min: number, max: number, what: string) => {
  const range = `${what} must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^[0-9]{1,4}$/, range)
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range));
};

export const missedCheckSettingsSchema = z.object({
  grace: percent(GRACE_PERCENT_RANGE.min, GRACE_PERCENT_RANGE.max, 'The grace period'),
  escalate: percent(ESCALATE_PERCENT_RANGE.min, ESCALATE_PERCENT_RANGE.max, 'The escalation threshold'),
});
