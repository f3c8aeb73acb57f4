import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';

const blurbs = [
  {
    title: 'Mobile-First Operations',
    text: 'Officers scan a door’s QR code and record its state in seconds, even with no signal. Checks are saved on the phone first and sync when the network returns.',
  },
  {
    title: 'Multi-Tenant Architecture',
    text: 'Every organization gets its own isolated database, its own sign-in and its own roles. Your data never mixes with anyone else’s.',
  },
  {
    title: 'Enterprise Security',
    text: 'Role-based access, append-only audit trails and audited support access. Built for the compliance reviews schools and campuses face.',
  },
];

/** The landing page (spec §2): hero, three feature blurbs, call to action. */
export function LandingPage() {
  return (
    <PublicLayout title="Lockstep" onLanding>
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-800">Door security · Maintenance · Fleet</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Stronger security. Smarter logging.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700">
            Lockstep turns every door check, maintenance issue and incident into a trusted record, from the phone in an officer’s hand to
            the dashboards of your security and transportation teams.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/under-construction"
              className="inline-flex min-h-12 items-center rounded-lg bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
            >
              Start Free Trial
            </Link>
            <Link
              to="/features"
              className="inline-flex min-h-12 items-center rounded-lg border border-slate-300 bg-white px-6 font-semibold text-slate-900 hover:bg-slate-50"
            >
              See features
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="why-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Built for the people who keep campuses safe
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {blurbs.map((b) => (
            <li key={b.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{b.title}</h3>
              <p className="mt-2 text-slate-700">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="get-started" aria-labelledby="get-started-heading" className="bg-blue-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="get-started-heading" tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
            Ready to secure every door?
          </h2>
          <p className="mt-3 max-w-2xl text-blue-100">
            Already have an account? Sign in to your organization’s portal. New to Lockstep? Start a free trial and have your first campus
            checked this week.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/tenant-discovery"
              className="inline-flex min-h-12 items-center rounded-lg bg-white px-6 font-semibold text-blue-900 hover:bg-blue-50"
            >
              Sign in to your organization
            </Link>
            <Link
              to="/under-construction"
              className="inline-flex min-h-12 items-center rounded-lg border border-blue-200 px-6 font-semibold text-white hover:bg-blue-800"
            >
              Start Free Trial
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
