import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';

export const SUPPORT_EMAIL = 'support@lockstep.app';

const faq = [
  {
    id: 'faq-access',
    q: 'How do I get access to my organization’s portal?',
    a: 'Use Tenant Login and choose your organization. Accounts are not self-service: an administrator of your organization must invite you or provision your account. If you cannot sign in, ask your administrator first.',
  },
  {
    id: 'faq-security',
    q: 'How do I report a security issue?',
    a: `Email ${SUPPORT_EMAIL} with the subject “Security” and as much detail as you can share. We acknowledge every security report within 24 hours.`,
  },
  {
    id: 'faq-migration',
    q: 'Can you help us migrate our existing data?',
    a: 'Yes. Our team helps you move doors, campuses, users and history from spreadsheets or another system. Contact sales and billing to plan the migration.',
  },
];

/** Support (spec §2): email card, sales and billing link, FAQ on this page, outage note. */
export function SupportPage() {
  return (
    <PublicLayout title="Support">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">Support</h1>
        <p className="mt-3 text-lg text-slate-700">We are here to help you and your team.</p>

        <div className="mt-8 grid gap-6 md:grid-cols-3">
          <section aria-labelledby="email-support" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="email-support" className="text-lg font-semibold text-slate-900">
              Email support
            </h2>
            <p className="mt-2 text-slate-700">Write to us any time; we answer within one business day.</p>
            <a href={`mailto:${SUPPORT_EMAIL}`} className="mt-4 inline-block font-semibold text-blue-800 underline underline-offset-4">
              {SUPPORT_EMAIL}
            </a>
          </section>
          <section aria-labelledby="sales-billing" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="sales-billing" className="text-lg font-semibold text-slate-900">
              Sales and billing
            </h2>
            <p className="mt-2 text-slate-700">Plans, invoices, seats and add-ons.</p>
            <Link to="/pricing" className="mt-4 inline-block font-semibold text-blue-800 underline underline-offset-4">
              Sales and billing
            </Link>
          </section>
          <section aria-labelledby="docs" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="docs" className="text-lg font-semibold text-slate-900">
              Documentation
            </h2>
            <p className="mt-2 text-slate-700">Answers to the questions we hear most.</p>
            <a href="#faq" className="mt-4 inline-block font-semibold text-blue-800 underline underline-offset-4">
              Read the FAQ
            </a>
          </section>
        </div>

        <div className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6" role="note" aria-labelledby="outage">
          <h2 id="outage" className="text-lg font-semibold text-amber-950">
            Reporting an outage
          </h2>
          <p className="mt-2 text-amber-950">
            If Lockstep is down for your organization, email {SUPPORT_EMAIL} with your tenant name (your organization’s name or portal
            address) and a short description of what you see. Door checks recorded on phones are kept on the device and sync once service is
            back.
          </p>
        </div>

        <section id="faq" aria-labelledby="faq-heading" className="mt-12">
          <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
            Frequently asked questions
          </h2>
          <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200">
            {faq.map((item) => (
              <div key={item.id} id={item.id} className="p-6">
                <dt className="font-semibold text-slate-900">{item.q}</dt>
                <dd className="mt-2 text-slate-700">{item.a}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </PublicLayout>
  );
}
