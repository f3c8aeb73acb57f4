/**
 * /admin/staff (issue 11): the provider's staff from the platform cache;
 * add a staff member and deactivate one (never yourself: the API refuses it
 * too) with a confirmation. Both need the server, so they say so offline.
 */
import { useState } from 'react';
import { usePlatformList, type StaffProfile } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Table, type Column } from '../../../ui/table';
import { errorText } from '../api';
import { AddStaffDialog } from '../components/add-staff-dialog';
import { CachedList } from '../components/cached-list';
import { formatDate } from '../model';
import { staffToolsApi, type StaffMember } from '../staff-tools-api';
import { staffName } from '../staff-tools-model';
import { AdminShell } from './admin-shell';

export function StaffManagementPage() {
  return <AdminShell title="Staff Management">{(profile) => <StaffManagement profile={profile} />}</AdminShell>;
}

function StaffManagement({ profile }: { profile: StaffProfile }) {
  const staff = usePlatformList(profile.id, 'staff', staffToolsApi.listStaff);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const offline = staff.disconnectedReason;

  const deactivate = async (member: StaffMember) => {
    setBusy(true);
    try {
      await staffToolsApi.deactivateStaff(member.id);
      setNotice({ tone: 'success', text: `${staffName(member)} was deactivated and can no longer sign in.` });
      staff.reload();
    } catch (e) {
      setNotice({ tone: 'error', text: `Failed to deactivate ${staffName(member)}: ${errorText(e, 'unknown error')}` });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const columns: Column<StaffMember>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (s) => (
        <span className="font-semibold text-slate-900">
          {staffName(s)}
          {s.id === profile.id ? ' (you)' : ''}
        </span>
      ),
    },
    { key: 'email', header: 'Email', cell: (s) => s.email },
    { key: 'role', header: 'Role', cell: (s) => (s.is_staff_admin ? 'Staff admin' : 'Staff') },
    {
      key: 'status',
      header: 'Status',
      cell: (s) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}
        >
          {s.active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    { key: 'added', header: 'Added', cell: (s) => formatDate(s.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (s) =>
        s.id === profile.id || !s.active ? (
          <span className="text-slate-600">—</span>
        ) : (
          <Button
            size="sm"
            variant="danger"
            disabled={offline !== null}
            onClick={() => {
              setNotice(null);
              setConfirming(s);
            }}
            aria-label={`Deactivate ${staffName(s)}`}
          >
            Deactivate
          </Button>
        ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">Staff</h2>
        <Button
          disabled={offline !== null}
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          Add Staff Member
        </Button>
      </div>
      {offline && <p className="text-sm text-slate-700">Adding and deactivating staff are off: {offline}</p>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <CachedList view={staff} what="staff list">
        {(rows) => <Table caption="Staff" hideCaption columns={columns} rows={rows} rowKey={(s) => s.id} empty="No staff yet." />}
      </CachedList>
      {adding && (
        <AddStaffDialog
          disabledReason={offline}
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setNotice({ tone: 'success', text: `${staffName(created)} (${created.email}) was added.` });
            staff.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Deactivate staff member"
        message={
          confirming ? `Deactivate ${staffName(confirming)} (${confirming.email})? They will no longer be able to sign in.` : undefined
        }
        confirmLabel="Deactivate"
        busy={busy}
        onConfirm={() => confirming && void deactivate(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
