import { Link } from 'react-router-dom';
import { Logo } from './logo';

const navLink = 'rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The public header (spec §2): Pricing, Admin Login, Tenant Login and a Get
 * Started button that scrolls to the landing page's get-started section.
 */
export function SiteHeader({ onLanding = false }: { onLanding?: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Lockstep home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1 sm:gap-2">
          <Link to="/under-construction" className={navLink}>
            Pricing
          </Link>
          <Link to="/login" className={navLink}>
            Admin Login
          </Link>
          <Link to="/tenant-discovery" className={navLink}>
            Tenant Login
          </Link>
          {onLanding ? (
            <a
              href="#get-started"
              onClick={(e) => {
                e.preventDefault();
                document.getElementById('get-started')?.scrollIntoView({ behavior: 'smooth' });
                document.getElementById('get-started-heading')?.focus({ preventScroll: true });
              }}
              className="inline-flex min-h-10 items-center rounded-lg bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800"
            >
              Get Started
            </a>
          ) : (
            <Link
              to="/#get-started"
              className="inline-flex min-h-10 items-center rounded-lg bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800"
            >
              Get Started
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
