import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The centred card every sign-in screen uses. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  docTitle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  docTitle: string;
}) {
  useEffect(() => {
    document.title = `${docTitle} · Lockstep`;
  }, [docTitle]);
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
            <rect width="32" height="32" rx="7" fill="#1e3a8a" />
            <path d="M11 14v-3a5 5 0 0 1 10 0v3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
            <rect x="8.5" y="14" width="15" height="11" rx="2.5" fill="#fff" />
          </svg>
          Lockstep
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <div className="mt-2 text-slate-700">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      </div>
    </main>
  );
}
