/**
 * Owns signing out of a tenant without losing work: it warns when the
 * outbox (or the rejected list) is not empty, and when the user goes ahead
 * it ends the session only. The tenant database and its queue stay on the
 * device and are sent after the same user signs in again.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TenantDb } from './local-db';
import { signOutWarning } from './sync-status';

export interface SignOutCheck {
  pending: number;
  rejected: number;
  /** Text to show before signing out, null when nothing is left unsent. */
  warning: string | null;
}

export async function checkBeforeSignOut(db: TenantDb): Promise<SignOutCheck> {
  const [pending, rejected] = await Promise.all([db.outbox.count(), db.rejected.count()]);
  return { pending, rejected, warning: signOutWarning(pending, rejected) };
}

/**
 * Signs out unless unsent changes exist and `confirmed` is false; in that
 * case nothing happens and the check (with its warning) comes back.
 */
export async function signOutKeepingOutbox(
  client: SupabaseClient,
  db: TenantDb,
  confirmed = false,
): Promise<SignOutCheck & { signedOut: boolean }> {
  const check = await checkBeforeSignOut(db);
  if (check.warning && !confirmed) return { ...check, signedOut: false };
  // Local scope: this device only; the queue is kept (it is never deleted here).
  await client.auth.signOut({ scope: 'local' });
  return { ...check, signedOut: true };
}
