/**
 * The check interval selector (spec §9 options), saved to tenant_settings
 * through the offline core. The local value holds at once; if the server
 * later refuses the change, the spec's messages say the setting is only
 * local (PGRST205: the settings table is missing; anything else: a
 * connection issue), and the value stays on the page. It may change only
 * once this device has seen the server's settings or heard that the table is
 * missing (useIntervalEdit, docs/decisions/009).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { listRejected, upsertRow, type TenantDb } from '../../../data';
import { Alert } from '../../../ui/alert';
import { inputClass } from '../../../ui/field';
import { useToast } from '../../../ui/toast';
import { CHECK_INTERVAL_KEY, CHECK_INTERVAL_OPTIONS, checkIntervalLabel, useCheckInterval } from '../../door-checks/index';
import { settingsSaveMessage } from '../door-status';
import { useIntervalEdit } from '../hooks/use-interval-edit';

export function CheckIntervalSelect({ db, canEdit }: { db: TenantDb; canEdit: boolean }) {
  const id = useId();
  const toast = useToast();
  const { hours, setting } = useCheckInterval(db);
  const edit = useIntervalEdit(db, setting !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const settingId = setting?.id ?? null;
  const rejected = useLiveQuery(() => listRejected(db), [db]);
  const ready = edit.status === 'ready';
  const seen = useRef<Set<number> | null>(null);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!rejected) return;
    const mine = rejected.filter((r) => r.table === 'tenant_settings' && (settingId === null || r.row_id === settingId));
    if (seen.current === null) {
      seen.current = new Set(mine.map((r) => r.id ?? -1));
      return;
    }
    for (const r of mine) {
      if (seen.current.has(r.id ?? -1)) continue;
      seen.current.add(r.id ?? -1);
      const message = settingsSaveMessage(r.error.code);
      // Said already at save time, when the table was known to be missing.
      if (message === announced.current) {
        announced.current = null;
        continue;
      }
      setProblem(message);
      toast.show({ message, tone: 'error' });
    }
  }, [rejected, settingId, toast]);

  const options: number[] = CHECK_INTERVAL_OPTIONS.includes(hours as (typeof CHECK_INTERVAL_OPTIONS)[number])
    ? [...CHECK_INTERVAL_OPTIONS]
    : [...CHECK_INTERVAL_OPTIONS, hours].sort((a, b) => a - b);

  const save = async (value: number) => {
    setProblem(null);
    announced.current = null;
    try {
      await upsertRow(db, 'tenant_settings', {
        id: settingId ?? crypto.randomUUID(),
        setting_key: CHECK_INTERVAL_KEY,
        setting_value: String(value),
        updated_at: new Date().toISOString(),
      });
      if (edit.missingOnServer) {
        // The server has no settings table (PGRST205): the push will be refused, say so now.
        const message = settingsSaveMessage('PGRST205');
        announced.current = message;
        setProblem(message);
        toast.show({ message, tone: 'info' });
        return;
      }
      toast.show({
        message: `Check interval set to ${checkIntervalLabel(value)}`,
        tone: 'success',
      });
    } catch (e) {
      setProblem(`The check interval was not saved: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          Check interval
        </label>
        <div className="w-56">
          <select
            id={id}
            className={inputClass}
            value={hours}
            disabled={!canEdit || !ready}
            onChange={(e) => void save(Number(e.target.value))}
          >
            {options.map((h) => (
              <option key={h} value={h}>
                {checkIntervalLabel(h)}
              </option>
            ))}
          </select>
        </div>
        {!canEdit && <span className="text-sm text-slate-600">Only security admins change the interval.</span>}
        {canEdit && edit.reason && <span className="text-sm text-slate-600">{edit.reason}</span>}
      </div>
      {problem && <Alert tone="warning">{problem}</Alert>}
    </div>
  );
}
