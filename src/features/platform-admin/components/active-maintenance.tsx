/** A tenant's open maintenance, or All Clear! when it has none (spec §2 /door-management). */
import type { StaffMaintenance } from '../../../data';
import { Table } from '../../../ui/table';
import { maintenanceStatusLabel, PRIORITY_LABELS, priorityTone } from '../door-troubleshooting';

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${priorityTone(priority)}`}>
      {PRIORITY_LABELS[priority] ?? priority}
    </span>
  );
}

export function MaintenanceTable({ rows, caption }: { rows: readonly StaffMaintenance[]; caption: string }) {
  return (
    <Table
      caption={caption}
      columns={[
        { key: 'door', header: 'Door', cell: (m: StaffMaintenance) => m.door_name ?? '—' },
        {
          key: 'issue',
          header: 'Issue',
          cell: (m: StaffMaintenance) => (
            <>
              <span className="block font-medium">{maintenanceStatusLabel(m.issue_type ?? '') || 'Issue'}</span>
              {m.description && <span className="block text-slate-600">{m.description}</span>}
            </>
          ),
        },
        { key: 'priority', header: 'Priority', cell: (m: StaffMaintenance) => <PriorityBadge priority={m.priority} /> },
        { key: 'status', header: 'Status', cell: (m: StaffMaintenance) => maintenanceStatusLabel(m.status) },
        { key: 'assigned', header: 'Assigned To', cell: (m: StaffMaintenance) => m.assigned_to_name ?? 'Unassigned' },
      ]}
      rows={rows}
      rowKey={(m) => m.id}
    />
  );
}

export function ActiveMaintenance({ rows }: { rows: readonly StaffMaintenance[] }) {
  if (rows.length === 0) {
    return (
      <section aria-labelledby="all-clear-heading" className="rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
        <h2 id="all-clear-heading" className="text-lg font-semibold text-green-900">
          All Clear!
        </h2>
        <p className="mt-1 text-sm text-green-900">No active maintenance for this organization.</p>
      </section>
    );
  }
  return <MaintenanceTable rows={rows} caption="Active Maintenance" />;
}
