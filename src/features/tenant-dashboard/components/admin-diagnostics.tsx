/**
 * Spec §2 Admin Diagnostics, shown only inside a support session: Run Health
 * Check asks the product API to reach and read this tenant's database (as
 * the staff admin, with the platform session) and shows its answer.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { callProductApi } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';

interface HealthAnswer {
  ok: boolean;
  dbHealthy?: boolean;
  readOk?: boolean;
  elapsedMs?: number;
  error?: string | null;
  note?: string | null;
}

type State = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; answer: HealthAnswer } | { kind: 'failed'; message: string };

const yesNo = (v: boolean | undefined) => (v === undefined ? '—' : v ? 'Yes' : 'No');

export function AdminDiagnostics({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'running' });
    try {
      const answer = await callProductApi<HealthAnswer>('tenant-proxy/health', { body: { tenantSlug: slug } });
      setState({ kind: 'done', answer });
    } catch (e) {
      setState({ kind: 'failed', message: e instanceof Error && e.message ? e.message : 'Health check failed' });
    }
  };
  return (
    <section aria-labelledby="admin-diagnostics" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="admin-diagnostics" className="text-lg font-semibold text-slate-900">
        Admin Diagnostics
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void run()} disabled={state.kind === 'running'}>
          {state.kind === 'running' ? 'Running…' : 'Run Health Check'}
        </Button>
        <Link to="/admin/verify" className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline">
          Verify features and add-ons
        </Link>
      </div>
      {state.kind === 'failed' && <Alert tone="error">{state.message}</Alert>}
      {state.kind === 'done' && (
        <dl aria-label="Health check result" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <dt className="font-medium text-slate-700">OK</dt>
          <dd>{yesNo(state.answer.ok)}</dd>
          <dt className="font-medium text-slate-700">Database healthy</dt>
          <dd>{yesNo(state.answer.dbHealthy)}</dd>
          <dt className="font-medium text-slate-700">Read OK</dt>
          <dd>{yesNo(state.answer.readOk)}</dd>
          <dt className="font-medium text-slate-700">Elapsed</dt>
          <dd>{state.answer.elapsedMs === undefined ? '—' : `${state.answer.elapsedMs} ms`}</dd>
          <dt className="font-medium text-slate-700">Error</dt>
          <dd>{state.answer.error || 'None'}</dd>
          <dt className="font-medium text-slate-700">Note</dt>
          <dd>{state.answer.note || 'None'}</dd>
        </dl>
      )}
    </section>
  );
}
