/**
 * Acknowledge a missed-check alert with a required note: a door_alert_acks
 * insert through the offline core (cache row and outbox entry in one
 * transaction), so it works offline and reaches other admins on sync.
 */
import { useId, useState } from 'react';
import { insertRow, useRow, type TenantDb } from '../../../data';
import { Button } from '../../../ui/button';
import { inputClass } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { alertAckNoteSchema, alertAckValues, ACK_NOTE_MAX, type MissedCheckAlert } from '../missed-check';

function nameOf(user: Record<string, unknown> | undefined): string | null {
  if (!user) return null;
  const name = [user.first_name, user.last_name].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  return name || (typeof user.email === 'string' ? user.email : null);
}

export function AlertAckForm({ db, alert, onDone }: { db: TenantDb; alert: MissedCheckAlert; onDone: () => void }) {
  const id = useId();
  const me = useRow(db, 'users', db.binding.userId);
  const [note, setNote] = useState('');
  // "Write a note" goes as the note is edited; a save that failed stays until the next try.
  const { message, show, onChange } = useFormMessage();
  const error = message?.text ?? null;
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = alertAckNoteSchema.safeParse(note);
    if (!parsed.success) {
      show({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Write a note', blames: ['note'] });
      return;
    }
    setBusy(true);
    show(null);
    try {
      await insertRow(db, 'door_alert_acks', alertAckValues(alert, parsed.data, { id: db.binding.userId, name: nameOf(me) }));
      onDone();
    } catch (e) {
      show({ tone: 'error', text: `The acknowledgement was not saved: ${e instanceof Error ? e.message : String(e)}` });
      setBusy(false);
    }
  };

  return (
    <form
      className="mt-2 space-y-2"
      onChange={onChange}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Note for door {alert.doorNumber}
      </label>
      <textarea
        id={id}
        name="note"
        className={inputClass}
        rows={2}
        maxLength={ACK_NOTE_MAX + 50}
        value={note}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setNote(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy}>
          Save acknowledgement
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
