/** Placeholder until its part of issue 15 lands. */
import type { TenantSync } from '../../../data';

export default function Panel({ sync }: { sync: TenantSync }) {
  return <p className="text-slate-700">Coming with issue 15 (plate-lookup, {sync.db.binding.slug}).</p>;
}
