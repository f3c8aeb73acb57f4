/**
 * The missed-check thresholds (tenant_settings missed_check_grace_percent and
 * missed_check_escalate_percent), saved through the offline core as the
 * check interval is. Like the interval, they change only once this device
 * has the server's settings (setting_key is unique on the server: a device
 * that has not seen them must not create rows of its own).
 */
import { useState } from 'react';
import { upsertRow, useRows, type TenantDb } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { dropFieldError } from '../../../ui/form-message';
import { useToast } from '../../../ui/toast';
import {
  ESCALATE_PERCENT_KEY,
  ESCALATE_PERCENT_RANGE,
  GRACE_PERCENT_KEY,
  GRACE_PERCENT_RANGE,
  parseEscalatePercent,
  parseGracePercent,
} from '../missed-check';
import { useIntervalEdit } from '../hooks/use-interval-edit';
import { missedCheckSettingsSchema } from '../missed-check-settings-schema';

/** `heading` follows the page's outline: h2 straight under the page's title, h3 inside a titled section. */
export function MissedCheckSettings({ db, canEdit, heading = 'h3' }: { db: TenantDb; canEdit: boolean; heading?: 'h2' | 'h3' }) {
  const Heading = heading;
  const toast = useToast();
  const rows = useRows(db, 'tenant_settings');
  const graceRow = rows?.find((r) => r.setting_key === GRACE_PERCENT_KEY) ?? null;
  const escalateRow = rows?.find((r) => r.setting_key === ESCALATE_PERCENT_KEY) ?? null;
  const stored = { grace: parseGracePercent(graceRow?.setting_value), escalate: parseEscalatePercent(escalateRow?.setting_value) };
  const edit = useIntervalEdit(db, graceRow !== null && escalateRow !== null);
  // What the user typed; until then the stored values show (and follow another admin's change arriving by sync).
  const [edits, setEdits] = useState<{ grace?: string; escalate?: string }>({});
  const form = { grace: edits.grace ?? String(stored.grace), escalate: edits.escalate ?? String(stored.escalate) };
  const [errors, setErrors] = useState<{ grace?: string; escalate?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const parsed = missedCheckSettingsSchema.safeParse(form);
    if (!parsed.success) {
      const next: { grace?: string; escalate?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'grace' || key === 'escalate') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setProblem(null);
    setBusy(true);
    try {
      const now = new Date().toISOString();
      const writes: [string, typeof graceRow, number][] = [
        [GRACE_PERCENT_KEY, graceRow, parsed.data.grace],
        [ESCALATE_PERCENT_KEY, escalateRow, parsed.data.escalate],
      ];
      for (const [key, row, value] of writes) {
        if (row && parseGracePercent(row.setting_value) === value && key === GRACE_PERCENT_KEY) continue;
        if (row && parseEscalatePercent(row.setting_value) === value && key === ESCALATE_PERCENT_KEY) continue;
        await upsertRow(db, 'tenant_settings', {
          id: row?.id ?? crypto.randomUUID(),
          setting_key: key,
          setting_value: String(value),
          updated_at: now,
        });
      }
      setEdits({});
      toast.show({ message: 'Missed-check alert thresholds saved', tone: 'success' });
    } catch (e) {
      setProblem(`The thresholds were not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const disabled = !canEdit || edit.status !== 'ready';
  return (
    <form
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Missed-check alerts"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Heading className="font-semibold text-slate-900">Missed-check alerts</Heading>
      <p className="text-sm text-slate-700">
        A door is overdue once its check interval plus the grace period has passed, and escalates to super admins at the escalation
        threshold (both as a share of the interval).
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Grace period (% of the interval)"
          inputMode="numeric"
          value={form.grace}
          disabled={disabled}
          error={errors.grace}
          hint={`${GRACE_PERCENT_RANGE.min} to ${GRACE_PERCENT_RANGE.max}`}
          onChange={(e) => {
            setEdits((f) => ({ ...f, grace: e.target.value }));
            setErrors((f) => dropFieldError(f, 'grace'));
          }}
        />
        <Field
          label="Escalate at (% of the interval)"
          inputMode="numeric"
          value={form.escalate}
          disabled={disabled}
          error={errors.escalate}
          hint={`${ESCALATE_PERCENT_RANGE.min} to ${ESCALATE_PERCENT_RANGE.max}`}
          onChange={(e) => {
            setEdits((f) => ({ ...f, escalate: e.target.value }));
            setErrors((f) => dropFieldError(f, 'escalate'));
          }}
        />
      </div>
      {canEdit && edit.reason && <p className="text-sm text-slate-600">{edit.reason}</p>}
      {!canEdit && <p className="text-sm text-slate-600">Only security admins change the alert thresholds.</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      {canEdit && (
        <Button type="submit" size="sm" busy={busy} disabled={disabled}>
          Save thresholds
        </Button>
      )}
    </form>
  );
}
