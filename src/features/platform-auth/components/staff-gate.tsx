import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { loadStaffProfile, signOutPlatform, type StaffProfile } from '../../../data';
import { Loading } from '../../../ui/loading';

type State = { status: 'loading' } | { status: 'ready'; profile: StaffProfile | null };

/**
 * Master pages need an active staff admin (spec §2, §6): while the staff row
 * loads it says Loading dashboard...; with no staff row it shows Access
 * Denied; staff without is_staff_admin go to /tenant-discovery.
 */
export function StaffGate({ children }: { children: (profile: StaffProfile, signOut: () => Promise<void>) => ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    void loadStaffProfile().then((profile) => {
      if (live) setState({ status: 'ready', profile });
    });
    return () => {
      live = false;
    };
  }, []);

  const signOut = async () => {
    await signOutPlatform();
    await navigate('/', { replace: true });
  };

  if (state.status === 'loading') return <Loading fullScreen label="Loading dashboard..." />;
  const { profile } = state;
  if (!profile) return <AccessDenied />;
  if (!profile.is_staff_admin) return <Navigate to="/tenant-discovery" replace />;
  return <>{children(profile, signOut)}</>;
}

function AccessDenied() {
  const navigate = useNavigate();
  return (
    <main id="main" className="mx-auto flex min-h-[80vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="text-slate-700">This account has no active staff profile. Organization users sign in through their tenant portal.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to="/tenant-discovery"
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800"
        >
          Go to Tenant Login
        </Link>
        <button
          type="button"
          onClick={async () => {
            await signOutPlatform();
            await navigate('/login', { replace: true });
          }}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Try Different Account
        </button>
      </div>
    </main>
  );
}
