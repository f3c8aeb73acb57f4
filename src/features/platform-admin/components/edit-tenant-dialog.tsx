/**
 * Edit Tenant (spec §2, §4, §8): the stored row in the add form's fields,
 * status adds canceled, and PATCH sends only what changed. A registered
 * project's URL and keys may change (its service key is write-only); a
 * provisioned project's belong to it and are shown read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { useFormMessage, type FormMessage } from '../../../ui/form-message';
import { Modal } from '../../../ui/modal';
import type { UpdateTenant } from '../../../../supabase/functions/_shared/tenant-schema';
import { adminApi, type TenantDetails } from '../api';
import { useResource } from '../hooks/use-resource';
import { ResourceStatus } from './resource-status';
import { changedTenantFields, projectKindOf, tenantEditFormSchema, tenantFormFromRow, type TenantFormValues } from '../model';
import { applyApiError } from './api-errors';
import { Facts } from '../../../ui/controls';
import { TenantFormFields } from './tenant-form-fields';

export const UPDATE_FAILED = 'Failed to update tenant. Please try again.';

export function EditTenantDialog({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: TenantListRow;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const load = useCallback(() => adminApi.getTenant(tenant.id), [tenant.id]);
  const { resource, reload } = useResource(load);
  return (
    <Modal open onClose={onClose} title={`Edit ${tenant.company_name}`} size="xl">
      <ResourceStatus resource={resource} reload={reload} what="tenant" />
      {resource.status === 'ready' && <EditTenantForm details={resource.data} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditTenantForm({
  details,
  onCancel,
  onSaved,
}: {
  details: TenantDetails;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const { tenant, project } = details;
  const kind = projectKindOf(project.provider);
  const resolver = useMemo(() => zodResolver(tenantEditFormSchema(kind)), [kind]);
  const form = useForm<TenantFormValues, unknown, UpdateTenant>({ resolver, defaultValues: tenantFormFromRow(tenant) });
  // The highlighted fields' summary goes once one is edited; a refused update with no field to blame stays.
  const { message: formError, show, onChange } = useFormMessage<FormMessage & { detail: string | null }>();

  const submit = form.handleSubmit(async (body) => {
    show(null);
    const changes = changedTenantFields(tenant as unknown as Record<string, unknown>, body);
    if (Object.keys(changes).length === 0) {
      onSaved(`Nothing changed for ${tenant.company_name}.`);
      return;
    }
    try {
      const { tenant: updated } = await adminApi.updateTenant(tenant.id, changes);
      onSaved(`${updated.company_name} was updated.`);
    } catch (e) {
      const { placed, message, fields } = applyApiError(e, form.setError);
      show({
        tone: 'error',
        text: UPDATE_FAILED,
        detail: placed ? 'Please correct the highlighted fields.' : message,
        blames: placed ? fields : undefined,
      });
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} onChange={onChange} aria-label={`Edit ${tenant.company_name}`} className="space-y-4">
      <TenantFormFields form={form} mode={{ kind: 'edit', project: kind, hasServiceKey: project.has_service_key }} />
      {kind === 'provisioned' && (
        <section aria-label="Project (provisioned)" className="space-y-2 rounded-xl border border-slate-200 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Project (provisioned)</h3>
          <Facts
            items={[
              ['Supabase URL', tenant.supabase_url ?? '—'],
              ['Anon key', tenant.supabase_anon_key ? `…${tenant.supabase_anon_key.slice(-8)}` : '—'],
              ['Service role key', project.has_service_key ? 'Stored on the server' : 'None'],
            ]}
          />
          <p className="text-sm text-slate-700">The project URL and keys belong to the project Lockstep made, so they cannot be changed.</p>
        </section>
      )}
      {formError && (
        <Alert tone="error">
          <p className="font-semibold">{formError.text}</p>
          {formError.detail && <p className="mt-1">{formError.detail}</p>}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
