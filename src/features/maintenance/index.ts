/** Maintenance work orders (issue 13 §2): the list, "my work" and one record's details. */
export { MaintenancePage } from './maintenance-page';
export { isActive as isActiveWorkOrder, isOverdue as isOverdueWorkOrder, localDateIso } from './model';
