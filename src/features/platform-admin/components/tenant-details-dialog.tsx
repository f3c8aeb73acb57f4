/** Tenant details (spec §2): every field, where the project lives, who made and changed it, and its provisioning. */
import { useCallback } from 'react';
import { getStaffEmails, type TenantListRow } from '../../../data';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { maskedLicence } from '../../../../supabase/functions/_shared/licence-key';
import { describePlan } from '../../../../supabase/functions/_shared/plans';
import { databaseStatusLabel, subscriptionStatusLabel } from '../../../../supabase/functions/_shared/tenant-schema';
import { adminApi, type TenantDetails } from '../api';
import { useResource } from '../hooks/use-resource';
import { ResourceStatus } from './resource-status';
import { formatDate, formatDateTime, humanize, PROVIDER_LABELS, provisioningStepLabel } from '../model';
import { Facts } from '../../../ui/controls';
import { ProvisioningStatus } from './provisioning-status';

export function TenantDetailsDialog({ tenant, onClose }: { tenant: TenantListRow; onClose: () => void }) {
  const load = useCallback(async () => {
    const details = await adminApi.getTenant(tenant.id);
    // Names are a nicety: the ids are shown when they cannot be read.
    const staff = await getStaffEmails([details.tenant.created_by, details.tenant.updated_by]).catch(() => ({}));
    return { details, staff };
  }, [tenant.id]);
  const { resource, reload } = useResource(load);
  return (
    <Modal
      open
      onClose={onClose}
      title={tenant.company_name}
      description="Tenant details"
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <ResourceStatus resource={resource} reload={reload} what="tenant" />
      {resource.status === 'ready' && <DetailsView details={resource.data.details} staff={resource.data.staff} />}
    </Modal>
  );
}

function DetailsView({ details, staff }: { details: TenantDetails; staff: Readonly<Record<string, string>> }) {
  const who = (id: string | null) => (id ? (staff[id] ?? id) : '—');
  const { tenant: t, project, licence, provisioning } = details;
  const section = 'mt-4 mb-2 text-sm font-semibold uppercase tracking-wide text-slate-700';
  return (
    <div>
      <h3 className={section}>Organization</h3>
      <Facts
        items={[
          ['Company name', t.company_name],
          ['Display name', t.display_name ?? '—'],
          ['Slug', t.slug],
          ['Address', `/tenant/${t.slug}/login`],
          ['Description', t.description ?? '—'],
          ['Email domain', t.email_domain ?? 'No Domain'],
          ['Status', humanize(t.status)],
          ['Last activity', formatDateTime(t.last_activity)],
        ]}
      />
      <h3 className={section}>Plan and subscription</h3>
      <Facts
        items={[
          ['Plan', describePlan(t.plan_name, t.plan_interval, t.plan_amount_cents)],
          ['Seats', t.seats ?? '—'],
          ['Subscription', subscriptionStatusLabel(t.subscription_status)],
          ['Paid until', formatDate(t.paid_until)],
          ['Requires a licence', t.require_license ? 'Yes' : 'No'],
          ['Active licence', licence ? `${maskedLicence(licence.key_last4)} (issued ${formatDate(licence.issued_at)})` : 'None'],
        ]}
      />
      <h3 className={section}>Project</h3>
      <Facts
        items={[
          ['Where it lives', PROVIDER_LABELS[project.provider]],
          ...(project.ref ? ([['Project reference', project.ref]] as const) : []),
          ['Supabase URL', project.url ?? t.supabase_url ?? '—'],
          ['Service role key', project.has_service_key ? 'Stored on the server (never shown)' : 'None'],
          ['Database', databaseStatusLabel(t.database_status)],
          ['Database created', formatDateTime(t.database_created_at)],
          ...(t.database_error ? ([['Database error', t.database_error]] as const) : []),
          ...(provisioning
            ? ([
                ['Provisioning step', provisioningStepLabel(provisioning.step)],
                ['Provisioning error', provisioning.last_error ?? '—'],
                ['First admin', `${provisioning.admin_first_name} ${provisioning.admin_last_name} (${provisioning.admin_email})`],
              ] as const)
            : []),
        ]}
      />
      {provisioning && provisioning.step !== 'done' && (t.database_status === 'creating' || t.database_status === 'error') && (
        <>
          <h3 className={section}>Setup</h3>
          <ProvisioningStatus
            tenantId={t.id}
            slug={t.slug}
            initial={{ database_status: t.database_status, step: provisioning.step, detail: t.database_error }}
          />
        </>
      )}
      <h3 className={section}>Record</h3>
      <Facts
        items={[
          ['Created', formatDateTime(t.created_at)],
          ['Created by', who(t.created_by)],
          ['Updated', formatDateTime(t.updated_at)],
          ['Updated by', who(t.updated_by)],
        ]}
      />
    </div>
  );
}
