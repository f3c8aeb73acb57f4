/** Transportation (issue 14): the fleet, drivers, routes, inspections and drills. */
export { TransportationPage } from './transportation-page';
