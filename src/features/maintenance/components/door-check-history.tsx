/** The door's latest checks, newest first: what the person sent to fix it needs to know. */
import { useId } from 'react';
import { useDoorLogsByDoor, type CacheRow, type TenantDb } from '../../../data';
import { DOOR_LOG_BADGE } from '../../../lib/door-log-badge';
import { cx } from '../../../ui/cx';
import { Loading } from '../../../ui/loading';
import { DOOR_STATUS_LABEL, doorLogStatusColor, type DoorStatus } from '../../door-checks/index';
import { personName } from '../model';

export function DoorCheckHistory({
  db,
  doorId,
  users,
  limit = 10,
}: {
  db: TenantDb;
  doorId: string;
  users: ReadonlyMap<string, CacheRow>;
  limit?: number;
}) {
  const headingId = useId();
  const logs = useDoorLogsByDoor(db, doorId, limit);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Check history
      </h2>
      {!logs ? (
        <Loading />
      ) : logs.length === 0 ? (
        <p className="text-sm text-slate-700">This door has no checks yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {logs.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', DOOR_LOG_BADGE[doorLogStatusColor(l.door_status)])}>
                {DOOR_STATUS_LABEL[String(l.door_status) as DoorStatus] ?? String(l.door_status ?? 'Unknown')}
              </span>
              <span className="text-slate-700">{new Date(String(l.created_at)).toLocaleString()}</span>
              <span className="text-slate-700">
                {personName(typeof l.user_id === 'string' ? users.get(l.user_id) : undefined) ?? 'Unknown User'}
              </span>
              {typeof l.door_problem === 'string' && l.door_problem && <span className="w-full text-slate-900">{l.door_problem}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
