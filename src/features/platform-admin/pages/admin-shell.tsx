import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StaffProfile } from '../../../data';
import { askWorkerToCacheLater } from '../../../lib/cache-later';
import { whenContentReady } from '../../../lib/content-ready';
import { StaffGate } from '../../platform-auth/index';

/** Header and frame of the master pages, behind the staff-admin gate. */
export function AdminShell({
  title,
  back = true,
  children,
}: {
  title: string;
  back?: boolean;
  children: (profile: StaffProfile) => ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Lockstep Admin`;
  }, [title]);
  useEffect(() => void whenContentReady().then(askWorkerToCacheLater), []);
  return (
    <StaffGate>
      {(profile, signOut) => (
        <div className="min-h-screen bg-slate-50">
          <header className="border-b border-slate-200 bg-white">
            <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
              <div className="flex items-center gap-3">
                {back && (
                  <Link to="/dashboard" className="rounded-md px-2 py-2 text-sm font-semibold text-blue-800 hover:bg-blue-50">
                    ← Back to Dashboard
                  </Link>
                )}
                <span className="font-bold text-slate-900">Lockstep Admin</span>
              </div>
              <div className="flex items-center gap-3">
                <span className="hidden text-sm text-slate-700 sm:inline">{profile.email}</span>
                <button
                  type="button"
                  onClick={() => void signOut()}
                  className="min-h-10 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
                >
                  Sign Out
                </button>
              </div>
            </div>
          </header>
          <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
            <div className="mt-6">{children(profile)}</div>
          </main>
        </div>
      )}
    </StaffGate>
  );
}
