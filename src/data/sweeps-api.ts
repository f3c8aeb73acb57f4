/**
 * Starting and ending a campus sweep (issue 18, decision 030). These go to
 * the server at once instead of through the outbox: a second sweep on a
 * campus must be refused while the admin is looking, not in a queue hours
 * later. The returned sweep goes into the cache, and the doors it fixed at
 * its start are pulled, so the board shows it without waiting for a cycle.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { getTenantClient } from './clients';
import type { CacheRow } from './outbox-types';
import { noteTableWrite } from './table-writes';
import type { TenantSync } from './tenant-sync';

export type SweepKind = 'lockdown_drill' | 'fire_drill' | 'lockup' | 'other';

export interface StartSweepInput {
  campusId: string;
  kind: SweepKind;
  group: string;
  note: string | null;
}

export type SweepAnswer = { ok: true; sweep: CacheRow } | { ok: false; message: string };

export const SWEEP_NEEDS_SERVER = 'Starting or ending a sweep needs a connection to the server. The board shows what this device has.';

function refusal(error: PostgrestError | null, status: number): string {
  // No status: the request never reached the server (offline, DNS, a refused connection).
  if (!status || !error) return SWEEP_NEEDS_SERVER;
  if (status === 401) return 'Your session has ended. Sign in again to start or end a sweep.';
  return error.message || `The server refused it (${status}).`;
}

async function afterWrite(sync: TenantSync, row: unknown): Promise<SweepAnswer> {
  if (!row || typeof row !== 'object' || typeof (row as { id?: unknown }).id !== 'string') {
    return { ok: false, message: 'The server answered without the sweep.' };
  }
  const sweep = row as CacheRow;
  const { db } = sync;
  await db.transaction('rw', [db.cache('sweeps'), db.meta], async (tx) => {
    await db.cache('sweeps').put(sweep);
    await noteTableWrite(db, tx, 'sweeps');
  });
  void sync.engine.pullTables(['sweeps', 'sweep_doors']);
  return { ok: true, sweep };
}

export async function startSweep(sync: TenantSync, input: StartSweepInput): Promise<SweepAnswer> {
  try {
    const r = await getTenantClient(sync.endpoint).rpc('start_sweep', {
      p_campus_id: input.campusId,
      p_kind: input.kind,
      p_door_group: input.group,
      p_note: input.note,
    });
    if (r.error) return { ok: false, message: refusal(r.error, r.status) };
    return await afterWrite(sync, r.data);
  } catch {
    return { ok: false, message: SWEEP_NEEDS_SERVER };
  }
}

export async function endSweep(sync: TenantSync, sweepId: string): Promise<SweepAnswer> {
  try {
    const r = await getTenantClient(sync.endpoint).rpc('end_sweep', { p_sweep_id: sweepId });
    if (r.error) return { ok: false, message: refusal(r.error, r.status) };
    return await afterWrite(sync, r.data);
  } catch {
    return { ok: false, message: SWEEP_NEEDS_SERVER };
  }
}
