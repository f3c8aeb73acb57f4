/**
 * /tenant-database-management (spec §2): the staff admin's landing page for
 * support access. It explains the three steps and opens the same support
 * access dialog as the dashboard tile.
 */
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { SupportAccessDialog } from '../components/support-access-dialog';
import { AdminShell } from './admin-shell';

const STEPS = [
  {
    title: 'Search and select',
    text: 'Find the organization you need to support in the list of tenants, each shown with its current health.',
  },
  { title: 'Admin authentication', text: 'Confirm your own admin password and give the reason for access.' },
  {
    title: 'Audited access',
    text: 'A 30-minute support session starts. Who, why, when and for how long is recorded in the audit log and in the organization’s support history.',
  },
];

export function TenantDatabaseManagementPage() {
  return <AdminShell title="Tenant Database Management">{() => <Landing />}</AdminShell>;
}

function Landing() {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-slate-700">
        Enter an organization&apos;s dashboard in support mode to investigate a problem. Every support session is audited.
      </p>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <p className="text-sm font-semibold text-blue-800">Step {i + 1}</p>
            <h2 className="mt-1 font-semibold text-slate-900">{s.title}</h2>
            <p className="mt-1 text-sm text-slate-700">{s.text}</p>
          </li>
        ))}
      </ol>
      <Button onClick={() => setOpen(true)}>Access Tenant Database</Button>
      <SupportAccessDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
