/**
 * Sessions and refresh tokens. A refresh token is a random opaque string
 * handed out once; only its SHA-256 is stored, so a database leak yields no
 * usable token. Each token is single-use: refreshing consumes it and issues
 * a child in the same session.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SqlClient, SqlEngine } from '../engine/types';
import { refreshReuseIntervalSeconds } from './config';

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A successor is derived from its parent with a server-side key, so that a
 * retry inside the reuse interval can be handed the very token the lost
 * response carried, while only hashes are stored.
 */
function successorOf(parent: string, key: string): string {
  return createHmac('sha256', key).update(parent, 'utf8').digest('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Opens a session for the user and returns its id and first refresh token. */
export async function createSession(db: SqlClient, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const s = await db.query<{ id: string }>('insert into auth.sessions (user_id) values ($1::uuid) returning id::text as id', [userId]);
  const sessionId = s.rows[0]?.id;
  if (!sessionId) throw new Error('insert into auth.sessions returned no row');
  const refreshToken = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2::uuid, $3::uuid)', [
    hashRefreshToken(refreshToken),
    userId,
    sessionId,
  ]);
  return { sessionId, refreshToken };
}

export type RotateResult =
  | { kind: 'rotated'; userId: string; sessionId: string; refreshToken: string; signedInAt: number }
  | { kind: 'not_found' }
  | { kind: 'reused' }
  | { kind: 'session_expired' };

/**
 * Consumes `token` and issues its successor. The consuming UPDATE only
 * matches an unrevoked token, so of two concurrent refreshes with the same
 * token exactly one gets the row: on PostgreSQL the second waits for the
 * first and re-checks `revoked`; PGlite runs transactions one at a time.
 * A token presented again after use revokes every token of its session
 * (GoTrue's reuse detection: someone else may hold the stolen family).
 */
export async function rotateRefreshToken(engine: SqlEngine, token: string, key: string): Promise<RotateResult> {
  const hash = hashRefreshToken(token);
  return engine.transaction(async (tx): Promise<RotateResult> => {
    const used = await tx.query<{ user_id: string; session_id: string }>(
      `update auth.refresh_tokens set revoked = true, updated_at = now()
        where token = $1 and not revoked
        returning user_id::text as user_id, session_id::text as session_id`,
      [hash],
    );
    const row = used.rows[0];
    if (!row) {
      const known = await tx.query<{ session_id: string }>(
        'select session_id::text as session_id from auth.refresh_tokens where token = $1',
        [hash],
      );
      const prior = known.rows[0];
      if (!prior) return { kind: 'not_found' };
      // Within the reuse interval, the same successor again (GoTrue does this).
      const reuseSeconds = refreshReuseIntervalSeconds();
      const retry =
        reuseSeconds <= 0
          ? { rows: [] }
          : await tx.query<{ user_id: string; session_id: string; signed_in_at: number | string }>(
              `select t.user_id::text as user_id, t.session_id::text as session_id, extract(epoch from s.created_at)::int as signed_in_at
           from auth.refresh_tokens p
           join auth.refresh_tokens t on t.parent = p.token and not t.revoked
           join auth.sessions s on s.id = t.session_id and (s.not_after is null or s.not_after > now())
          where p.token = $1 and p.updated_at > clock_timestamp() - make_interval(secs => $2)`,
              [hash, reuseSeconds],
            );
      const again = retry.rows[0];
      if (again) {
        return {
          kind: 'rotated',
          userId: again.user_id,
          sessionId: again.session_id,
          refreshToken: successorOf(token, key),
          signedInAt: Number(again.signed_in_at),
        };
      }
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid and not revoked', [
        prior.session_id,
      ]);
      return { kind: 'reused' };
    }
    const live = await tx.query<{ signed_in_at: number | string }>(
      `update auth.sessions set updated_at = now()
        where id = $1::uuid and (not_after is null or not_after > now())
        returning extract(epoch from created_at)::int as signed_in_at`,
      [row.session_id],
    );
    const session = live.rows[0];
    if (!session) return { kind: 'session_expired' };
    const refreshToken = successorOf(token, key);
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)', [
      hashRefreshToken(refreshToken),
      row.user_id,
      row.session_id,
      hash,
    ]);
    return { kind: 'rotated', userId: row.user_id, sessionId: row.session_id, refreshToken, signedInAt: Number(session.signed_in_at) };
  });
}

/** True when the session exists, belongs to the user and has not run out. */
export async function sessionIsLive(db: SqlClient, sessionId: string, userId: string): Promise<boolean> {
  const r = await db.query(
    `select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid and (not_after is null or not_after > now())`,
    [sessionId, userId],
  );
  return r.rows.length > 0;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deletes sessions (their refresh tokens go with them by cascade). */
export async function endSessions(db: SqlClient, userId: string, currentSessionId: string | null, scope: LogoutScope): Promise<void> {
  if (currentSessionId === null) {
    // A token without a session (minted elsewhere): "others" is everything
    // but nothing; "local" cannot be told apart, so it ends them all.
    if (scope === 'others') return;
    await db.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
    return;
  }
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1::uuid and user_id = $2::uuid', [currentSessionId, userId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [userId, currentSessionId]);
  }
}
