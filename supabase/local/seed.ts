/**
 * Seeds the demo: platform staff accounts and profiles, the demo tenants
 * (provisioned like any tenant), their accounts and the SQL seed files.
 * Safe to call on an already seeded stack: accounts are created only when
 * missing, and a tenant's seed file runs only while its users table is empty.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import type { SqlClient } from './engine/types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANTS, type DemoAccount } from './demo';
import { SUPABASE_DIR } from './migrate';
import type { Stack } from './stack';

/** Inserts the auth account as GoTrue would store it, unless it exists. */
async function ensureAuthUser(db: SqlClient, account: DemoAccount, passwordHash: string): Promise<void> {
  const fullName = `${account.firstName} ${account.lastName}`;
  await db.query(
    `insert into auth.users (aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     select 'authenticated', 'authenticated', $1::text, $2::text, now(), $3::jsonb, $4::jsonb
      where not exists (select 1 from auth.users where lower(email) = $1::text)`,
    [
      account.email,
      passwordHash,
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify({ first_name: account.firstName, last_name: account.lastName, full_name: fullName, name: fullName }),
    ],
  );
}

async function runSqlFile(db: { transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> }, path: string): Promise<void> {
  const sql = await readFile(path, 'utf8');
  await db.transaction((tx) => tx.exec(sql));
}

export async function seedDemo(stack: Stack): Promise<void> {
  // One hash for every demo account: they share the published demo password,
  // and cost-10 bcrypt in JavaScript takes tens of milliseconds per hash.
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const platform = stack.platform.engine;
  for (const account of DEMO_ACCOUNTS.filter((a) => a.where === 'platform')) {
    await ensureAuthUser(platform, account, passwordHash);
  }
  const admin = await platform.query<{ id: string }>(`select id from auth.users where email = 'admin@lockstep.test'`);

  for (const tenant of DEMO_TENANTS) {
    const project = await stack.provisionTenant({
      slug: tenant.slug,
      companyName: tenant.companyName,
      displayName: tenant.displayName,
      description: tenant.description,
      emailDomain: tenant.emailDomain,
      createdBy: admin.rows[0]?.id ?? null,
    });
    for (const account of DEMO_ACCOUNTS.filter((a) => a.where === tenant.slug)) {
      await ensureAuthUser(project.engine, account, passwordHash);
    }
    const seeded = await project.engine.query('select 1 from public.users limit 1');
    if (!seeded.rows.length) await runSqlFile(project.engine, join(SUPABASE_DIR, 'tenant', tenant.seedFile));
  }

  // Staff profiles, plans, features, add-ons and licences: idempotent SQL.
  await runSqlFile(platform, join(SUPABASE_DIR, 'platform', 'seed.sql'));
}
