/** The five summary cards of the Security Dashboard (spec §2); each opens its management modal. */
import { formatCount } from '../../../lib/quick-locale';
import type { SummaryCounts } from '../door-status';

export type SummaryKey = keyof SummaryCounts;

const CARDS: ReadonlyArray<{ key: SummaryKey; label: string }> = [
  { key: 'campuses', label: 'Campuses' },
  { key: 'doors', label: 'Doors' },
  { key: 'activeIncidents', label: 'Active Incidents' },
  { key: 'securityUsers', label: 'Security Users' },
  { key: 'doorLogs', label: 'Door Logs' },
];

export function SummaryCards({ counts, onOpen }: { counts: SummaryCounts; onOpen: (key: SummaryKey) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Summary">
      {CARDS.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            className="w-full rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-700"
            onClick={() => onOpen(c.key)}
            data-testid={`summary-${c.key}`}
          >
            <span className="block text-sm font-medium text-slate-600">{c.label}</span>
            <span className="block text-3xl font-bold text-slate-900">{formatCount(counts[c.key])}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
