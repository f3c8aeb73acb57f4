/**
 * The "Buses & Routes" tab (issue 14): buses, routes with their stops and
 * riders, and who is assigned to which bus and route. The section and an
 * open route live in the address (?section=, ?route=) beside the page's own
 * ?tab=, so a reload or a shared link opens the same view.
 */
import { useSearchParams } from 'react-router-dom';
import type { TenantSync } from '../../../data';
import { Loading } from '../../../ui/loading';
import { Tabs } from '../../../ui/tabs';
import { AssignmentsSection } from './assignments-section';
import { BusesSection } from './buses-section';
import { RouteDetails } from './route-details';
import { paramsFor, sectionFromParams, SECTIONS } from './routes-model';
import { RoutesSection } from './routes-section';
import { useRoutesData } from './shared';

const LABELS = { buses: 'Buses', routes: 'Routes', assignments: 'Assignments' } as const;

export default function RoutesTab({ sync }: { sync: TenantSync }) {
  const [params, setParams] = useSearchParams();
  const data = useRoutesData(sync.db);
  const section = sectionFromParams(params);
  const routeId = params.get('route');
  if (!data) return <Loading label="Loading buses and routes..." />;
  const panels = {
    buses: <BusesSection sync={sync} data={data} />,
    routes: routeId ? <RouteDetails sync={sync} data={data} routeId={routeId} /> : <RoutesSection sync={sync} data={data} />,
    assignments: <AssignmentsSection sync={sync} data={data} />,
  };
  return (
    <Tabs
      label="Buses and routes"
      selectedIndex={SECTIONS.indexOf(section)}
      onChange={(i) => setParams(paramsFor(params, { section: SECTIONS[i] ?? 'buses' }), { replace: true })}
      items={SECTIONS.map((id) => ({ id, label: LABELS[id], panel: panels[id] }))}
    />
  );
}
