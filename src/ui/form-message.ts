/**
 * A form's message (an error or the outcome of a save) that goes away once it
 * no longer describes what is on screen (issue 13 §3). An outcome ("... saved")
 * goes at the user's first edit; an error goes when a field it blames changes,
 * and one that blames no field (a save the server refused, no connection) stays
 * until the next submit replaces it, because editing does not make it untrue.
 * Put `onChange` on the <form>: React's change event bubbles from every input.
 */
import { useCallback, useState, type FormEvent } from 'react';
import type { AlertTone } from './alert';

export interface FormMessage {
  tone: AlertTone;
  text: string;
  /** The fields (input names) whose edit makes an error or warning untrue; 'any' for every field. */
  blames?: readonly string[] | 'any' | undefined;
}

/** Whether editing `field` leaves `message` describing input that is no longer there. */
export function staleAfterEdit(message: FormMessage, field: string): boolean {
  if (message.tone === 'success' || message.tone === 'info') return true;
  const { blames } = message;
  return blames === 'any' || (blames?.includes(field) ?? false);
}

/** The name of the input a form's change event came from ('' when it has none). */
export function changedField(e: FormEvent<HTMLFormElement>): string {
  const { name } = e.target as Partial<HTMLInputElement>;
  return typeof name === 'string' ? name : '';
}

export function useFormMessage<M extends FormMessage = FormMessage>() {
  const [message, show] = useState<M | null>(null);
  const edited = useCallback((field: string) => show((m) => (m && staleAfterEdit(m, field) ? null : m)), []);
  const onChange = useCallback((e: FormEvent<HTMLFormElement>) => edited(changedField(e)), [edited]);
  return { message, show, edited, onChange };
}

/** Field errors after the user edits `field`: that field's goes, the others are still true. */
export function dropFieldError<F extends Partial<Record<string, string>>>(fields: F, field: string): F {
  if (!(field in fields)) return fields;
  const rest = { ...fields };
  delete rest[field];
  return rest;
}

/** A summary over field errors ("All fields are required") goes with the last field it blamed. */
export function editedFieldProblem<P extends { fields: Partial<Record<string, string>> }>(problem: P | null, field: string): P | null {
  if (!problem || !(field in problem.fields)) return problem;
  const fields = dropFieldError(problem.fields, field);
  return Object.keys(fields).length > 0 ? { ...problem, fields } : null;
}
