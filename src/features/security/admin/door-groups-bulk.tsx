/**
 * Doors Management's bulk group edit (issue 18): the selected doors join or
 * leave one group in one go. Each door is written through src/data (cache +
 * outbox), so it works offline and syncs like any door edit.
 */
import { useId, useState } from 'react';
import { updateRow, type CacheRow, type TenantSync } from '../../../data';
import {
  DOOR_GROUP_RULE,
  doorGroupLabel,
  doorGroupsOf,
  normalizeDoorGroup,
  withDoorGroup,
  withoutDoorGroup,
} from '../../../lib/door-groups';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { errorText } from './messages';

export function DoorGroupsBulk({
  sync,
  selected,
  known,
  onDone,
}: {
  sync: TenantSync;
  selected: readonly CacheRow[];
  known: readonly string[];
  onDone: (message: string) => void;
}) {
  const [group, setGroup] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const listId = useId();

  const apply = async (join: boolean) => {
    const label = normalizeDoorGroup(group);
    if (!label) return setError(group.trim() ? DOOR_GROUP_RULE : 'Enter a group first.');
    setError(null);
    setBusy(true);
    let changed = 0;
    try {
      for (const door of selected) {
        const before = doorGroupsOf(door);
        const after = join ? withDoorGroup(before, label) : withoutDoorGroup(before, label);
        if (after.length === before.length) continue;
        await updateRow(sync.db, 'doors', door.id, { door_groups: after });
        changed++;
      }
      onDone(
        `${changed} door${changed === 1 ? '' : 's'} ${join ? 'added to' : 'removed from'} ${doorGroupLabel(label)}` +
          (changed < selected.length ? ` (${selected.length - changed} already ${join ? 'in it' : 'outside it'}).` : '.'),
      );
    } catch (e) {
      setError(`Groups could not be saved: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="group" aria-label="Edit groups of the selected doors" className="flex flex-wrap items-end gap-2 rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-semibold text-slate-800">{selected.length} selected</p>
      <Field
        label="Group"
        id={inputId}
        list={listId}
        value={group}
        placeholder="exterior"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => setGroup(e.target.value)}
      />
      <datalist id={listId}>
        {known.map((g) => (
          <option key={g} value={g} />
        ))}
      </datalist>
      <Button onClick={() => void apply(true)} disabled={busy || selected.length === 0}>
        Add to group
      </Button>
      <Button variant="secondary" onClick={() => void apply(false)} disabled={busy || selected.length === 0}>
        Remove from group
      </Button>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
