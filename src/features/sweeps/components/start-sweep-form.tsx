/**
 * Start a sweep (security and super admins): campus, kind, the door group
 * with how many of its doors the campus has, a note. The server decides
 * (a second sweep on the campus, a group with no doors there) and its
 * refusal is shown as it says it; offline the form says a connection is
 * needed instead of queueing a sweep nobody would see start.
 */
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { startSweep, type CacheRow, type SweepKind, type TenantSync } from '../../../data';
import { doorGroupLabel, doorGroupsOf } from '../../../lib/door-groups';
import { activeCampusesByName } from '../../../lib/inactive-campuses';
import { useOnline } from '../../../lib/use-online';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { SelectField, TextAreaField } from '../../../ui/controls';
import { SWEEP_KIND_LABEL } from '../sweep-progress';

const KINDS = Object.keys(SWEEP_KIND_LABEL) as SweepKind[];
const NOTE_MAX = 500;

const startSchema = z.object({
  campusId: z.string().min(1, 'Choose a campus.'),
  kind: z.enum(['lockdown_drill', 'fire_drill', 'lockup', 'other']),
  group: z.string().min(1, 'Choose a door group.'),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters.`)
    .transform((v) => v || null),
});

export function StartSweepForm({
  sync,
  campuses,
  doors,
  runningCampusIds,
}: {
  sync: TenantSync;
  campuses: readonly CacheRow[];
  doors: readonly CacheRow[];
  runningCampusIds: ReadonlySet<string>;
}) {
  const online = useOnline();
  const active = useMemo(() => activeCampusesByName(campuses), [campuses]);
  const [campusId, setCampusId] = useState('');
  const [kind, setKind] = useState<SweepKind>('lockup');
  const [group, setGroup] = useState('exterior');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The groups of the chosen campus's doors, with how many doors each has there.
  const groups = useMemo(() => {
    const counts = new Map<string, number>();
    for (const d of doors) {
      if (d.deleted_at || d.campus_id !== campusId) continue;
      for (const g of doorGroupsOf(d)) counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [doors, campusId]);
  // Exterior is the usual target; a campus without the group last chosen falls back to its first group.
  const chosen = groups.some(([g]) => g === group) ? group : (groups[0]?.[0] ?? '');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setStarted(null);
    const parsed = startSchema.safeParse({ campusId, kind, group: chosen, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form.');
    setError(null);
    setBusy(true);
    const answer = await startSweep(sync, parsed.data);
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setNote('');
    setStarted(`Sweep started: ${SWEEP_KIND_LABEL[kind]} on ${doorGroupLabel(chosen)} doors.`);
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Start a sweep"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">Start a sweep</h2>
      {!online && <Alert tone="warning">Starting a sweep needs a connection to the server.</Alert>}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Campus" value={campusId} onChange={(e) => setCampusId(e.target.value)}>
          <option value="">Select a campus</option>
          {active.map((c) => (
            <option key={c.id} value={c.id}>
              {String(c.campus_name)}
              {runningCampusIds.has(c.id) ? ' (sweep running)' : ''}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as SweepKind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {SWEEP_KIND_LABEL[k]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Door group" value={chosen} onChange={(e) => setGroup(e.target.value)}>
          {groups.length === 0 && <option value="">{campusId ? 'No groups on this campus' : 'Choose a campus first'}</option>}
          {groups.map(([g, n]) => (
            <option key={g} value={g}>
              {doorGroupLabel(g)} ({n} door{n === 1 ? '' : 's'})
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Note" maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      {error && <Alert tone="error">{error}</Alert>}
      {started && <Alert tone="success">{started}</Alert>}
      <Button type="submit" disabled={busy || !online}>
        {busy ? 'Starting...' : 'Start sweep'}
      </Button>
    </form>
  );
}
