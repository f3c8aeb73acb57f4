/**
 * Plans and prices of spec §9, in whole dollars; amounts are stored in cents.
 * Shared by the product API and the tenant form (pure, no imports).
 */
export const PLAN_NAMES = ['Basic', 'Professional', 'Enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const PLAN_INTERVALS = ['monthly', 'yearly', 'multi_year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const PLAN_INTERVAL_LABELS: Readonly<Record<PlanInterval, string>> = {
  monthly: 'Monthly',
  yearly: 'Yearly',
  multi_year: 'Multi-year',
};

const PRICES_DOLLARS: Readonly<Record<PlanName, Readonly<Record<PlanInterval, number>>>> = {
  Basic: { monthly: 29, yearly: 290, multi_year: 800 },
  Professional: { monthly: 99, yearly: 990, multi_year: 2700 },
  Enterprise: { monthly: 299, yearly: 2990, multi_year: 8000 },
};

/** Choosing a plan defaults to monthly (spec §9). */
export const DEFAULT_PLAN_INTERVAL: PlanInterval = 'monthly';
/** What the staff list shows for a tenant with no plan. */
export const DEFAULT_PLAN_LABEL = 'Starter';

export function planPriceCents(plan: PlanName, interval: PlanInterval): number {
  return PRICES_DOLLARS[plan][interval] * 100;
}

/** "$99.00 / Monthly", or the default label when there is no plan. */
export function describePlan(
  plan: string | null | undefined,
  interval: string | null | undefined,
  cents: number | null | undefined,
): string {
  if (!plan) return DEFAULT_PLAN_LABEL;
  const label = PLAN_INTERVAL_LABELS[interval as PlanInterval] ?? '';
  const amount = typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : '';
  return [plan, [amount, label].filter(Boolean).join(' / ')].filter(Boolean).join(' · ');
}
