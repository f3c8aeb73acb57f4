import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';

/** The placeholder for pages not built yet (/under-construction, and /pricing for now). */
export function UnderConstructionPage() {
  return (
    <PublicLayout title="Under construction">
      <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-900">Under Construction</h1>
        <p className="mt-4 text-lg text-slate-700">We are still building this page. Please check back soon.</p>
        <Link
          to="/"
          className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
        >
          Back to Home
        </Link>
      </div>
    </PublicLayout>
  );
}
