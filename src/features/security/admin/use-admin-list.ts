/**
 * The state every admin list shares: which row (or a new one) the form is
 * editing, and which row awaits the delete confirmation; deleting is a soft
 * delete through the offline core, its outcome shown as the modal's notice.
 */
import { useCallback, useState } from 'react';
import { softDeleteRow, type CacheRow, type SyncedTable, type TenantSync } from '../../../data';
import type { AlertTone } from '../../../ui/alert';

type Say = (tone: AlertTone, text: string) => void;

/** `stale` retires the last outcome when a form opens: "... saved" no longer describes what is on screen. */
export function useEditing(say: Say, stale?: () => void) {
  const [editing, setEditingState] = useState<CacheRow | 'new' | null>(null);
  const setEditing = useCallback(
    (row: CacheRow | 'new' | null) => {
      if (row) stale?.();
      setEditingState(row);
    },
    [stale],
  );
  /** The form's onDone: back to the list, with its success message if it saved. */
  const done = useCallback(
    (message: string | null) => {
      setEditingState(null);
      if (message) say('success', message);
    },
    [say],
  );
  return { editing, setEditing, done };
}

export function useDeleteConfirm(sync: TenantSync, table: SyncedTable, say: Say, messages: { ok: string; error: (e: unknown) => string }) {
  const [deleting, setDeleting] = useState<CacheRow | null>(null);
  const confirm = async () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    try {
      await softDeleteRow(sync.db, table, row.id);
      say('success', messages.ok);
    } catch (e) {
      say('error', messages.error(e));
    }
  };
  return {
    ask: setDeleting,
    /** Spread into ConfirmDialog (with its message). */
    dialog: { open: deleting !== null, onConfirm: () => void confirm(), onCancel: () => setDeleting(null) },
  };
}
