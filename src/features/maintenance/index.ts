/**
 * Maintenance work orders (issue 13 §2). The screen is a chunk of its own
 * (loadMaintenancePage, used by the router), so the screens that only link
 * to it (rounds, dashboards, a door's details) do not carry it.
 */
export const loadMaintenancePage = () => import('./maintenance-page');
export { MyWorkButton, MyWorkLink, useMyOpenWork } from './my-work-link';
export { isActive as isActiveWorkOrder } from './model';
