/** The one password rule's live checklist, on every screen where a password is chosen or set. */
import { passwordChecklist } from '../lib/password-rules';

export function PasswordChecklist({
  id,
  password,
  confirm,
  heading = 'The password needs:',
}: {
  id: string;
  password: string;
  confirm: string;
  heading?: string;
}) {
  return (
    <div id={id}>
      <p className="text-sm font-medium text-slate-800">{heading}</p>
      <ul className="mt-2 space-y-1 text-sm" aria-live="polite">
        {passwordChecklist(password, confirm).map((item) => (
          <li key={item.id} className={item.ok ? 'text-green-800' : 'text-slate-700'} data-ok={item.ok}>
            <span aria-hidden="true" className="inline-block w-5">
              {item.ok ? '✓' : '○'}
            </span>
            {item.label}
            <span className="sr-only">{item.ok ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
