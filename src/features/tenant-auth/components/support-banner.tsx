/**
 * The banner of an audited support session (issue 11 §2, spec §4 Admin
 * mode) on every tenant screen: who is supporting, why, and the time left,
 * counting down. "Exit support" ends the session on the server (its end time
 * recorded) and here, and returns to the staff dashboard. When the time is
 * up, or the tenant's server refuses the session, the banner says so and the
 * app leaves support mode: the session leaves this device and the markers go.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { exitSupportSession, forgetSupportSession, readSupportSession, watchSupportSession, type SupportSessionInfo } from '../../../data';
import { clearAdminModeMarkers } from '../../../lib/admin-mode';
import { describeTimeLeft, formatClock, staffDisplayName, supportBannerState, supportReasonText } from '../../../lib/support-access';
import { useSecondsLeft } from '../../../lib/use-countdown';
import { useToast } from '../../../ui/toast';

export const SUPPORT_BANNER_MESSAGES = {
  expired: 'This support session has expired. Support mode has ended.',
  ended: 'This support session has ended.',
  exitFailed: 'The server could not record the end of the session; it has ended on this device and expires on the server by itself.',
} as const;

export function SupportBanner({ slug }: { slug: string }) {
  const [info, setInfo] = useState<SupportSessionInfo | null>(null);
  // Once a session was shown, its end keeps the banner (saying so) rather than hiding it.
  const reload = useCallback(() => {
    void readSupportSession(slug).then(
      (next) => setInfo((prev) => next ?? (prev ? { ...prev, state: 'gone' } : null)),
      () => undefined,
    );
  }, [slug]);
  useEffect(() => {
    reload();
    return watchSupportSession(slug, reload);
  }, [slug, reload]);
  if (!info) return null;
  return <ActiveSupport slug={slug} info={info} />;
}

function ActiveSupport({ slug, info }: { slug: string; info: SupportSessionInfo }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { record } = info;
  const parsed = Date.parse(record.expires_at);
  // An unreadable expiry counts as over: the server decides, and the banner must not promise time.
  const expiresAt = Number.isNaN(parsed) ? 0 : parsed;
  const left = useSecondsLeft(expiresAt);
  const state = supportBannerState(info.state, left);
  const [exiting, setExiting] = useState(false);
  const ended = state !== 'active';

  useEffect(() => {
    if (!ended) return;
    // Leave support mode: the tenant session, its profile and the markers go; the platform session stays.
    clearAdminModeMarkers();
    void forgetSupportSession(slug, record);
  }, [ended, slug, record]);

  const exit = async () => {
    setExiting(true);
    const result = await exitSupportSession(slug);
    clearAdminModeMarkers();
    // The toast outlives this screen (its provider wraps every route), so the staff dashboard shows it.
    if (result.server !== 'ended') toast.show({ message: SUPPORT_BANNER_MESSAGES.exitFailed, tone: 'error', duration: 0 });
    navigate('/dashboard');
  };

  const staff = staffDisplayName(record.staff);
  return (
    <section aria-label="Support session" className={ended ? 'bg-slate-800 text-white' : 'bg-amber-300 text-slate-950'}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm sm:px-6">
        {ended ? (
          <p role="status" className="font-semibold">
            {state === 'expired' ? SUPPORT_BANNER_MESSAGES.expired : SUPPORT_BANNER_MESSAGES.ended}
          </p>
        ) : (
          <p>
            <span className="font-semibold">Support session</span> by {staff} · Reason: {supportReasonText(record.reason, record.details)} ·{' '}
            <span aria-hidden="true" className="font-mono font-semibold">
              {formatClock(left)} left
            </span>
            <span className="sr-only">{describeTimeLeft(left)}</span>
          </p>
        )}
        {ended ? (
          <button
            type="button"
            onClick={() => navigate('/dashboard')}
            className="min-h-9 rounded-lg border border-white bg-transparent px-3 font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-white"
          >
            Back to staff dashboard
          </button>
        ) : (
          <button
            type="button"
            onClick={() => void exit()}
            disabled={exiting}
            aria-busy={exiting || undefined}
            className="min-h-9 rounded-lg border border-slate-950 bg-white px-3 font-semibold text-slate-950 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-slate-950 disabled:opacity-60"
          >
            {exiting ? 'Exiting...' : 'Exit support'}
          </button>
        )}
      </div>
    </section>
  );
}
