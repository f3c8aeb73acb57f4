import type { TenantSync } from '../../../data';

/** Being built (issue 14): replaced by its helper before this lands. */
export default function OverviewTab({ sync }: { sync: TenantSync }) {
  return <p>{sync.endpoint.slug}</p>;
}
