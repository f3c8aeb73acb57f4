/**
 * A dev-server page that mounts the security administration components on a
 * real local store (Dexie in Chromium), seeded here, without the sign-in
 * stack: e2e/security-admin.spec.ts drives it in real Chromium. The role is
 * chosen with ?role=; the store is the signed-in user's own cache, as in the
 * app. Nothing here is shipped: only Vite's dev server serves it.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/app/styles.css';
import { openTenantDb, openTenantSync, signInTenant, SyncStatusBadge, type Organization, type SyncedTable, type TenantSync } from '../../src/data';
import type { TenantRole } from '../../src/lib/roles';
import { ConditionsTab, SecurityAdminModals, type SecurityAdminModalKey } from '../../src/features/security/admin';

const params = new URLSearchParams(location.search);
const role = params.get('role') ?? 'security_admin';
const userId = '11111111-1111-4111-8111-111111111111';
const stack = params.has('url');
const stale = (params.get('stale') as TenantRole | null) ?? null;

async function seed(): Promise<TenantSync> {
  const db = await openTenantDb({ slug: `harness-${role}-${Date.now()}`, url: 'http://harness.invalid', anonKey: 'harness', userId });
  const put = (table: SyncedTable, row: Record<string, unknown>) => db.cache(table).put({ created_at: new Date().toISOString(), ...row, id: String(row.id) });
  await put('users', { id: userId, email: 'me@harness.test', first_name: 'Sam', last_name: 'Admin', role, is_security_admin: role === 'security_admin', is_super_admin: role === 'super_admin', active: true });
  await put('users', { id: 'u-officer', email: 'officer@harness.test', first_name: 'Olive', last_name: 'Officer', role: 'regular_user', active: true });
  await put('campus', { id: 'c-north', campus_name: 'North Campus', address_line1: '1 Main St', city: 'Austin', state: 'TX', active: true });
  for (let i = 1; i <= 3; i++) await put('doors', { id: `d-${i}`, door_number: `D00${i}`, campus_id: 'c-north', qr_code: null });
  const start = new Date(2026, 2, 1, 8).getTime();
  for (let i = 0; i < 120; i++) {
    await put('door_log', {
      id: `l-${i}`,
      door_id: `d-${(i % 3) + 1}`,
      user_id: i % 2 ? 'u-officer' : userId,
      campus: 'North Campus',
      door_status: i % 10 === 0 ? 'maintenance' : 'operational',
      door_problem: i % 10 === 0 ? 'Latch, "sticky"' : 'none',
      maintenance: i % 10 === 0 ? 'yes' : 'no',
      notes: i === 0 ? 'first line\nsecond, line' : null,
      created_at: new Date(start + i * 3_600_000).toISOString(),
    });
  }
  return { db, userId } as unknown as TenantSync;
}

/**
 * Stack mode (?url=&anon=&email=&password=): signs in to a real tenant
 * project and opens the real sync engine, so writes are pushed and a refusal
 * shows in the sync badge. ?stale=security_admin plays a stale cached role.
 */
async function signInToStack(): Promise<TenantSync> {
  const endpoint = { slug: params.get('slug') ?? 'lincoln-isd', supabase_url: params.get('url') ?? '', supabase_anon_key: params.get('anon') ?? '' };
  const org = { ...endpoint, company_name: 'Harness', display_name: 'Harness', description: null, email_domain: null } as unknown as Organization;
  const r = await signInTenant(org, params.get('email') ?? '', params.get('password') ?? '');
  if (!r.ok) throw new Error(r.message);
  return openTenantSync(endpoint, r.profile.id);
}

function Harness({ sync }: { sync: TenantSync }) {
  const [open, setOpen] = useState<SecurityAdminModalKey | null>(null);
  const keys: SecurityAdminModalKey[] = ['campuses', 'doors', 'activeIncidents', 'securityUsers', 'doorLogs'];
  return (
    <div className="space-y-4 p-4">
      <h1 className="text-xl font-bold">Harness ({role})</h1>
      <div className="flex gap-2">
        {keys.map((k) => (
          <button key={k} type="button" className="rounded border px-3 py-2" onClick={() => setOpen(k)} data-testid={`open-${k}`}>
            {k}
          </button>
        ))}
      </div>
      {stack && <SyncStatusBadge sync={sync} />}
      <SecurityAdminModals open={open} onClose={() => setOpen(null)} sync={sync} tenantName="Harness District" role={stale} />
      <ConditionsTab sync={sync} role={stale} />
      <div id="outbox-count" />
    </div>
  );
}

void (stack ? signInToStack() : seed()).then((sync) => {
  (window as unknown as { harnessDb: unknown }).harnessDb = sync.db;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Harness sync={sync} />
    </StrictMode>,
  );
});
