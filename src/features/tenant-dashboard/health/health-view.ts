/**
 * How the System Health modal shows a status (spec §4): excellent green, good
 * blue, fair yellow, poor red, always with the word beside the colour.
 */
import type { HealthStatus } from '../../../../supabase/functions/_shared/health';

export const STATUS_LABELS: Record<HealthStatus, string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Poor' };

export const STATUS_COLOURS: Record<HealthStatus, 'green' | 'blue' | 'yellow' | 'red'> = {
  excellent: 'green',
  good: 'blue',
  fair: 'yellow',
  poor: 'red',
};

/** Badge classes: dark text on a light tint (contrast above 4.5:1). */
export const BADGE_CLASSES: Record<HealthStatus, string> = {
  excellent: 'bg-green-100 text-green-800',
  good: 'bg-blue-100 text-blue-800',
  fair: 'bg-yellow-100 text-yellow-900',
  poor: 'bg-red-100 text-red-800',
};

export const BAR_CLASSES: Record<HealthStatus, string> = {
  excellent: 'bg-green-600',
  good: 'bg-blue-600',
  fair: 'bg-yellow-500',
  poor: 'bg-red-600',
};

/** A stored ISO time in the viewer's locale. */
export function formatCheckedAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
