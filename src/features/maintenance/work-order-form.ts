/**
 * The work order forms (issue 13 §2): what the Manage form, a comment and a
 * resolution accept, and how the Manage form follows a row that changes
 * under it. Apart from model.ts so the screens that only read work orders
 * (the security board) do not load classic zod and build these schemas.
 */
import { z } from 'zod';
import type { CacheRow } from '../../data';
import { WORK_ORDER_PRIORITIES } from './model';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What an admin changes on a work order: priority, due date (blank clears it) and assignee (blank unassigns). */
export const workOrderChangeSchema = z.object({
  priority: z.enum(WORK_ORDER_PRIORITIES, { message: 'Choose a priority' }),
  due_date: z
    .string()
    .trim()
    .refine((v) => v === '' || (DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), 'Enter the due date as a date')
    .transform((v) => (v === '' ? null : v)),
  assigned_to: z
    .string()
    .trim()
    .refine((v) => v === '' || z.string().uuid().safeParse(v).success, 'Choose someone from the list')
    .transform((v) => (v === '' ? null : v)),
});
export type WorkOrderChange = z.output<typeof workOrderChangeSchema>;

/** The Manage form's fields as text, the way the row holds them. */
export type WorkOrderForm = Record<keyof WorkOrderChange, string>;

export function workOrderFormValues(row: CacheRow): WorkOrderForm {
  return {
    priority: String(row.priority ?? 'medium'),
    due_date: typeof row.due_date === 'string' ? row.due_date.slice(0, 10) : '',
    assigned_to: typeof row.assigned_to === 'string' ? row.assigned_to : '',
  };
}

/**
 * What a save sends: only the fields the admin changed from what the row held
 * when they started, so saving a new due date does not undo a reassignment
 * another admin made meanwhile.
 */
export function changedFields(base: WorkOrderForm, edited: WorkOrderForm): Array<keyof WorkOrderForm> {
  return (Object.keys(base) as Array<keyof WorkOrderForm>).filter((k) => base[k] !== edited[k]);
}

/**
 * The form's values when the row changes under it (a pull): fields the
 * admin has not touched follow the row, touched ones keep the admin's entry.
 */
export function followRow(base: WorkOrderForm, edited: WorkOrderForm, current: WorkOrderForm): WorkOrderForm {
  const next = { ...edited };
  for (const k of Object.keys(base) as Array<keyof WorkOrderForm>) if (edited[k] === base[k]) next[k] = current[k];
  return next;
}

export const COMMENT_MAX = 2000;

export const commentSchema = z
  .string()
  .trim()
  .min(1, 'Write a comment first')
  .max(COMMENT_MAX, `Keep a comment under ${COMMENT_MAX} characters`);

export const resolutionSchema = z
  .string()
  .trim()
  .min(1, 'Say what was done to resolve it')
  .max(COMMENT_MAX, `Keep the resolution notes under ${COMMENT_MAX} characters`);
