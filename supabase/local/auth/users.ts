/**
 * auth.users rows and the user object GoTrue returns for them. The auth
 * service owns the auth schema, so these queries run as the superuser.
 */
import type { SqlClient } from '../engine/types';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: unknown;
  raw_user_meta_data: unknown;
  banned_until: Date | string | null;
  invited_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export type JsonObject = Record<string, unknown>;

const USER_COLUMNS = `id::text as id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, banned_until, invited_at, created_at, updated_at`;

export function asObject(v: unknown): JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : {};
}

function iso(v: Date | string | null): string | null {
  if (v === null) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

export function isBanned(user: UserRow): boolean {
  if (user.banned_until === null) return false;
  return new Date(user.banned_until).getTime() > Date.now();
}

/** The user JSON GoTrue sends; unset timestamps are left out, as GoTrue omits them. */
export function userJson(user: UserRow): JsonObject {
  const out: JsonObject = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
  };
  const confirmed = iso(user.email_confirmed_at);
  if (confirmed) out.email_confirmed_at = confirmed;
  out.phone = '';
  if (confirmed) out.confirmed_at = confirmed;
  const invited = iso(user.invited_at);
  if (invited) out.invited_at = invited;
  const lastSignIn = iso(user.last_sign_in_at);
  if (lastSignIn) out.last_sign_in_at = lastSignIn;
  out.app_metadata = asObject(user.raw_app_meta_data);
  out.user_metadata = asObject(user.raw_user_meta_data);
  out.identities = [];
  out.created_at = iso(user.created_at);
  out.updated_at = iso(user.updated_at);
  const banned = iso(user.banned_until);
  if (banned && isBanned(user)) out.banned_until = banned;
  out.is_anonymous = false;
  return out;
}

export async function findUserById(db: SqlClient, id: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1::uuid and deleted_at is null`, [id]);
  return r.rows[0] ?? null;
}

/**
 * `email` is expected lowercased. The lookup ignores case anyway, because
 * rows seeded by SQL (not through this API) may not be.
 */
export async function findUserByEmail(db: SqlClient, email: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null
      order by (email = $1) desc, created_at limit 1`,
    [email],
  );
  return r.rows[0] ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  appMetadata: JsonObject;
  userMetadata: JsonObject;
  bannedForSeconds: number | null;
}

/** Inserts a user; a duplicate email surfaces as the unique_violation (23505). */
export async function insertUser(db: SqlClient, u: NewUser): Promise<UserRow> {
  const r = await db.query<UserRow>(
    `insert into auth.users (aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
        raw_user_meta_data, banned_until)
     values ('authenticated', 'authenticated', $1, $2, case when $3::boolean then now() end, $4::jsonb, $5::jsonb,
        case when $6::float8 is not null then now() + make_interval(secs => $6::float8) end)
     returning ${USER_COLUMNS}`,
    [u.email, u.passwordHash, u.emailConfirmed, JSON.stringify(u.appMetadata), JSON.stringify(u.userMetadata), u.bannedForSeconds],
  );
  const row = r.rows[0];
  if (!row) throw new Error('insert into auth.users returned no row');
  return row;
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  confirmEmail?: boolean;
  appMetadata?: JsonObject;
  userMetadata?: JsonObject;
  /** null lifts a ban; a number bans for that many seconds from now. */
  bannedForSeconds?: number | null;
}

/** Applies the given changes (and only those) and returns the updated row. */
export async function updateUser(db: SqlClient, id: string, ch: UserChanges): Promise<UserRow | null> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (ch.email !== undefined) sets.push(`email = ${param(ch.email)}`);
  if (ch.passwordHash !== undefined) sets.push(`encrypted_password = ${param(ch.passwordHash)}`);
  if (ch.confirmEmail) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (ch.appMetadata !== undefined) sets.push(`raw_app_meta_data = ${param(JSON.stringify(ch.appMetadata))}::jsonb`);
  if (ch.userMetadata !== undefined) sets.push(`raw_user_meta_data = ${param(JSON.stringify(ch.userMetadata))}::jsonb`);
  if (ch.bannedForSeconds === null) sets.push('banned_until = null');
  else if (ch.bannedForSeconds !== undefined) {
    sets.push(`banned_until = now() + make_interval(secs => ${param(ch.bannedForSeconds)}::float8)`);
  }
  const r = await db.query<UserRow>(
    `update auth.users set ${sets.join(', ')} where id = $1::uuid and deleted_at is null returning ${USER_COLUMNS}`,
    params,
  );
  return r.rows[0] ?? null;
}

/**
 * GoTrue's metadata merge: keys in `changes` replace those in `current`, a
 * null value removes the key.
 */
export function mergeMetadata(current: unknown, changes: JsonObject): JsonObject {
  const out: JsonObject = { ...asObject(current) };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function listUsers(db: SqlClient, page: number, perPage: number): Promise<{ users: UserRow[]; total: number }> {
  const count = await db.query<{ n: number | string }>('select count(*)::int as n from auth.users where deleted_at is null');
  const r = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null
      order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  return { users: r.rows, total: Number(count.rows[0]?.n ?? 0) };
}
