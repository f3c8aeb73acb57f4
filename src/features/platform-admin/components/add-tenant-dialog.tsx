/**
 * Add Tenant (spec §2, §5, §8): the form, checked by the API's own
 * createTenantSchema, then a one-time panel with the licence key and, for a
 * provisioned project, the first super admin's temporary password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useFormMessage } from '../../../ui/form-message';
import { Modal } from '../../../ui/modal';
import type { CreateTenant } from '../../../../supabase/functions/_shared/tenant-schema';
import { adminApi, type CreatedTenant } from '../api';
import { emptyTenantForm, tenantCreateFormSchema, type TenantFormValues } from '../model';
import { applyApiError } from './api-errors';
import { CopyValue } from '../../../ui/copy-value';
import { ProvisioningStatus } from './provisioning-status';
import { TenantFormFields } from './tenant-form-fields';

export function AddTenantDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [created, setCreated] = useState<CreatedTenant | null>(null);
  // Escape, the backdrop or × while the secrets are shown ask first: closing loses them for good.
  const [askClose, setAskClose] = useState(false);
  const holdsSecrets = !!created && (!!created.licence || !!created.firstAdmin);
  const requestClose = () => (holdsSecrets ? setAskClose(true) : onClose());
  return (
    <Modal
      open
      onClose={requestClose}
      title={created ? 'Tenant Created' : 'Add Tenant'}
      size="xl"
      footer={
        created ? (
          askClose ? (
            <>
              <Button variant="secondary" onClick={() => setAskClose(false)}>
                Keep open
              </Button>
              <Button onClick={onClose}>Close anyway</Button>
            </>
          ) : (
            <Button onClick={requestClose}>Done</Button>
          )
        ) : undefined
      }
    >
      {askClose && (
        <div className="mb-4">
          <Alert tone="warning">
            Have you copied {created?.firstAdmin ? 'the licence key and the temporary password' : 'the licence key'}? Once this dialog
            closes they cannot be shown again.
          </Alert>
        </div>
      )}
      {created ? (
        <CreatedPanel created={created} />
      ) : (
        <AddTenantForm
          onCancel={onClose}
          onCreated={(c) => {
            setCreated(c);
            onCreated();
          }}
        />
      )}
    </Modal>
  );
}

function AddTenantForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (c: CreatedTenant) => void }) {
  const { message: formError, show, onChange } = useFormMessage();
  const form = useForm<TenantFormValues, unknown, CreateTenant>({
    resolver: zodResolver(tenantCreateFormSchema),
    defaultValues: emptyTenantForm(),
  });
  const submit = form.handleSubmit(async (body) => {
    show(null);
    try {
      onCreated(await adminApi.createTenant(body));
    } catch (e) {
      const { placed, message, fields } = applyApiError(e, form.setError);
      show(
        placed
          ? { tone: 'error', text: 'Please correct the highlighted fields.', blames: fields }
          : { tone: 'error', text: `Failed to create tenant: ${message}` },
      );
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} onChange={onChange} aria-label="Add Tenant" className="space-y-4">
      <TenantFormFields form={form} mode={{ kind: 'create' }} />
      {formError && <Alert tone="error">{formError.text}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? 'Creating...' : 'Create Tenant'}
        </Button>
      </div>
    </form>
  );
}

/** Shown once: nothing here can be read again after the dialog closes. */
function CreatedPanel({ created }: { created: CreatedTenant }) {
  const { tenant, licence, licenceError, firstAdmin, provisioning } = created;
  return (
    <div className="space-y-4">
      <Alert tone="success">
        {tenant.company_name} ({tenant.slug}) was created.
      </Alert>
      {(licence || firstAdmin) && (
        <Alert tone="warning">
          <strong>Shown once.</strong> Copy {firstAdmin ? 'the licence key and the temporary password' : 'the licence key'} now: they are
          not stored in clear and cannot be shown again.
        </Alert>
      )}
      {licence && <CopyValue label="Licence key" value={licence.key} testId="licence-key" />}
      {licenceError && <Alert tone="error">{licenceError}</Alert>}
      {firstAdmin && (
        <div className="space-y-3 rounded-xl border border-slate-200 p-4">
          <p className="text-sm text-slate-700">
            The first super admin signs in with this temporary password and must change it at first sign-in.
          </p>
          <CopyValue label="Admin email" value={firstAdmin.email} testId="admin-email" />
          <CopyValue label="Temporary password" value={firstAdmin.temporary_password} testId="temporary-password" />
        </div>
      )}
      {provisioning && <ProvisioningStatus tenantId={tenant.id} slug={tenant.slug} initial={provisioning} />}
    </div>
  );
}
