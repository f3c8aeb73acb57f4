import type { ReactNode } from 'react';

/** What a screen shows until the issue that builds it lands: never a blank page. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="placeholder-title" className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 sm:p-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Coming soon</p>
      <h2 id="placeholder-title" className="mt-1 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-slate-700">{children ?? 'This screen is being built and will arrive in an upcoming release.'}</div>
    </section>
  );
}
