import { Placeholder } from '../../ui/placeholder';
import { TenantShell } from '../tenant-auth/index';

/** /tenant/{slug}/student-parking (placeholder). */
export function StudentParkingPage() {
  return (
    <TenantShell title="Student Parking Management">
      <Placeholder title="Student parking">Parking permits and violations will appear here.</Placeholder>
    </TenantShell>
  );
}
