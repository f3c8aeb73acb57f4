/**
 * What a user table row and the screen above it share on both user screens:
 * Edit and Reset Password for one user, and the offline warning with the
 * last action's notice.
 */
import type { ReactNode } from 'react';
import type { TenantUser } from '../../data';
import { Alert, type AlertTone } from '../alert';
import { Button } from '../button';
import { userName } from './model';

export function EditResetButtons({
  user,
  disabled,
  onAction,
}: {
  user: TenantUser;
  /** Offline: the actions need the server. */
  disabled: boolean;
  onAction: (action: 'edit' | 'reset') => void;
}) {
  const name = userName(user);
  return (
    <>
      {/* Offline, Edit stays focusable (aria-disabled) so the table's scrolling region can still be reached by keyboard. */}
      <Button
        size="sm"
        variant="secondary"
        aria-disabled={disabled || undefined}
        className={disabled ? 'cursor-not-allowed opacity-60' : undefined}
        onClick={() => !disabled && onAction('edit')}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled || !user.active}
        onClick={() => onAction('reset')}
        aria-label={`Reset password of ${name}`}
      >
        Reset Password
      </Button>
    </>
  );
}

export interface UsersNotice {
  tone: AlertTone;
  body: ReactNode;
}

/** Why the actions are off (offline), then what the last action did. */
export function UsersNotices({ offline, notice }: { offline: string | null; notice: UsersNotice | null }) {
  return (
    <>
      {offline && <Alert tone="warning">{offline}</Alert>}
      {notice && (
        <div data-testid="users-notice">
          <Alert tone={notice.tone}>{notice.body}</Alert>
        </div>
      )}
    </>
  );
}
