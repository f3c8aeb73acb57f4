import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';
import { SUPPORT_EMAIL } from './support-page';

/** Contact (linked from the tenant sign-in help text). */
export function ContactPage() {
  return (
    <PublicLayout title="Contact">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Contact us</h1>
        <div className="mt-8 space-y-6 text-slate-700">
          <section aria-labelledby="c-signin">
            <h2 id="c-signin" className="text-lg font-semibold text-slate-900">
              Trouble signing in?
            </h2>
            <p className="mt-2">
              Your organization’s administrator manages accounts and can reset your password. If you do not know who that is, email{' '}
              <a className="font-semibold text-blue-800 underline underline-offset-4" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>{' '}
              with your organization’s name and we will put you in touch.
            </p>
          </section>
          <section aria-labelledby="c-sales">
            <h2 id="c-sales" className="text-lg font-semibold text-slate-900">
              Sales, billing and everything else
            </h2>
            <p className="mt-2">
              See{' '}
              <Link className="font-semibold text-blue-800 underline underline-offset-4" to="/support">
                Support
              </Link>{' '}
              for our channels and frequently asked questions.
            </p>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
