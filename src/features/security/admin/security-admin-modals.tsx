/**
 * One component for the five summary cards' modals, so the dashboard page
 * wires them with one element: open = which card was clicked.
 */
import type { TenantSync } from '../../../data';
import type { GeocodingProvider } from '../../../lib/geocoding';
import type { TenantRole } from '../../../lib/roles';
import { CampusesModal } from './campuses-modal';
import { DoorLogReportModal } from './door-log-report-modal';
import { DoorsModal } from './doors-modal';
import { IncidentsModal } from './incidents-modal';
import { SecurityUsersModal } from './security-users-modal';

export type SecurityAdminModalKey = 'campuses' | 'doors' | 'activeIncidents' | 'securityUsers' | 'doorLogs';

export interface SecurityAdminModalsProps {
  open: SecurityAdminModalKey | null;
  onClose: () => void;
  sync: TenantSync;
  /** The organization's name (or slug) for the PDF report header. */
  tenantName: string;
  /** Only for support sessions (no users row); otherwise the role is read from the cache. */
  role?: TenantRole | null;
  geocoder?: GeocodingProvider;
}

export function SecurityAdminModals({ open, onClose, sync, tenantName, role, geocoder }: SecurityAdminModalsProps) {
  const common = { onClose, sync, role: role ?? null };
  return (
    <>
      <CampusesModal open={open === 'campuses'} {...common} {...(geocoder ? { geocoder } : {})} />
      <DoorsModal open={open === 'doors'} {...common} />
      <IncidentsModal open={open === 'activeIncidents'} {...common} />
      <SecurityUsersModal open={open === 'securityUsers'} {...common} />
      <DoorLogReportModal open={open === 'doorLogs'} onClose={onClose} sync={sync} tenantName={tenantName} />
    </>
  );
}
