/** Security dashboard: summary cards and the Door Status tab, from the local cache. */
export { SecurityDashboardPage, Dashboard as SecurityDashboard } from './security-dashboard-page';
export {
  buildDoorStatusBoard,
  showBackToDashboard,
  settingsSaveMessage,
  isActiveIncident,
  type DoorStatusBoard,
  type CampusCard,
  type DoorTile,
} from './door-status';
