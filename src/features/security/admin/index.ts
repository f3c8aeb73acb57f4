/**
 * Security administration: the five summary-card modals (campuses, doors,
 * incidents, security users, door-log report) and the Conditions tab, all
 * reading the local cache and writing through src/data.
 */
export { SecurityAdminModals, type SecurityAdminModalKey, type SecurityAdminModalsProps } from './security-admin-modals';
export { CampusesModal } from './campuses-modal';
export { DoorsModal, type AdminModalProps } from './doors-modal';
export { IncidentsModal, isOpenIncident } from './incidents-modal';
export { SecurityUsersModal } from './security-users-modal';
export { DoorLogReportModal, type DoorLogReportModalProps } from './door-log-report-modal';
export { ConditionsTab } from './conditions-tab';
export { useAdminRole } from './use-admin-role';
export { can, canEditIncident, canEditUser, assignableRoles, ADMIN_POLICY, type AdminAction } from './permissions';
