import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';

const highlights = [
  {
    id: 'door-checks',
    title: 'Door checks that never get lost',
    text: 'Scan a door’s QR code, record its state and any problem. Checks are stored on the device first and synced in order, with nothing lost or duplicated.',
  },
  {
    id: 'maintenance',
    title: 'Maintenance that follows the door',
    text: 'A failing check opens a maintenance record for that door, and a passing check closes it. Everyone sees what is open and for how long.',
  },
  {
    id: 'intervals',
    title: 'Configurable check intervals',
    text: 'Hourly, twice daily or once a day: each door shows whether it needs a check, should be checked soon, or was checked today.',
  },
  {
    id: 'incidents',
    title: 'Incidents and audit trails',
    text: 'Report incidents with severity and location, assign them and resolve them. Door logs are append-only, so the history can be trusted.',
  },
  {
    id: 'transportation',
    title: 'Transportation',
    text: 'Vehicles, buses, drivers, routes and stops, with bus-evacuation routes and emergency rosters in the mobile app.',
  },
  {
    id: 'monitoring',
    title: 'Real-time monitoring',
    text: 'Dashboards for security, transportation and super admins read from the local cache, so they open instantly, even offline.',
  },
];

/** Feature highlights (spec §2) with a Get Started link to tenant discovery. */
export function FeaturesPage() {
  return (
    <PublicLayout title="Features">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Features</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          Everything a campus needs to keep doors secure, fix what is broken and move people safely.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {highlights.map((h) => (
            <li key={h.id} id={h.id} className="rounded-2xl border border-slate-200 p-6">
              <h2 className="text-lg font-semibold text-slate-900">{h.title}</h2>
              <p className="mt-2 text-slate-700">{h.text}</p>
            </li>
          ))}
        </ul>

        <section id="security" aria-labelledby="security-heading" className="mt-12 rounded-2xl bg-slate-50 p-6 sm:p-8">
          <h2 id="security-heading" className="text-2xl font-bold text-slate-900">
            Security
          </h2>
          <p className="mt-3 text-slate-700">
            Each organization has its own isolated database with row-level security by role. Service keys never reach the browser, passwords
            follow one strong rule everywhere, and every support session by our staff is authenticated again, given a reason and recorded in
            an audit log you can see. Lockstep is designed to SOC 2 practices.
          </p>
        </section>

        <section id="about" aria-labelledby="about-heading" className="mt-8 rounded-2xl bg-slate-50 p-6 sm:p-8">
          <h2 id="about-heading" className="text-2xl font-bold text-slate-900">
            About Lockstep
          </h2>
          <p className="mt-3 text-slate-700">
            Lockstep is built for school districts, colleges and other organizations whose officers walk campuses with a phone and often no
            signal. Our goal is simple: every check recorded, every problem followed up, every record trustworthy.
          </p>
        </section>

        <div className="mt-10">
          <Link
            to="/tenant-discovery"
            className="inline-flex min-h-12 items-center rounded-lg bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
          >
            Get Started
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
