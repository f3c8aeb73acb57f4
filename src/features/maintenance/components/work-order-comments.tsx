/**
 * A work order's comments, oldest first, and a form to add one: an insert
 * through the offline core, so it is kept on the device and sent when the
 * connection allows, shown at once with its sync state.
 */
import { useId, useState } from 'react';
import { insertRow, rowSyncInfo, useMaintenanceComments, useRowSyncStates, type CacheRow, type TenantSync } from '../../../data';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/controls';
import { Loading } from '../../../ui/loading';
import { personName } from '../model';
import { COMMENT_MAX, commentSchema } from '../work-order-form';

export function WorkOrderComments({ sync, recordId, users }: { sync: TenantSync; recordId: string; users: ReadonlyMap<string, CacheRow> }) {
  const headingId = useId();
  const comments = useMaintenanceComments(sync.db, recordId);
  const states = useRowSyncStates(sync.db, 'maintenance_comments');
  const me = sync.db.binding.userId;
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const post = async () => {
    const parsed = commentSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a comment first');
      return;
    }
    setBusy(true);
    try {
      // The server sets the author from the session; the device's copy names them until the pull brings that back.
      await insertRow(sync.db, 'maintenance_comments', {
        record_id: recordId,
        body: parsed.data,
        user_id: me,
        author_name: personName(users.get(me)),
      });
      setBody('');
      setError(null);
    } catch (e) {
      setError(`The comment was not saved: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Comments
      </h2>
      {!comments ? (
        <Loading />
      ) : comments.length === 0 ? (
        <p className="text-sm text-slate-700">No comments yet.</p>
      ) : (
        <ol className="space-y-2">
          {comments.map((c) => {
            const state = states ? rowSyncInfo(states, c.id).state : 'synced';
            const author =
              (typeof c.author_name === 'string' && c.author_name) ||
              personName(typeof c.user_id === 'string' ? users.get(c.user_id) : undefined) ||
              'Unknown user';
            return (
              <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <p className="text-sm text-slate-600">
                  <span className="font-semibold text-slate-900">{author}</span> · {new Date(String(c.created_at)).toLocaleString()}
                  {state !== 'synced' && (
                    <span className="ml-2 font-semibold text-amber-800">{state === 'pending' ? 'Waiting to sync' : 'Needs attention'}</span>
                  )}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{String(c.body ?? '')}</p>
              </li>
            );
          })}
        </ol>
      )}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void post();
        }}
      >
        <TextAreaField
          label="Add a comment"
          rows={3}
          maxLength={COMMENT_MAX + 100}
          value={body}
          error={error ?? undefined}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" busy={busy}>
          Post comment
        </Button>
      </form>
    </section>
  );
}
