import { Link } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';
import { PRIVACY_LAST_UPDATED, privacySections } from './privacy-sections';

/** The privacy policy (spec §2): 16 numbered sections, a table of contents and a Back link. */
export function PrivacyPage() {
  return (
    <PublicLayout title="Privacy Policy">
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Link to="/" className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline-offset-4 hover:underline">
          <span aria-hidden="true">←&nbsp;</span>Back
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900 sm:text-4xl">Privacy Policy</h1>
        <p className="mt-2 text-slate-600">Last updated: {PRIVACY_LAST_UPDATED}</p>

        <nav aria-labelledby="toc-heading" className="mt-8 rounded-2xl bg-slate-50 p-6">
          <h2 id="toc-heading" className="text-lg font-semibold text-slate-900">
            Table of contents
          </h2>
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-blue-800">
            {privacySections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="underline-offset-4 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          {privacySections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="scroll-mt-4">
              <h2 id={`${s.id}-h`} className="text-xl font-bold text-slate-900">
                {i + 1}. {s.title}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p.slice(0, 40)} className="mt-3 text-slate-700">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  );
}
