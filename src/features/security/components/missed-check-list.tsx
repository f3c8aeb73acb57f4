/**
 * Rows of missed-check alerts: door, campus, last check, how late, the level,
 * and Acknowledge (with a note) or who acknowledged it, when, and why.
 */
import { useState } from 'react';
import type { TenantDb } from '../../../data';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { overdueLabel } from '../../door-checks/index';
import { type AlertAck, type MissedCheckAlert } from '../missed-check';
import { AlertAckForm } from './alert-ack-form';

export const LEVEL_BADGE = {
  overdue: { label: 'Overdue', tone: 'bg-amber-100 text-amber-900' },
  escalated: { label: 'Escalated', tone: 'bg-red-100 text-red-900' },
} as const;

function AckLine({ ack, prefix }: { ack: AlertAck; prefix: string }) {
  return (
    <p className="text-sm text-slate-700">
      {prefix} by <span className="font-semibold">{ack.byName ?? 'an admin'}</span>
      {Number.isNaN(ack.at) ? '' : ` on ${new Date(ack.at).toLocaleString()}`}: {ack.note}
    </p>
  );
}

export function MissedCheckList({
  db,
  alerts,
  campusNames,
  canAcknowledge,
  empty,
}: {
  db: TenantDb;
  alerts: readonly MissedCheckAlert[];
  campusNames: ReadonlyMap<string, string>;
  canAcknowledge: boolean;
  empty: string;
}) {
  const [acking, setAcking] = useState<string | null>(null);
  if (alerts.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    // A scrolling region must take keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable).
    <ul
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label="Missed checks"
      className="max-h-[28rem] divide-y divide-slate-200 overflow-y-auto focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      {alerts.map((a) => {
        const level = a.status.level === 'escalated' ? LEVEL_BADGE.escalated : LEVEL_BADGE.overdue;
        const campus = a.campusId ? campusNames.get(a.campusId) : undefined;
        return (
          <li key={a.doorId} className="py-3" data-testid="missed-check-alert" data-door={a.doorNumber}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-slate-900">Door {a.doorNumber}</span>
              <span className="text-sm text-slate-700">{campus ?? 'Unknown campus'}</span>
              <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', level.tone)}>{level.label}</span>
              <span className="text-sm text-slate-700">
                {a.lastCheck === null ? 'Never checked' : `Last check ${new Date(a.lastCheck).toLocaleString()}`}
              </span>
              {a.lastCheck !== null && <span className="text-sm font-medium text-slate-900">{overdueLabel(a.status.lateMs)}</span>}
              {canAcknowledge && !a.ack && acking !== a.doorId && (
                <Button size="sm" variant="secondary" className="ml-auto" onClick={() => setAcking(a.doorId)}>
                  Acknowledge
                </Button>
              )}
            </div>
            {a.ack && <AckLine ack={a.ack} prefix="Acknowledged" />}
            {a.earlierAcks.map((e) => (
              <AckLine key={e.id} ack={e} prefix={e.level === 'overdue' ? 'Acknowledged while overdue' : 'Acknowledged earlier'} />
            ))}
            {acking === a.doorId && <AlertAckForm db={db} alert={a} onDone={() => setAcking(null)} />}
          </li>
        );
      })}
    </ul>
  );
}
