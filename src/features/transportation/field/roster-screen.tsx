/**
 * A bus's emergency roster and evacuation drill on a phone, with or without
 * a signal: the riders on the bus now, by stop; a drill (or a real
 * evacuation) is a bus_log row, each student's mark a student_ride_events
 * row, the end an update of the same bus_log row, all through the offline
 * core. A drill with no end is picked up again after a reload.
 */
import { useMemo, useState } from 'react';
import {
  insertRow,
  isQuotaError,
  rowSyncInfo,
  trustedNow,
  updateRow,
  useRowSyncStates,
  type CacheRow,
  type TenantSync,
} from '../../../data';
import { useNow } from '../../../lib/use-now';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { TextAreaField } from '../../../ui/controls';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { routeNow, routesLabel } from './bus-screen';
import { useBusLogs, useDrillEvents, type Fleet } from './field-data';
import {
  busRoster,
  countsFromMarks,
  DRILL_KIND_LABEL,
  DRILL_KINDS,
  drillCounts,
  drillSummary,
  formatDuration,
  latestMarks,
  openDrill,
  rosterStudents,
  type DrillKind,
  type Mark,
  type RosterEntry,
} from './field-model';

const DAY_MS = 86_400_000;

function failure(err: unknown, what: string): string {
  return isQuotaError(err)
    ? `This device is out of storage space. Free some space, then try again: the ${what} was not saved.`
    : `The ${what} was not saved: ${err instanceof Error ? err.message : String(err)}`;
}

export function RosterScreen({
  sync,
  bus,
  routes,
  fleet,
  driverId,
}: {
  sync: TenantSync;
  bus: CacheRow;
  routes: readonly CacheRow[];
  fleet: Fleet;
  driverId: string | null;
}) {
  const db = sync.db;
  // The log window moves once a day at most: a stable bound keeps the live query from restarting.
  const [since] = useState(() => new Date(Date.now() - 14 * DAY_MS).toISOString());
  const logs = useBusLogs(db, bus.id, since);
  const ticking = useNow(1000);
  const now = new Date(ticking);
  const open = logs ? openDrill(logs, bus.id, sync.userId, now) : null;
  const events = useDrillEvents(db, open ? [open.id] : []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const busName = String(bus.bus_number ?? 'Bus');

  // A running drill keeps the roster it started with, even across noon.
  const rosterAt = open ? String(open.started_at) : null;
  const rosterMinute = Math.floor(ticking / 60_000);
  const roster = useMemo(
    () =>
      busRoster({
        busId: bus.id,
        routes: fleet.routes,
        stops: fleet.stops,
        studentRoutes: fleet.studentRoutes,
        now: rosterAt ? new Date(rosterAt) : new Date(rosterMinute * 60_000),
      }),
    [bus.id, fleet, rosterAt, rosterMinute],
  );
  const students = rosterStudents(roster);

  if (!logs || (open && !events)) return <Loading label="Loading the roster..." />;

  const start = async (kind: DrillKind) => {
    setError(null);
    setBusy(kind);
    try {
      const at = new Date(trustedNow());
      const route = routeNow(routes, at);
      await insertRow(db, 'bus_log', {
        kind,
        bus_id: bus.id,
        ...(route ? { route_id: route.id } : {}),
        ...(driverId ? { driver_id: driverId } : {}),
        started_at: at.toISOString(),
        details: { roster_size: students.length },
      });
    } catch (err) {
      setError(failure(err, 'drill'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Emergency roster: {busName}</h2>
        <p className="text-sm text-slate-700">
          {routesLabel(routes)} · {students.length} {students.length === 1 ? 'student' : 'students'} on the bus now
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {open ? (
        <RunningDrill sync={sync} drill={open} students={students} roster={roster} events={events ?? []} now={now} onError={setError} />
      ) : (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button size="lg" busy={busy === 'drill'} disabled={busy !== null} onClick={() => void start('drill')}>
              Start evacuation drill
            </Button>
            <Button
              size="lg"
              variant="danger"
              busy={busy === 'evacuation'}
              disabled={busy !== null}
              onClick={() => void start('evacuation')}
            >
              Start real evacuation
            </Button>
          </div>
          <RosterList roster={roster} />
        </>
      )}
      <RecentDrills sync={sync} logs={logs} />
    </div>
  );
}

function StudentLine({ s }: { s: RosterEntry }) {
  return (
    <span className="block">
      <span className="block text-base font-semibold text-slate-900">{s.studentName}</span>
      <span className="block text-sm text-slate-700">
        ID {s.studentId}
        {s.grade ? ` · Grade ${s.grade}` : ''} · {s.stopName ?? 'No stop'}
      </span>
    </span>
  );
}

function RosterList({ roster }: { roster: ReturnType<typeof busRoster> }) {
  if (roster.length === 0) {
    return <EmptyState title="No students ride this bus now">No active student routes on this bus fit this time of day.</EmptyState>;
  }
  return (
    <div className="space-y-3">
      {roster.map((g) => (
        <section key={g.key} aria-label={`Stop ${g.stopName}`} className="rounded-xl border border-slate-200 bg-white p-3">
          <h3 className="text-sm font-semibold text-slate-700">
            {g.routeNumber} · {g.stopOrder !== null ? `Stop ${g.stopOrder}: ` : ''}
            {g.stopName}
          </h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {g.students.map((s) => (
              <li key={s.studentRouteId} className="py-2">
                <StudentLine s={s} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function RunningDrill({
  sync,
  drill,
  students,
  roster,
  events,
  now,
  onError,
}: {
  sync: TenantSync;
  drill: CacheRow;
  students: readonly RosterEntry[];
  roster: ReturnType<typeof busRoster>;
  events: readonly CacheRow[];
  now: Date;
  onError: (message: string | null) => void;
}) {
  const db = sync.db;
  const kind = (DRILL_KINDS as readonly unknown[]).includes(drill.kind) ? (drill.kind as DrillKind) : 'drill';
  const marks = latestMarks(events);
  const counts = drillSummary(
    students.map((s) => s.studentId),
    events,
  );
  const [notes, setNotes] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  // Marks being written: a second tap before the first lands records nothing more.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const startedAt = String(drill.started_at);

  const mark = async (s: RosterEntry, type: Mark) => {
    if (marks.get(s.studentId) === type || pending.has(s.studentId)) return;
    onError(null);
    setPending((p) => new Set(p).add(s.studentId));
    try {
      await insertRow(db, 'student_ride_events', {
        bus_log_id: drill.id,
        student_id: s.studentId,
        student_name: s.studentName,
        route_id: s.routeId,
        bus_id: drill.bus_id,
        ...(s.routeStopId ? { route_stop_id: s.routeStopId } : {}),
        event_type: type,
        occurred_at: new Date(trustedNow()).toISOString(),
      });
    } catch (err) {
      onError(failure(err, 'mark'));
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(s.studentId);
        return next;
      });
    }
  };

  const end = async () => {
    setConfirming(false);
    setEnding(true);
    onError(null);
    try {
      // The server requires ended_at >= started_at; a clock correction must not break that.
      const endMs = Math.max(trustedNow(), new Date(startedAt).getTime());
      const trimmed = notes.trim();
      await updateRow(db, 'bus_log', drill.id, {
        ended_at: new Date(endMs).toISOString(),
        notes: trimmed === '' ? null : trimmed.slice(0, 2000),
        details: { ...counts },
      });
    } catch (err) {
      onError(failure(err, 'end of the drill'));
    } finally {
      setEnding(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="rounded-xl border-2 border-amber-500 bg-amber-50 p-3">
        <p className="text-base font-semibold text-amber-950">{DRILL_KIND_LABEL[kind]} in progress</p>
        <p role="status" className="text-lg font-bold text-slate-900">
          {counts.accounted} of {counts.roster_size} accounted for
          {counts.absent > 0 ? ` · ${counts.absent} absent` : ''}
        </p>
        <p className="text-sm text-slate-800">Elapsed: {formatDuration(now.getTime() - new Date(startedAt).getTime())}</p>
      </div>
      {roster.length === 0 ? (
        <EmptyState title="No students ride this bus now">There is nobody to account for on this roster.</EmptyState>
      ) : (
        roster.map((g) => (
          <section key={g.key} aria-label={`Stop ${g.stopName}`} className="rounded-xl border border-slate-200 bg-white p-3">
            <h3 className="text-sm font-semibold text-slate-700">
              {g.routeNumber} · {g.stopOrder !== null ? `Stop ${g.stopOrder}: ` : ''}
              {g.stopName}
            </h3>
            <ul className="mt-2 divide-y divide-slate-100">
              {g.students.map((s) => {
                const m = marks.get(s.studentId);
                return (
                  <li key={s.studentRouteId} className="py-2">
                    <div role="group" aria-label={s.studentName} className="space-y-2">
                      <StudentLine s={s} />
                      <div className="grid grid-cols-2 gap-2">
                        <button
                          type="button"
                          aria-pressed={m === 'accounted_for'}
                          onClick={() => void mark(s, 'accounted_for')}
                          className={cx(
                            'min-h-12 rounded-xl border-2 px-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
                            m === 'accounted_for'
                              ? 'border-green-700 bg-green-50 text-green-900'
                              : 'border-slate-300 bg-white text-slate-800',
                          )}
                        >
                          Accounted for
                        </button>
                        <button
                          type="button"
                          aria-pressed={m === 'absent'}
                          onClick={() => void mark(s, 'absent')}
                          className={cx(
                            'min-h-12 rounded-xl border-2 px-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
                            m === 'absent' ? 'border-slate-700 bg-slate-100 text-slate-900' : 'border-slate-300 bg-white text-slate-800',
                          )}
                        >
                          Absent today
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      <TextAreaField label="Drill notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
      <Button size="lg" className="w-full" busy={ending} onClick={() => (counts.unaccounted > 0 ? setConfirming(true) : void end())}>
        End drill
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Students not marked"
        message={`${counts.unaccounted} ${counts.unaccounted === 1 ? 'student is' : 'students are'} not marked accounted for or absent. End the drill anyway?`}
        confirmLabel="End drill"
        onConfirm={() => void end()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function RecentDrills({ sync, logs }: { sync: TenantSync; logs: readonly CacheRow[] }) {
  const ended = logs.filter((l) => (DRILL_KINDS as readonly unknown[]).includes(l.kind) && l.ended_at).slice(0, 5);
  const states = useRowSyncStates(sync.db, 'bus_log');
  const events = useDrillEvents(
    sync.db,
    ended.filter(countsFromMarks).map((l) => l.id),
  );
  if (ended.length === 0) return null;
  return (
    <section aria-labelledby="recent-drills" className="space-y-2">
      <h3 id="recent-drills" className="text-base font-semibold text-slate-900">
        Recent drills on this bus
      </h3>
      <ul className="space-y-2">
        {ended.map((l) => {
          const c = drillCounts(l, events ?? []);
          const started = new Date(String(l.started_at));
          const state = states ? rowSyncInfo(states, l.id).state : 'synced';
          return (
            <li key={l.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800">
              <p className="font-semibold text-slate-900">
                {DRILL_KIND_LABEL[l.kind as DrillKind]} · {started.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
              <p>
                {c.accounted} of {c.roster_size} accounted for · {c.absent} absent · {c.unaccounted} unaccounted ·{' '}
                {formatDuration(new Date(String(l.ended_at)).getTime() - started.getTime())}
              </p>
              {typeof l.notes === 'string' && l.notes !== '' && <p>Notes: {l.notes}</p>}
              <p className={state === 'synced' ? 'text-emerald-800' : state === 'pending' ? 'text-amber-800' : 'text-red-800'}>
                {state === 'synced' ? 'Synced' : state === 'pending' ? 'Saved on this device' : 'Refused by the server'}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
