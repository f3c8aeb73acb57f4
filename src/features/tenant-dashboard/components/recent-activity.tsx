import { formatAge } from '../../../data';
import { EmptyState } from '../../../ui/empty-state';
import type { ActivityItem, ActivityKind } from '../dashboard-model';

const KIND_LABEL: Record<ActivityKind, string> = { check: 'Door check', incident: 'Incident', maintenance: 'Maintenance' };
const KIND_STYLE: Record<ActivityKind, string> = {
  check: 'bg-blue-100 text-blue-900',
  incident: 'bg-red-100 text-red-900',
  maintenance: 'bg-yellow-100 text-yellow-900',
};

/** Recent Activity from the cache: the newest door checks, incidents and maintenance, with who and when. */
export function RecentActivity({ items, now }: { items: ActivityItem[] | null; now: number }) {
  return (
    <section aria-labelledby="recent-activity" className="space-y-3">
      <h2 id="recent-activity" className="text-lg font-semibold text-slate-900">
        Recent Activity
      </h2>
      {items === null ? (
        <p className="text-sm text-slate-600">Loading recent activity…</p>
      ) : items.length === 0 ? (
        <EmptyState title="No activity yet">Door checks, incidents and maintenance will appear here.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {items.map((i) => (
            <li key={`${i.kind}-${i.id}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_STYLE[i.kind]}`}>{KIND_LABEL[i.kind]}</span>
              <span className="font-medium text-slate-900">{i.title}</span>
              <span className="text-sm text-slate-600">{i.detail}</span>
              <span className="ml-auto text-sm text-slate-600">
                {i.who} · <time dateTime={new Date(i.at).toISOString()}>{formatAge(now - i.at)} ago</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
