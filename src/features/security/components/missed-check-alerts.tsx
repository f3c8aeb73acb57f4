/**
 * The security dashboard's missed-check alerts: a count in its header
 * ("3 overdue") that opens the list, open alerts first (most late first),
 * then the acknowledged ones with who, when and the note.
 */
import { useEffect, useMemo, useState } from 'react';
import { useRows, type CacheRow, type TenantDb } from '../../../data';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Modal } from '../../../ui/modal';
import { compareAlerts, type LatestTimes } from '../missed-check';
import { useMissedCheckAlerts } from '../hooks/use-missed-check-alerts';
import { MissedCheckList } from './missed-check-list';

export function useCampusNames(db: TenantDb): ReadonlyMap<string, string> {
  const campuses = useRows(db, 'campus');
  return useMemo(() => new Map((campuses ?? []).map((c) => [c.id, String(c.campus_name ?? '')])), [campuses]);
}

/**
 * The header count and its list. The alerts are computed here, not in the
 * dashboard, so their live queries re-render only this corner of the screen;
 * the dashboard hands over what it read already (its doors and the
 * board's latest checks).
 */
export function MissedCheckAlertsButton({
  db,
  now,
  windowLatest,
  doors,
}: {
  db: TenantDb;
  /** The screen's time; without it the alerts keep their own minute tick, which re-renders only them. */
  now?: Date;
  windowLatest: LatestTimes | null;
  doors: readonly CacheRow[] | undefined;
}) {
  // Start once the dashboard has painted, so the alerts never hold up the door tiles.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStarted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  const alerts = useMissedCheckAlerts(started ? db : null, { now, shared: { doors, windowLatest } });
  const [open, setOpen] = useState(false);
  const campusNames = useCampusNames(db);
  if (alerts.loading) return null;
  const openCount = alerts.overdue.length + alerts.escalated.length;
  const label = openCount === 0 ? 'No overdue doors' : `${openCount} overdue`;
  return (
    <>
      <Button
        variant={openCount === 0 ? 'secondary' : 'danger'}
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Missed-check alerts: ${openCount} overdue (${alerts.escalated.length} of them escalated), ${alerts.acknowledged.length} acknowledged`}
        data-testid="missed-check-count"
      >
        {label}
        {alerts.escalated.length > 0 && (
          <span className={cx('ml-2 rounded-full bg-white px-2 py-0.5 text-xs font-bold text-red-800')}>
            {alerts.escalated.length} escalated
          </span>
        )}
      </Button>
      {open && (
        <Modal
          open
          onClose={() => setOpen(false)}
          size="xl"
          title="Missed-check alerts"
          description="Doors past their check interval and grace period, the most late first. Escalated doors also show on the super admins' dashboard."
          footer={<Button onClick={() => setOpen(false)}>Close</Button>}
        >
          <div className="space-y-6">
            <section aria-labelledby="missed-open">
              <h3 id="missed-open" className="mb-2 font-semibold text-slate-900">
                Open ({openCount})
              </h3>
              <MissedCheckList
                db={db}
                alerts={[...alerts.escalated, ...alerts.overdue].sort(compareAlerts)}
                campusNames={campusNames}
                canAcknowledge
                empty="Every door was checked within its interval and grace period."
              />
            </section>
            <section aria-labelledby="missed-acked">
              <h3 id="missed-acked" className="mb-2 font-semibold text-slate-900">
                Acknowledged ({alerts.acknowledged.length})
              </h3>
              <MissedCheckList
                db={db}
                alerts={alerts.acknowledged}
                campusNames={campusNames}
                canAcknowledge={false}
                empty="No acknowledged alerts."
              />
            </section>
          </div>
        </Modal>
      )}
    </>
  );
}
