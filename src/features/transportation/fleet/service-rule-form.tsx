/**
 * The service rule (oil change every N days or N miles), stored as the
 * tenant_settings rows transport_oil_change_days and transport_oil_change_miles
 * through the offline core. setting_key is unique on the server, so a row
 * already here is changed in place (its id reused), and a new one is only
 * created once this device has the server's settings: otherwise it could
 * create a second row for a key another device already set.
 */
import { useState } from 'react';
import { upsertRow, useRows, useSyncStates, type TenantSync } from '../../../data';
import { useOnline } from '../../../lib/use-online';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { dropFieldError } from '../../../ui/form-message';
import { useToast } from '../../../ui/toast';
import { OIL_CHANGE_DAYS_KEY, OIL_CHANGE_MILES_KEY, serviceRuleFrom } from '../service-due';
import { fieldErrors, serviceRuleSchema } from './fleet-model';

type RuleField = 'days' | 'miles';

export function ServiceRuleForm({ sync }: { sync: TenantSync }) {
  const toast = useToast();
  const rows = useRows(sync.db, 'tenant_settings');
  const states = useSyncStates(sync.db);
  const online = useOnline();
  const daysRow = rows?.find((r) => r.setting_key === OIL_CHANGE_DAYS_KEY) ?? null;
  const milesRow = rows?.find((r) => r.setting_key === OIL_CHANGE_MILES_KEY) ?? null;
  const stored = serviceRuleFrom(rows ?? []);
  // What the user typed; until then the stored rule shows (and follows another admin's change arriving by sync).
  const [edits, setEdits] = useState<Partial<Record<RuleField, string>>>({});
  const form = { days: edits.days ?? String(stored.days), miles: edits.miles ?? String(stored.miles) };
  const [errors, setErrors] = useState<Partial<Record<RuleField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const settingsState = states?.find((s) => s.table === 'tenant_settings');
  const pulled = typeof settingsState?.last_pull_at === 'string' || typeof settingsState?.missing_on_server_at === 'string';
  const ready = (daysRow !== null && milesRow !== null) || pulled;
  const waitText = ready
    ? null
    : online
      ? 'Loading the settings from the server before the rule can change...'
      : 'The rule can change after this device connects to the server once (the settings are not on it yet).';

  const save = async () => {
    const parsed = serviceRuleSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<RuleField>(parsed.error.issues));
      return;
    }
    setErrors({});
    setProblem(null);
    setBusy(true);
    try {
      const now = new Date().toISOString();
      const writes = [
        [OIL_CHANGE_DAYS_KEY, daysRow, parsed.data.days, stored.days],
        [OIL_CHANGE_MILES_KEY, milesRow, parsed.data.miles, stored.miles],
      ] as const;
      for (const [key, row, value, current] of writes) {
        if (row && value === current) continue;
        await upsertRow(sync.db, 'tenant_settings', {
          id: row?.id ?? crypto.randomUUID(),
          setting_key: key,
          setting_value: String(value),
          updated_at: now,
        });
      }
      setEdits({});
      toast.show({ message: 'Service rule saved', tone: 'success' });
    } catch (e) {
      setProblem(`The service rule was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const change = (k: RuleField, v: string) => {
    setEdits((f) => ({ ...f, [k]: v }));
    setErrors((f) => dropFieldError(f, k));
  };

  return (
    <form
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Service rule"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">Service rule</h2>
      <p className="text-sm text-slate-700">A vehicle is due for an oil change after whichever comes first.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Oil change every (days)"
          name="days"
          inputMode="numeric"
          value={form.days}
          disabled={!ready}
          error={errors.days}
          hint="Default 90"
          onChange={(e) => change('days', e.target.value)}
        />
        <Field
          label="Oil change every (miles)"
          name="miles"
          inputMode="numeric"
          value={form.miles}
          disabled={!ready}
          error={errors.miles}
          hint="Default 3,000"
          onChange={(e) => change('miles', e.target.value)}
        />
      </div>
      {waitText && <p className="text-sm text-slate-600">{waitText}</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button type="submit" busy={busy} disabled={!ready}>
        Save service rule
      </Button>
    </form>
  );
}
