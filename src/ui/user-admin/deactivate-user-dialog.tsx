/**
 * Deactivate User: a confirmation (focus starts on Cancel), then the call;
 * a refusal stays in the dialog with the server's reason.
 */
import { useState } from 'react';
import type { TenantUser } from '../../data';
import { Alert } from '../alert';
import { ConfirmDialog } from '../confirm-dialog';
import type { UserAdminApi } from './api';
import { FailureText } from './fields';
import { describeFailure, userName, type Failure } from './model';

export function DeactivateUserDialog({
  api,
  user,
  offlineReason,
  onClose,
  onDeactivated,
}: {
  api: Pick<UserAdminApi, 'deactivate'>;
  user: TenantUser;
  /** Why the server cannot be asked now, or null. */
  offlineReason: string | null;
  onClose: () => void;
  onDeactivated: (user: TenantUser) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const deactivate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onDeactivated(await api.deactivate(user.id));
    } catch (e) {
      setFailure(describeFailure('deactivate', e, navigator.onLine));
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title="Deactivate User"
      confirmLabel={busy ? 'Deactivating...' : 'Deactivate'}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void deactivate()}
    >
      <p>
        Deactivate {userName(user)} ({user.email})? They will no longer be able to sign in.
      </p>
      {offlineReason && <Alert tone="warning">{offlineReason}</Alert>}
      {failure && (
        <Alert tone="error">
          <FailureText failure={failure} />
        </Alert>
      )}
    </ConfirmDialog>
  );
}
