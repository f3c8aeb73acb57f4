/** The four figures above a tenant's doors (spec §2 /door-management). */
import type { DoorSummary } from '../door-troubleshooting';

export function DoorSummaryCards({ summary }: { summary: DoorSummary }) {
  const cards = [
    { label: 'Operational', value: summary.operational, tone: 'text-green-800' },
    { label: 'Maintenance', value: summary.maintenance, tone: 'text-amber-800' },
    { label: 'Out of Service', value: summary.outOfService, tone: 'text-red-800' },
    { label: 'Due This Week', value: summary.dueThisWeek, tone: 'text-blue-800' },
  ];
  return (
    <section aria-label="Door figures">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <li key={c.label} className="rounded-2xl border border-slate-200 bg-white p-5">
            <p className="text-sm font-medium text-slate-700">{c.label}</p>
            <p className={`mt-1 text-3xl font-bold ${c.tone}`}>{c.value}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
