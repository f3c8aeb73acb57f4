/** A door's state in its details: its status and the condition officers should find it in (issue 13 §2). */
import { useRow, useRows, type TenantDb } from '../../../data';
import { doorCondition, expectedConditionText, indexConditions } from '../../../lib/door-condition';
import { DOOR_STATUS_LABEL, type DoorStatus } from '../../door-checks/index';

/** `lastStatus`: what the latest check found, which can differ from the status an admin set. */
export function DoorFacts({ db, doorId, lastStatus }: { db: TenantDb; doorId: string; lastStatus: string | null }) {
  const door = useRow(db, 'doors', doorId);
  const conditions = useRows(db, 'conditions');
  if (!door || !conditions) return null;
  const status = String(door.status ?? 'operational');
  return (
    <div className="space-y-1">
      <p>
        <span className="font-semibold">Status:</span> {DOOR_STATUS_LABEL[status as DoorStatus] ?? status}
      </p>
      <p>
        <span className="font-semibold">Latest check found it:</span>{' '}
        {lastStatus ? (DOOR_STATUS_LABEL[lastStatus as DoorStatus] ?? lastStatus) : 'not checked yet'}
      </p>
      <p data-testid="door-expected-condition">{expectedConditionText(doorCondition(indexConditions(conditions), door))}</p>
    </div>
  );
}
