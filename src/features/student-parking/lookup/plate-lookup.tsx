/**
 * The plate lookup, made for a phone in the lot (issue 15): type or paste a
 * plate and the answer shows while typing, from this device's copy and with
 * no signal: the permit in force (student, spot, vehicle, end) or why not,
 * and the plate's open violations. One tap writes a violation for the plate,
 * permitted or not. A scanned permit code (?permit={id}) opens on its plate.
 * Officers get this screen alone; staff get it as a tab.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useRowSyncStates, useSyncStates, watchCacheWrites, type CacheRow, type SyncedTable, type TenantSync } from '../../../data';
import { localDateIso } from '../../../lib/local-date';
import { normalizeRole } from '../../../lib/roles';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Facts } from '../../../ui/controls';
import { cx } from '../../../ui/cx';
import { useTenantRoute } from '../../tenant-auth/index';
import { plateKey, violationTypeLabel } from '../parking-rules';
import { ViolationFormModal } from '../violations/violation-form';
import type { ViolationForm } from '../violations/violation-model';
import { formatWhen } from '../violations/violation-model';
import { lookupPlate, type PlateLookup as Answer, type PlateVerdict } from './lookup-model';

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function formatDay(iso: unknown): string {
  const day = text(iso).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'No end date';
  return new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

const LOT_TABLES: readonly SyncedTable[] = ['parking_permits', 'parking_violations'];

const VERDICT = {
  active: { title: 'Active permit', box: 'border-green-700 bg-green-50', head: 'text-green-900' },
  suspended: { title: 'Permit suspended', box: 'border-red-700 bg-red-50', head: 'text-red-900' },
  expired: { title: 'Permit expired', box: 'border-amber-600 bg-amber-50', head: 'text-amber-900' },
  none: { title: 'No permit for this plate', box: 'border-slate-500 bg-slate-50', head: 'text-slate-900' },
} as const;

function PermitFacts({ permit }: { permit: CacheRow }) {
  const student = [text(permit.student_name), text(permit.student_id) && `(${text(permit.student_id)})`].filter(Boolean).join(' ');
  return (
    <Facts
      items={[
        ['Student', student || '—'],
        ['Spot', text(permit.parking_spot_number) || 'None assigned'],
        ['Vehicle', text(permit.vehicle_description) || '—'],
        ['Plate on permit', text(permit.license_plate)],
        ['Ends', formatDay(permit.expires_on)],
      ]}
    />
  );
}

function Verdict({ verdict }: { verdict: PlateVerdict }) {
  const look = VERDICT[verdict.kind];
  return (
    <div className={cx('space-y-3 rounded-xl border-2 p-4', look.box)}>
      <p className={cx('text-xl font-bold', look.head)}>{look.title}</p>
      {verdict.kind !== 'none' && <PermitFacts permit={verdict.permit} />}
    </div>
  );
}

export default function PlateLookup({ sync }: { sync: TenantSync }) {
  const { userId, profile } = useTenantRoute();
  const officer = normalizeRole(profile?.role) === 'regular_user';
  const [params] = useSearchParams();
  const scanned = params.get('permit');
  // The scanned permit's plate fills the box until the user types their own.
  const scannedPermit = useLiveQuery(
    async () => (scanned ? ((await sync.db.cache('parking_permits').get(scanned)) ?? null) : null),
    [sync.db, scanned],
  );
  const [typed, setTyped] = useState<string | null>(null);
  const plate = typed ?? text(scannedPermit?.license_plate);
  const key = plateKey(plate);
  const today = localDateIso(new Date());
  // Read from the keystroke itself (a live query would start only after React commits it), and
  // again when the lot's tables change (a pull, a violation just written), so the answer stays current.
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = useRef('');
  const lookUp = useCallback(
    (value: string) => {
      wanted.current = value;
      if (!plateKey(value)) return;
      lookupPlate(sync.db, value, today).then(
        (a) => {
          if (a && wanted.current === value) {
            setAnswer(a);
            setFailed(null);
          }
        },
        (e: unknown) => {
          // A broken local store must say so, not leave "Looking up..." forever.
          if (wanted.current === value) setFailed(e instanceof Error ? e.message : String(e));
        },
      );
    },
    [sync.db, today],
  );
  const enter = (value: string) => {
    setTyped(value);
    lookUp(value);
  };
  const scannedPlate = typed === null ? text(scannedPermit?.license_plate) : '';
  useEffect(() => {
    if (scannedPlate) lookUp(scannedPlate);
  }, [scannedPlate, lookUp]);
  useEffect(() => watchCacheWrites(sync.db, LOT_TABLES, () => lookUp(wanted.current)), [sync.db, lookUp]);
  // A keystroke's answer arrives a moment later; the previous plate's must not show meanwhile.
  const current: Answer | null | undefined = answer && answer.key === key ? answer : key ? undefined : null;
  // The whole table's unsynced rows, not the open violations' ids: asked by ids, a new plate's list was answered a
  // read later, and meanwhile a violation still waiting to sync showed as synced (the outbox holds few rows).
  const unsynced = useRowSyncStates(sync.db, 'parking_violations');
  const pulls = useSyncStates(sync.db);
  // Before the first pull reaches the lot's tables, "No permit" would be a guess.
  const notYet = pulls !== undefined && LOT_TABLES.some((t) => !pulls.some((p) => p.table === t && p.last_pull_at));
  const [writing, setWriting] = useState<{ violation: CacheRow | null; prefill?: Partial<ViolationForm> } | null>(null);

  const verdict = current?.verdict;
  const permit = verdict && verdict.kind !== 'none' ? verdict.permit : null;
  const mayEdit = (v: CacheRow) =>
    !officer || (v.status !== 'resolved' && (v.recorded_by === userId || (!v.recorded_by && (unsynced?.has(v.id) ?? false))));

  const writeViolation = () =>
    setWriting({
      violation: null,
      prefill: {
        license_plate: permit ? text(permit.license_plate) : plate.trim(),
        student_id: permit ? text(permit.student_id) : '',
        student_name: permit ? text(permit.student_name) : '',
      },
    });

  return (
    <section aria-labelledby="plate-lookup-title" className="mx-auto max-w-xl space-y-4">
      <h2 id="plate-lookup-title" className="text-lg font-semibold text-slate-900">
        Plate lookup
      </h2>
      <div className="space-y-1">
        <label htmlFor="plate-lookup-input" className="block text-base font-semibold text-slate-800">
          License plate
        </label>
        <input
          id="plate-lookup-input"
          type="text"
          value={plate}
          onChange={(e) => enter(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby="plate-lookup-hint"
          className="block min-h-14 w-full rounded-lg border-2 border-slate-500 bg-white px-4 font-mono text-2xl tracking-wide text-slate-900 uppercase placeholder:text-slate-500 placeholder:normal-case focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
          placeholder="Type or paste a plate"
        />
        <p id="plate-lookup-hint" className="text-sm text-slate-600">
          Spaces, dashes and capitals do not matter. Works with no signal, from this device&apos;s copy.
        </p>
      </div>

      {notYet && (
        <Alert tone="warning">
          The permits and violations have not reached this device yet. Connect to the internet once so the lookup can answer.
        </Alert>
      )}

      <div role="status" aria-live="polite" data-plate-key={current ? current.key : undefined} className="space-y-4">
        {!key ? null : failed && current === undefined ? (
          <Alert tone="error">This device could not look the plate up: {failed}. Reload the page and try again.</Alert>
        ) : current === undefined ? (
          <p className="text-slate-700">Looking up {plate.trim()}...</p>
        ) : (
          current && (
            <>
              <Verdict verdict={current.verdict} />
              <p className="text-base font-semibold text-slate-900">
                {current.open.length === 0
                  ? 'No open violations'
                  : current.open.length === 1
                    ? '1 open violation'
                    : `${current.open.length} open violations`}
              </p>
            </>
          )
        )}
      </div>

      {current && (
        <>
          <Button size="lg" className="w-full" onClick={writeViolation}>
            Write violation
          </Button>
          {/* Listed once the unsynced rows are known: before, a violation still waiting would read as synced. */}
          {current.open.length > 0 && unsynced !== undefined && (
            <ul aria-label="Open violations for this plate" className="space-y-2">
              {current.open.map((v) => (
                <li key={v.id} className="space-y-1 rounded-xl border border-slate-200 bg-white p-3">
                  <p className="font-semibold text-slate-900">{violationTypeLabel(v.violation_type)}</p>
                  <p className="text-sm text-slate-700">
                    {formatWhen(text(v.occurred_at) || text(v.created_at))}
                    {text(v.location) && ` · ${text(v.location)}`}
                    {unsynced?.has(v.id) && ' · Saved on this device'}
                  </p>
                  {text(v.description) && <p className="text-sm text-slate-800">{text(v.description)}</p>}
                  {mayEdit(v) && (
                    <Button
                      variant="secondary"
                      onClick={() => setWriting({ violation: v })}
                      aria-label={`Edit violation: ${violationTypeLabel(v.violation_type)}`}
                    >
                      Edit
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {current.suggestions.length > 0 && (
            <div className="space-y-2">
              <p className="text-sm font-medium text-slate-800">Permitted plates starting with {plate.trim()}</p>
              <ul aria-label="Similar plates" className="flex flex-wrap gap-2">
                {current.suggestions.map((p) => (
                  <li key={p.id}>
                    <Button variant="secondary" className="font-mono" onClick={() => enter(text(p.license_plate))}>
                      {text(p.license_plate)}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      {writing && (
        <ViolationFormModal
          sync={sync}
          violation={writing.violation}
          {...(writing.prefill ? { prefill: writing.prefill } : {})}
          officer={officer}
          onClose={() => setWriting(null)}
        />
      )}
    </section>
  );
}
