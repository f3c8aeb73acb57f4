/**
 * Invitation and recovery links (auth.one_time_tokens). The link carries a
 * random token; only its SHA-256 is stored, so the table alone opens no
 * account. A user has at most one live token per type: a new link replaces
 * the old one, and using a link deletes it, so each works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '../engine/types';

export type LinkType = 'invite' | 'recovery';

export function isLinkType(t: string): t is LinkType {
  return t === 'invite' || t === 'recovery';
}

export function newLinkToken(): string {
  return randomBytes(32).toString('hex');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores the hash of `token` for the user, replacing any earlier link of that type. */
export async function saveLinkToken(
  db: SqlClient,
  userId: string,
  type: LinkType,
  token: string,
  email: string,
  ttlSeconds: number,
): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at)
     values ($1::uuid, $2, $3, $4, now() + make_interval(secs => $5::float8))
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           created_at = now(), expires_at = excluded.expires_at`,
    [userId, type, hashLinkToken(token), email, ttlSeconds],
  );
}

/**
 * The user a live token of this type belongs to, deleting the token in the
 * same statement; null for an unknown, used, expired or other-type token.
 * The DELETE matches the row once, so two concurrent uses cannot both win.
 */
export async function consumeLinkToken(db: SqlClient, token: string, type: LinkType): Promise<string | null> {
  const r = await db.query<{ user_id: string; live: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = $2
     returning user_id::text as user_id, expires_at > now() as live`,
    [hashLinkToken(token), type],
  );
  const row = r.rows[0];
  return row?.live ? row.user_id : null;
}
