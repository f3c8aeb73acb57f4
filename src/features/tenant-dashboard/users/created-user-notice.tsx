/**
 * Shown once after Add User: the address and the temporary password, or the
 * invitation link, each with Copy. Neither is kept anywhere after this.
 */
import { CopyValue } from '../../../ui/copy-value';
import { TENANT_USER_MESSAGES, userName, type CreatedUser } from '../../../ui/user-admin';

export const INVITE_NOTE = 'The link works once and expires in 24 hours.';

export function CreatedUserNotice({ created, company }: { created: CreatedUser; company: string }) {
  const name = userName(created.user);
  return (
    <div className="space-y-3">
      <p className="font-semibold">{TENANT_USER_MESSAGES.created}</p>
      {created.inviteLink !== null ? (
        <>
          <p>
            Send {name} this invitation link: they open it to choose their password and sign in at {company}. {INVITE_NOTE}
          </p>
          <CopyValue label="Email" value={created.email} testId="created-user-email" />
          <CopyValue label="Invitation link" value={created.inviteLink} testId="created-user-invite-link" field />
        </>
      ) : (
        <>
          <p>
            {name} can sign in at {company} now, and must change the password at first sign-in. These are shown only once.
          </p>
          <CopyValue label="Email" value={created.email} testId="created-user-email" />
          {created.password !== null && <CopyValue label="Password" value={created.password} testId="created-user-password" />}
        </>
      )}
    </div>
  );
}
