/**
 * The panel's connection test (spec §2, §4, §9) on the pure reducer of
 * src/lib/connection-test.ts: this component only sends the request and runs
 * the 3 s timer. The last result stays written below the button after the
 * button itself goes back to idle, so it can still be read.
 */
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { tenantUsersApi } from '../../../data';
import { CONNECTION_TEST_RESET_MS, connectionTestLabel, connectionTestReducer, initialConnectionTest } from '../../../lib/connection-test';
import { useOnline } from '../../../lib/use-online';
import { Button } from '../../../ui/button';
import { loadFailure } from '../../../ui/user-admin';

const tone = { idle: 'secondary', testing: 'secondary', connected: 'primary', failed: 'danger' } as const;

export function ConnectionTestButton({ tenantId, company }: { tenantId: string; company: string }) {
  const [state, dispatch] = useReducer(connectionTestReducer, initialConnectionTest);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const runs = useRef(0);
  const online = useOnline();
  const resultId = useId();

  useEffect(() => {
    if (state.status !== 'connected' && state.status !== 'failed') return;
    const run = state.run;
    const timer = setTimeout(() => dispatch({ type: 'reset', run }), CONNECTION_TEST_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const start = async () => {
    const run = ++runs.current;
    dispatch({ type: 'start', run });
    setResult(null);
    try {
      const answer = await tenantUsersApi.testConnection(tenantId);
      if (answer.ok) {
        dispatch({ type: 'succeeded', run, elapsedMs: answer.elapsedMs, users: answer.users });
        const users = answer.users === null ? '' : `, ${answer.users} user${answer.users === 1 ? '' : 's'}`;
        setResult({ ok: true, text: `Connected to ${company}'s database in ${answer.elapsedMs} ms${users}.` });
      } else {
        const message = answer.error ?? loadFailure(null, company, online);
        dispatch({ type: 'failed', run, message });
        setResult({ ok: false, text: message });
      }
    } catch (e) {
      const message = loadFailure(e, company, navigator.onLine);
      dispatch({ type: 'failed', run, message });
      setResult({ ok: false, text: message });
    }
  };

  return (
    <div className="space-y-1">
      <Button
        size="sm"
        variant={tone[state.status]}
        busy={state.status === 'testing'}
        onClick={() => void start()}
        data-state={state.status}
        aria-describedby={resultId}
      >
        {connectionTestLabel(state)}
      </Button>
      <p id={resultId} role="status" className={`text-sm ${result?.ok === false ? 'text-red-700' : 'text-slate-700'}`}>
        {result?.text ?? ''}
      </p>
    </div>
  );
}
