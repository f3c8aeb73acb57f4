/**
 * What the missed-check threshold form accepts: whole percentages within the ranges the rule reads. zod/mini, as
 * the rest of the board: classic zod would load with the board only for this form (decision 031).
 */
import { z } from 'zod/mini';
import { ESCALATE_PERCENT_RANGE, GRACE_PERCENT_RANGE } from './missed-check';

const percent = (min: number, max: number, what: string) => {
  const range = `${what} must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.pipe(z.string().check(z.trim(), z.regex(/^[0-9]{1,4}$/, range)), z.transform(Number)),
    z.number().check(z.gte(min, range), z.lte(max, range)),
  );
};

export const missedCheckSettingsSchema = z.object({
  grace: percent(GRACE_PERCENT_RANGE.min, GRACE_PERCENT_RANGE.max, 'The grace period'),
  escalate: percent(ESCALATE_PERCENT_RANGE.min, ESCALATE_PERCENT_RANGE.max, 'The escalation threshold'),
});
