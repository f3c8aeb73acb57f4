import { Alert } from '../../../ui/alert';

/** Discovery and the tenant login page without a connection: what works and what does not. */
export function OfflineSignInNotice() {
  return (
    <Alert tone="warning">
      You are offline. Signing in needs a connection once; after that this device opens your organization without one.
    </Alert>
  );
}
