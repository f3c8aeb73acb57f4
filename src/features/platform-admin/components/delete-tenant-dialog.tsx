/**
 * Delete a tenant (spec §5: with confirmation). The dialog says what happens
 * to its database, which depends on who made the project, and the slug must
 * be typed (the API checks it too).
 */
import { useCallback, useId, useState } from 'react';
import type { TenantListRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { adminApi, errorText } from '../api';
import { useResource } from '../hooks/use-resource';
import { ResourceStatus } from './resource-status';
import { deleteConsequence } from '../model';

export function DeleteTenantDialog({
  tenant,
  onClose,
  onDeleted,
}: {
  tenant: TenantListRow;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const load = useCallback(() => adminApi.getTenant(tenant.id), [tenant.id]);
  const { resource, reload } = useResource(load);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const matches = typed.trim() === tenant.slug;

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.deleteTenant(tenant.id, tenant.slug);
      const database =
        answer.database === 'deleted'
          ? ' Its database was deleted.'
          : answer.database === 'kept'
            ? ' Its Supabase project was not touched.'
            : '';
      onDeleted(`${tenant.company_name} was deleted.${database}`);
    } catch (e) {
      setError(`Failed to delete tenant: ${errorText(e, 'unknown error')}`);
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Delete ${tenant.company_name}?`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={busy} disabled={!matches || resource.status !== 'ready'}>
            {busy ? 'Deleting...' : 'Delete Tenant'}
          </Button>
        </>
      }
    >
      <ResourceStatus resource={resource} reload={reload} what="tenant" />
      {resource.status === 'ready' && (
        <form
          id={formId}
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches && !busy) void remove();
          }}
        >
          <p className="text-slate-800">{deleteConsequence(tenant.company_name, resource.data.project.provider)}</p>
          <p className="text-slate-800">
            Its users can no longer sign in, and its licences, features and add-ons are removed. This cannot be undone.
          </p>
          <Field
            label={`Type ${tenant.slug} to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          {error && <Alert tone="error">{error}</Alert>}
        </form>
      )}
    </Modal>
  );
}
