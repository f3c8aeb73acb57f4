/** The admin list's filters: campus, door (of that campus), priority, status, assignee, overdue only. */
import type { CacheRow } from '../../../data';
import { CheckboxField, SelectField } from '../../../ui/controls';
import { maintenanceStatusLabel, PRIORITY_LABELS } from '../../../lib/work-order-labels';
import { compareDoorNumbers } from '../../door-checks/index';
import { personName, STATUS_FILTERS, WORK_ORDER_PRIORITIES, type StatusFilter, type WorkOrderFilters } from '../model';

const STATUS_FILTER_LABEL: Record<StatusFilter, string> = {
  active: 'Open or in progress',
  open: maintenanceStatusLabel('open'),
  in_progress: maintenanceStatusLabel('in_progress'),
  resolved: maintenanceStatusLabel('resolved'),
  all: 'All',
};

export function WorkOrderFiltersForm({
  value,
  onChange,
  campuses,
  doors,
  users,
}: {
  value: WorkOrderFilters;
  onChange: (next: WorkOrderFilters) => void;
  campuses: readonly CacheRow[];
  doors: readonly CacheRow[];
  users: readonly CacheRow[];
}) {
  const campusDoors = doors
    .filter((d) => !value.campusId || d.campus_id === value.campusId)
    .sort(
      (a, b) => compareDoorNumbers(String(a.door_number ?? ''), String(b.door_number ?? '')) || String(a.id).localeCompare(String(b.id)),
    );
  const campusName = new Map(campuses.map((c) => [c.id, String(c.campus_name ?? '')]));
  const people = users
    .filter((u) => !u.deleted_at)
    .map((u) => ({ id: u.id, name: personName(u) ?? 'Unknown user' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const set = (patch: Partial<WorkOrderFilters>) => onChange({ ...value, ...patch });
  return (
    <form
      role="search"
      aria-label="Filter work orders"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField label="Campus" value={value.campusId} onChange={(e) => set({ campusId: e.target.value, doorId: '' })}>
        <option value="">All campuses</option>
        {[...campuses]
          .sort((a, b) => String(a.campus_name ?? '').localeCompare(String(b.campus_name ?? '')))
          .map((c) => (
            <option key={c.id} value={c.id}>
              {String(c.campus_name ?? 'Unnamed campus')}
            </option>
          ))}
      </SelectField>
      <SelectField label="Door" value={value.doorId} onChange={(e) => set({ doorId: e.target.value })}>
        <option value="">All doors</option>
        {campusDoors.map((d) => (
          <option key={d.id} value={d.id}>
            {String(d.door_number ?? '')}
            {!value.campusId && typeof d.campus_id === 'string' && campusName.get(d.campus_id) ? ` (${campusName.get(d.campus_id)})` : ''}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Priority"
        value={value.priority}
        onChange={(e) => set({ priority: e.target.value as WorkOrderFilters['priority'] })}
      >
        <option value="">Any priority</option>
        {WORK_ORDER_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {PRIORITY_LABELS[p]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" value={value.status} onChange={(e) => set({ status: e.target.value as StatusFilter })}>
        {STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {STATUS_FILTER_LABEL[s]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Assigned to" value={value.assignee} onChange={(e) => set({ assignee: e.target.value })}>
        <option value="">Anyone</option>
        <option value="unassigned">Unassigned</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end">
        <CheckboxField label="Overdue only" checked={value.overdueOnly} onChange={(e) => set({ overdueOnly: e.target.checked })} />
      </div>
    </form>
  );
}
