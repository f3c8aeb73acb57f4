/**
 * The tenant's violation types (decision 025): the tenant_settings row
 * parking_violation_types, one type per line, written through the offline
 * core. setting_key is unique on the server, so the row already here is
 * changed in place, and a new one is only created once this device has the
 * server's settings: before that another device may already have set it,
 * and a second row would be refused on sync.
 */
import { useState } from 'react';
import { insertRow, updateRow, useSyncStates, type CacheRow, type TenantSync } from '../../../data';
import { useOnline } from '../../../lib/use-online';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/controls';
import { useToast } from '../../../ui/toast';
import { DEFAULT_VIOLATION_TYPES, VIOLATION_TYPES_KEY } from '../parking-rules';
import { checkViolationTypes, MAX_TYPE_LENGTH, MAX_TYPES } from './parking-reports';

export function ViolationTypesEditor({ sync, types, setting }: { sync: TenantSync; types: readonly string[]; setting: CacheRow | null }) {
  const toast = useToast();
  const online = useOnline();
  const states = useSyncStates(sync.db);
  // What the user typed; until then the saved list shows (and follows another device's change arriving by sync).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = types.join('\n');
  const value = draft ?? saved;

  const settingsState = states?.find((s) => s.table === 'tenant_settings');
  const pulled = typeof settingsState?.last_pull_at === 'string' || typeof settingsState?.missing_on_server_at === 'string';
  const ready = setting !== null || pulled;
  const waitText = ready
    ? null
    : online
      ? 'Loading the settings from the server before the list can change...'
      : 'The list can change after this device connects to the server once (the settings are not on it yet).';

  const save = async () => {
    const checked = checkViolationTypes(value);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setProblem(null);
    setBusy(true);
    try {
      const now = new Date().toISOString();
      if (setting) {
        await updateRow(sync.db, 'tenant_settings', setting.id, { setting_value: checked.value, updated_at: now });
      } else {
        await insertRow(sync.db, 'tenant_settings', {
          setting_key: VIOLATION_TYPES_KEY,
          setting_value: checked.value,
          updated_at: now,
        });
      }
      setDraft(null);
      toast.show({ message: `Violation types saved (${checked.types.length})`, tone: 'success' });
    } catch (e) {
      setProblem(`The violation types were not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-labelledby="parking-types-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id="parking-types-heading" className="text-base font-semibold text-slate-900">
        Violation types
      </h3>
      <p className="text-sm text-slate-700">
        The types offered when a violation is written, here and on officers' phones. A violation keeps the type it was written with, so
        renaming a type does not change past violations.
      </p>
      <TextAreaField
        label="Violation types, one per line"
        name="violation_types"
        rows={Math.min(14, Math.max(6, value.split('\n').length + 1))}
        value={value}
        disabled={!ready}
        error={error ?? undefined}
        hint={`Up to ${MAX_TYPES} types, each ${MAX_TYPE_LENGTH} characters or fewer. Blank lines and repeats are dropped.`}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
      />
      {waitText && <p className="text-sm text-slate-600">{waitText}</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      {draft !== null && draft !== saved && <p className="text-sm text-slate-700">Not saved yet.</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy} disabled={!ready}>
          Save violation types
        </Button>
        <Button
          variant="secondary"
          disabled={!ready}
          onClick={() => {
            setDraft(DEFAULT_VIOLATION_TYPES.join('\n'));
            setError(null);
          }}
        >
          Reset to defaults
        </Button>
      </div>
    </form>
  );
}
