/** Security dashboard: summary cards and the Door Status tab, from the local cache. */
export { SecurityDashboardPage, Dashboard as SecurityDashboard } from './security-dashboard-page';
export { CheckIntervalSelect } from './components/check-interval-select';
// The administration modules (Conditions tab, modals) stay a chunk of their own.
export const loadSecurityAdmin = () => import('./admin/index');
export {
  buildDoorStatusBoard,
  showBackToDashboard,
  settingsSaveMessage,
  isActiveIncident,
  type DoorStatusBoard,
  type CampusCard,
  type DoorTile,
} from './door-status';
// Missed-check alerts (issue 12): the super admins' card, the live alerts and the threshold settings.
export { EscalatedAlertsCard } from './components/escalated-alerts-card';
export { MissedCheckSettings } from './components/missed-check-settings';
export { useMissedCheckAlerts, type MissedCheckAlerts } from './hooks/use-missed-check-alerts';
