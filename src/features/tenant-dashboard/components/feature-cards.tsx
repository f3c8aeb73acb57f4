import { Link } from 'react-router-dom';
import { formatAge } from '../../../data';
import { tenantPath } from '../../../lib/roles';
import type { FeatureCardState } from '../dashboard-model';

const card = 'block h-full rounded-xl border p-5';

function Card({ title, text, to, state }: { title: string; text: string; to: string; state: FeatureCardState }) {
  if (state === 'hidden') return null;
  return (
    <li>
      {state === 'open' ? (
        <Link
          to={to}
          className={`${card} border-slate-200 bg-white hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700`}
        >
          <span className="block text-lg font-semibold text-blue-800">{title}</span>
          <span className="mt-1 block text-sm text-slate-600">{text}</span>
        </Link>
      ) : (
        <div className={`${card} border-dashed border-slate-300 bg-slate-50`} role="group" aria-label={`${title}: not enabled`}>
          <span className="block text-lg font-semibold text-slate-600">{title}</span>
          <span className="mt-1 block text-sm text-slate-600">Not included in your plan.</span>
          <Link to="/pricing" className="mt-3 inline-block text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
            Upgrade to enable
          </Link>
        </div>
      )}
    </li>
  );
}

/** Spec §2 Feature Access: the security card, and the transportation and parking cards by role and feature. */
export function FeatureCards({
  slug,
  cards,
  source,
  fetchedAt,
  loading,
  now,
}: {
  slug: string;
  cards: { transportation: FeatureCardState; studentParking: FeatureCardState };
  source: 'server' | 'cache' | 'default';
  fetchedAt: string | null;
  loading: boolean;
  now: number;
}) {
  // Until the first answer, the default list could open a card the plan does not include.
  if (loading && source === 'default') {
    return (
      <section aria-labelledby="feature-access" className="space-y-3">
        <h2 id="feature-access" className="text-lg font-semibold text-slate-900">
          Feature Access
        </h2>
        <p role="status" className="text-sm text-slate-600">
          Loading features…
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="feature-access" className="space-y-3">
      <h2 id="feature-access" className="text-lg font-semibold text-slate-900">
        Feature Access
      </h2>
      {source === 'cache' && fetchedAt && (
        <p className="text-sm text-slate-600">Features as the server last said, {formatAge(now - Date.parse(fetchedAt))} ago.</p>
      )}
      {source === 'default' && <p className="text-sm text-slate-600">Failed to fetch feature flags; showing the standard set.</p>}
      <ul className="grid gap-3 sm:grid-cols-3">
        <Card title="Security" text="Doors, checks, incidents and campuses." to={tenantPath(slug, 'security')} state="open" />
        <Card
          title="Transportation"
          text="Fleet, drivers and routes."
          to={tenantPath(slug, 'transportation')}
          state={cards.transportation}
        />
        <Card
          title="Student Parking"
          text="Permits and violations."
          to={tenantPath(slug, 'student-parking')}
          state={cards.studentParking}
        />
      </ul>
    </section>
  );
}
