/**
 * /tenant/{slug}/scan: scan a door's QR code (or pick the door), record its
 * check, and go straight back to scanning. Reads and writes the local store
 * only, so it works the same with no signal.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDoorLogsByDoor, useLocalTenantDb, useRows, type CacheRow, type TenantDb } from '../../data';
import { useHoldContentReady } from '../../lib/content-ready';
import { inactiveCampusIds, onInactiveCampus } from '../../lib/inactive-campuses';
import { tenantPath } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/loading';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { CheckForm, type SavedCheck } from './components/check-form';
import { ScanHold } from './scan-hold';
import { CHECK_CONSEQUENCE_TEXT, checkFails, findScannedDoor, isOpenAutoRecord, parseDoorQr, type DoorQrPayload } from './model';

const SyncStatusLine = lazy(() => import('./components/sync-status-line'));
// Lazy: the scan path's 150 KB budget has no room for the conditions rules (src/lib/door-condition.ts). The rows
// are read here and passed in: if the lazy chunk read them itself, the bundler would move src/data's live queries
// into a chunk of their own on the scan path (0.2 KB more).
const ExpectedCondition = lazy(() => import('./components/expected-condition'));
const QrScanner = lazy(() => import('./components/qr-scanner').then((m) => ({ default: m.QrScanner })));
// Lazy, as the scanner, for the scan path's 150 KB budget: the manual fallback loads beside the camera, not before it.
const DoorPicker = lazy(() => import('./components/door-picker').then((m) => ({ default: m.DoorPicker })));

type ScanNotice = { kind: 'not-door' } | { kind: 'unknown-door'; payload: DoorQrPayload } | null;

export function ScanPage() {
  const { slug, userId } = useTenantRoute();
  const { db, error } = useLocalTenantDb(slug, userId);
  // The sync engine waits for the form (or the scanner) to show: src/lib/content-ready.ts.
  useHoldContentReady(!db && !error);
  return (
    <TenantShell
      title="Scan a Door"
      headerExtra={
        <Link to={tenantPath(slug, 'rounds')} className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
          My Rounds
        </Link>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : db ? (
        <ScanFlow db={db} slug={slug} userId={userId} />
      ) : (
        <Loading label="Opening this device's data..." />
      )}
    </TenantShell>
  );
}

function ScanFlow({ db, slug, userId }: { db: TenantDb; slug: string; userId: string }) {
  const [params, setParams] = useSearchParams();
  const doors = useRows(db, 'doors');
  const campuses = useRows(db, 'campus');
  const records = useRows(db, 'maintenance_records');
  useHoldContentReady(!doors || !campuses);
  const [notice, setNotice] = useState<ScanNotice>(null);
  const [saved, setSaved] = useState<{
    check: SavedCheck;
    door: CacheRow;
  } | null>(null);
  const [showScanner, setShowScanner] = useState(true);
  // The door just left (saved or cancelled): the screen moves on at once, even
  // while the router is still taking its id out of the address.
  const [left, setLeft] = useState<string | null>(null);
  const urlDoor = params.get('door');
  const doorId = urlDoor && urlDoor !== left ? urlDoor : null;

  const campusNames = useMemo(() => new Map((campuses ?? []).map((c) => [c.id, String(c.campus_name ?? '')])), [campuses]);
  // A sync (or another tab) may bring a scanned door that was not here: its form replaces the notice.
  const arrived = useMemo(
    () => (notice?.kind === 'unknown-door' ? findScannedDoor(notice.payload, doors ?? [], campuses ?? []) : null),
    [notice, doors, campuses],
  );
  const door = useMemo(() => (doorId ? ((doors ?? []).find((d) => d.id === doorId) ?? null) : arrived), [doors, doorId, arrived]);
  // An inactive campus's doors are not checked: not in the list, and a scanned code says why instead of opening the form.
  const inactive = useMemo(() => inactiveCampusIds(campuses ?? []), [campuses]);
  const parked = door && onInactiveCampus(door, inactive);

  const chooseDoor = useCallback(
    (d: CacheRow) => {
      setNotice(null);
      setSaved(null);
      setLeft(null);
      setParams({ door: d.id });
    },
    [setParams],
  );

  const hold = useRef(new ScanHold());

  const onText = useCallback(
    (text: string) => {
      if (!hold.current.accept(text)) return;
      const parsed = parseDoorQr(text);
      if (!parsed.ok) {
        setNotice({ kind: 'not-door' });
        return;
      }
      const found = findScannedDoor(parsed.payload, doors ?? [], campuses ?? []);
      if (found) chooseDoor(found);
      else setNotice({ kind: 'unknown-door', payload: parsed.payload });
    },
    [doors, campuses, chooseDoor],
  );

  // Replaced, not pushed: Back from the scanner must not reopen a door already checked.
  const leaveDoor = () => {
    setNotice(null);
    if (!doorId) return;
    setLeft(doorId);
    setParams({}, { replace: true, preventScrollReset: true });
  };
  // Cancel and Dismiss keep the code held (scan-hold.ts).
  const dismiss = () => setNotice(null);

  // The code stays held: if the sync brings its door, the notice turns into the
  // form by itself (arrived above); if not, the notice stays.
  const syncNow = () => {
    void import('./sync-actions').then((m) => m.requestSyncNow(slug, userId));
  };

  if (!doors || !campuses) return <Loading label="Loading doors..." />;

  if (saved) {
    return (
      <SavedPanel
        slug={slug}
        userId={userId}
        saved={saved}
        onNext={() => {
          hold.current.release();
          setSaved(null);
          setShowScanner(true);
        }}
      />
    );
  }

  if (door && !parked) {
    const campusName = campusNames.get(String(door.campus_id)) ?? null;
    return (
      <DoorCheck
        db={db}
        door={door}
        campusName={campusName}
        hasOpenRecordCached={(records ?? []).some((r) => r.door_id === door.id && isOpenAutoRecord(r))}
        onSaved={(check) => {
          setSaved({ check, door });
          leaveDoor();
        }}
        onCancel={leaveDoor}
      />
    );
  }

  return (
    <div className="space-y-6">
      {doorId && !door && <Alert tone="warning">That door is not on this device. Pick it from the list or sync while online.</Alert>}
      <section aria-label="Scanner" className="space-y-3">
        {showScanner ? (
          <Suspense fallback={<Loading label="Starting the camera..." />}>
            <QrScanner onText={onText} paused={false} />
          </Suspense>
        ) : (
          <Button size="lg" className="w-full" onClick={() => setShowScanner(true)}>
            Scan QR code
          </Button>
        )}
        <div aria-live="polite">
          {/* Reached with a door only when its campus is inactive (parked). */}
          {door && (
            <Alert tone="warning">
              <p>
                Door {String(door.door_number)} at {campusNames.get(String(door.campus_id))} is not checked while its campus is inactive. An
                administrator can reactivate the campus.
              </p>
              <div className="mt-2">
                <DismissButton onClick={leaveDoor} />
              </div>
            </Alert>
          )}
          {notice?.kind === 'not-door' && (
            <Alert tone="warning">
              <p>This QR code is not a Lockstep door. Try another code or pick the door below.</p>
              <div className="mt-2">
                <DismissButton onClick={dismiss} />
              </div>
            </Alert>
          )}
          {notice?.kind === 'unknown-door' && !arrived && (
            <Alert tone="warning">
              <p>
                Door {notice.payload.door_number} at {notice.payload.campus} is not on this device yet.
              </p>
              <div className="mt-2 flex gap-2">
                <Button variant="secondary" size="sm" onClick={syncNow}>
                  Sync now
                </Button>
                <DismissButton onClick={dismiss} />
              </div>
            </Alert>
          )}
        </div>
      </section>
      <Suspense fallback={<Loading label="Loading doors..." />}>
        <DoorPicker doors={doors} inactiveCampuses={inactive} campusNames={campusNames} onPick={chooseDoor} />
      </Suspense>
    </div>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick}>
      Dismiss
    </Button>
  );
}

function DoorCheck({
  db,
  door,
  campusName,
  hasOpenRecordCached,
  onSaved,
  onCancel,
}: {
  db: TenantDb;
  door: CacheRow;
  campusName: string | null;
  hasOpenRecordCached: boolean;
  onSaved: (c: SavedCheck) => void;
  onCancel: () => void;
}) {
  const latest = useDoorLogsByDoor(db, door.id, 1);
  const conditions = useRows(db, 'conditions');
  useHoldContentReady(!latest);
  if (!latest) return <Loading label="Loading door..." />;
  // A failing check still on this device means the server has (or will have) an open record.
  const hasOpenRecord = hasOpenRecordCached || (latest[0] ? checkFails(latest[0]) : false);
  const last = latest[0]?.created_at;
  return (
    <section aria-labelledby="door-heading" className="mx-auto max-w-xl space-y-4">
      <div>
        <h2 id="door-heading" className="text-2xl font-bold text-slate-900">
          Door {String(door.door_number)}
        </h2>
        <p className="text-slate-700">
          {campusName ?? 'Unknown campus'}
          {typeof door.location === 'string' && door.location ? ` · ${door.location}` : ''}
        </p>
        <p className="text-sm text-slate-600">Last check: {typeof last === 'string' ? new Date(last).toLocaleString() : 'never'}</p>
        {/* Two lines kept for it (the usual length on a phone), so the form does not move when it arrives. */}
        <div className="min-h-10">
          <Suspense fallback={null}>{conditions && <ExpectedCondition conditions={conditions} door={door} />}</Suspense>
        </div>
      </div>
      <CheckForm db={db} door={door} campusName={campusName} hasOpenRecord={hasOpenRecord} onSaved={onSaved} onCancel={onCancel} />
    </section>
  );
}

function SavedPanel({
  slug,
  userId,
  saved,
  onNext,
}: {
  slug: string;
  userId: string;
  saved: { check: SavedCheck; door: CacheRow };
  onNext: () => void;
}) {
  const nextRef = useRef<HTMLDivElement>(null);
  // The next door is one tap away: focus lands on the button that goes there.
  useEffect(() => nextRef.current?.querySelector('button')?.focus(), []);
  const consequence = CHECK_CONSEQUENCE_TEXT[saved.check.consequence];
  return (
    <section
      aria-labelledby="saved-heading"
      className="mx-auto max-w-xl space-y-4 rounded-2xl border border-green-300 bg-green-50 p-6 text-center"
    >
      <div role="status">
        <h2 id="saved-heading" className="text-2xl font-bold text-green-900">
          Saved on this device
        </h2>
      </div>
      <p className="text-slate-800">
        Door {String(saved.door.door_number)} · {new Date(String(saved.check.row.created_at)).toLocaleTimeString()}
      </p>
      <p data-testid="saved-sync-status" className="text-sm text-slate-700">
        <Suspense fallback="Checking sync…">
          <SyncStatusLine slug={slug} userId={userId} />
        </Suspense>
      </p>
      {saved.check.photos === 'no-room' && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-600/30">
          The check is saved, but its photos are not: this device is out of storage space.
        </p>
      )}
      {consequence && (
        <p
          data-testid="check-consequence"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-600/30"
        >
          {consequence}
        </p>
      )}
      <div ref={nextRef}>
        <Button size="lg" className="w-full" onClick={onNext}>
          Scan next door
        </Button>
      </div>
    </section>
  );
}
