import { Link } from 'react-router-dom';
import { Logo } from './logo';

const footLink = 'text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline';

/** The public footer (spec §2), with the copyright line and every footer link given a real target. */
export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div className="space-y-3">
          <span className="inline-block rounded-lg bg-white px-2 py-1">
            <Logo />
          </span>
          <p className="text-sm text-slate-300">Door checks, maintenance, incidents and fleet operations for schools and organizations.</p>
        </div>
        <nav aria-label="Sign in" className="space-y-2">
          <h2 className="text-sm font-semibold text-white">Sign in</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/tenant-discovery" className={footLink}>
                Tenant Login
              </Link>
            </li>
            <li>
              <Link to="/login" className={footLink}>
                Admin Login
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company" className="space-y-2">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="grid grid-cols-2 gap-2">
            <li>
              <Link to="/features" className={footLink}>
                Features
              </Link>
            </li>
            <li>
              <Link to="/support" className={footLink}>
                Support
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footLink}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/features#about" className={footLink}>
                About
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footLink}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/features#security" className={footLink}>
                Security
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-slate-400 sm:px-6">© 2024 Lockstep. All rights reserved.</p>
      </div>
    </footer>
  );
}
