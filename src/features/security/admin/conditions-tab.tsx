/**
 * The Conditions tab (spec §2, §4, §5, §8): the global default, campus
 * defaults, the door override form and the overrides table. Saving an empty
 * text or deleting an override returns the door to its default.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { insertRow, softDeleteRow, updateRow, useRows, type CacheRow, type TenantSync } from '../../../data';
import { compareDoorNumbers } from '../../../lib/door-numbers';
import type { TenantRole } from '../../../lib/roles';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import {
  conditionIdForCampus,
  conditionIdForDoor,
  doorCondition,
  GLOBAL_CONDITION_ID,
  indexConditions,
  resolveOverrideDoor,
} from './conditions';
import { AdminTable, RowActions } from './admin-table';
import { CampusOptions, SelectField, TextAreaField } from './form-controls';
import { errorText, MSG } from './messages';
import { Notice, useNotice } from './notice';
import { can } from './permissions';
import { live, text } from './row';
import { conditionOverrideSchema, defaultConditionSchema } from './schemas';
import { useAdminRole } from './use-admin-role';

export function ConditionsTab({ sync, role: roleOverride }: { sync: TenantSync; role?: TenantRole | null }) {
  const role = useAdminRole(sync, roleOverride);
  const conditions = useRows(sync.db, 'conditions');
  const doors = useRows(sync.db, 'doors');
  const campuses = useRows(sync.db, 'campus');
  const { notice, say, stale } = useNotice();
  const mayWrite = can(role, 'condition.write');

  const idx = useMemo(() => indexConditions(conditions ?? []), [conditions]);
  const doorList = useMemo(() => live(doors), [doors]);
  const campusList = useMemo(() => live(campuses).sort((a, b) => text(a, 'campus_name').localeCompare(text(b, 'campus_name'))), [campuses]);
  const campusName = useMemo(() => new Map(campusList.map((c) => [c.id, text(c, 'campus_name')])), [campusList]);
  const doorById = useMemo(() => new Map(doorList.map((d) => [d.id, d])), [doorList]);

  if (!conditions || !doors || !campuses) return <p role="status">Loading conditions...</p>;

  /** Writes a default (global or campus): change the cached row if there is one, else create it. */
  const saveDefault = async (
    existing: Readonly<Record<string, unknown>> | null | undefined,
    values: Record<string, unknown>,
    okText: string,
  ) => {
    try {
      if (existing && typeof existing.id === 'string') await updateRow(sync.db, 'conditions', existing.id, { condition: values.condition });
      else await insertRow(sync.db, 'conditions', { ...values, deleted_at: null });
      say('success', okText);
      return true;
    } catch {
      say('error', MSG.defaultSaveError);
      return false;
    }
  };

  const overrides = [...idx.byDoor.values()]
    .map((r) => ({ row: r as CacheRow, door: doorById.get(String(r.door_id)) }))
    .sort((a, b) => compareDoorNumbers(text(a.door, 'door_number'), text(b.door, 'door_number')));

  return (
    // An edit in any of the tab's forms retires the last "... saved": it no longer describes what is typed.
    <div className="space-y-6" onChange={stale}>
      <Notice notice={notice} />
      <section aria-labelledby="cond-defaults" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="cond-defaults" className="text-base font-semibold text-slate-900">
          Default Condition Settings
        </h3>
        <DefaultForm
          label="Global default condition"
          current={text(idx.global ?? undefined, 'condition')}
          disabled={!mayWrite}
          onSave={(condition) =>
            saveDefault(
              idx.global,
              { id: GLOBAL_CONDITION_ID, kind: 'global', door_id: null, campus_id: null, condition },
              MSG.globalDefaultSaved,
            )
          }
        />
        <CampusDefaultForm
          campuses={campusList}
          currentFor={(id) => text(idx.byCampus.get(id), 'condition')}
          disabled={!mayWrite}
          onSave={(campusId, condition) =>
            saveDefault(
              idx.byCampus.get(campusId),
              { id: conditionIdForCampus(campusId), kind: 'campus', door_id: null, campus_id: campusId, condition },
              MSG.campusDefaultSaved,
            )
          }
        />
        {idx.byCampus.size > 0 && (
          <ul className="text-sm text-slate-700" aria-label="Campus defaults">
            {[...idx.byCampus.entries()].map(([cid, r]) => (
              <li key={cid}>
                <span className="font-medium">{campusName.get(cid) ?? 'Unknown campus'}:</span> {text(r, 'condition')}
              </li>
            ))}
          </ul>
        )}
      </section>

      {mayWrite && (
        <OverrideForm
          doors={doorList}
          campuses={campusList}
          onSave={async (door, condition) => {
            const existing = idx.byDoor.get(door.id);
            try {
              if (existing && typeof existing.id === 'string') {
                await updateRow(sync.db, 'conditions', existing.id, { condition });
                say('success', MSG.conditionUpdated);
              } else {
                await insertRow(sync.db, 'conditions', {
                  id: conditionIdForDoor(door.id),
                  kind: 'door',
                  door_id: door.id,
                  campus_id: null,
                  condition,
                  deleted_at: null,
                });
                say('success', MSG.conditionAdded);
              }
              return null;
            } catch (e) {
              return MSG.conditionAddError(errorText(e));
            }
          }}
        />
      )}

      <OverridesTable
        overrides={overrides}
        campusName={(id) => campusName.get(id) ?? ''}
        defaultFor={(door) => (door ? doorCondition({ ...idx, byDoor: new Map() }, door) : { condition: null, source: 'none' as const })}
        mayWrite={mayWrite}
        onUpdate={async (row, condition) => {
          try {
            if (!condition.trim()) {
              await softDeleteRow(sync.db, 'conditions', row.id);
              say('success', MSG.conditionReset);
            } else {
              await updateRow(sync.db, 'conditions', row.id, { condition: condition.trim() });
              say('success', MSG.conditionUpdated);
            }
          } catch {
            say('error', MSG.conditionUpdateError);
          }
        }}
        onDelete={async (row) => {
          try {
            await softDeleteRow(sync.db, 'conditions', row.id);
            say('success', MSG.conditionDeleted);
          } catch {
            say('error', MSG.conditionDeleteError);
          }
        }}
      />
    </div>
  );
}

function DefaultForm({
  label,
  current,
  disabled,
  onSave,
}: {
  label: string;
  current: string;
  disabled: boolean;
  onSave: (condition: string) => Promise<boolean>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ condition: string }>({ resolver: zodResolver(defaultConditionSchema), values: { condition: current } });
  return (
    <form
      onSubmit={(e) => void handleSubmit(async (v) => void (await onSave(v.condition)))(e)}
      noValidate
      className="flex flex-wrap items-end gap-3"
      aria-label={label}
    >
      <Field className="min-w-64 flex-1" label={label} disabled={disabled} error={errors.condition?.message} {...register('condition')} />
      {!disabled && (
        <Button type="submit" busy={isSubmitting}>
          Save Default
        </Button>
      )}
    </form>
  );
}

function CampusDefaultForm({
  campuses,
  currentFor,
  disabled,
  onSave,
}: {
  campuses: CacheRow[];
  currentFor: (id: string) => string;
  disabled: boolean;
  onSave: (campusId: string, condition: string) => Promise<boolean>;
}) {
  const [campusId, setCampusId] = useState('');
  const [value, setValue] = useState('');
  const { message: error, show, onChange } = useFormMessage();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!campusId) return show({ tone: 'error', text: 'Select a campus', blames: ['campus_id'] });
    const r = defaultConditionSchema.safeParse({ condition: value });
    if (!r.success) return show({ tone: 'error', text: r.error.issues[0]?.message ?? '', blames: 'any' });
    show(null);
    setBusy(true);
    await onSave(campusId, r.data.condition);
    setBusy(false);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onChange={onChange}
      noValidate
      className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]"
      aria-label="Campus default condition"
    >
      <SelectField
        label="Campus"
        name="campus_id"
        value={campusId}
        disabled={disabled}
        onChange={(e) => {
          setCampusId(e.target.value);
          setValue(currentFor(e.target.value));
        }}
      >
        <option value="">Select a campus</option>
        <CampusOptions campuses={campuses} />
      </SelectField>
      <Field
        label="Campus default condition"
        value={value}
        disabled={disabled}
        error={error?.text}
        onChange={(e) => setValue(e.target.value)}
      />
      {!disabled && (
        <Button type="submit" busy={busy}>
          Save Campus Default
        </Button>
      )}
    </form>
  );
}

function OverrideForm({
  doors,
  campuses,
  onSave,
}: {
  doors: CacheRow[];
  campuses: CacheRow[];
  onSave: (door: CacheRow, condition: string) => Promise<string | null>;
}) {
  const [doorNumber, setDoorNumber] = useState('');
  const [campusId, setCampusId] = useState('');
  const [condition, setCondition] = useState('');
  // A missing field or unknown door goes as the user edits; a failed save stays until the next try.
  const { message: error, show, onChange } = useFormMessage();
  const setError = (text: string | null, blames?: 'any' | string[]) => show(text ? { tone: 'error', text, blames } : null);
  const [campusError, setCampusError] = useState<string | undefined>();
  const campusRef = useRef<HTMLSelectElement>(null);
  const [busy, setBusy] = useState(false);
  // While the typed number is on several campuses the campus is required, and says so before submit.
  const campusRequired = useMemo(() => resolveOverrideDoor(doors, doorNumber).kind === 'choose-campus', [doors, doorNumber]);
  const submit = async () => {
    const r = conditionOverrideSchema.safeParse({ door_number: doorNumber, campus_id: campusId, condition });
    if (!r.success) return setError(MSG.conditionFieldsRequired, 'any');
    const match = resolveOverrideDoor(doors, r.data.door_number, r.data.campus_id || undefined);
    if (match.kind === 'not-found') return setError(MSG.doorNotFound, ['door_number', 'campus_id']);
    if (match.kind === 'choose-campus') {
      // In the select's (alphabetical) order, so the message reads the same whatever order the doors were cached in.
      const names = campuses.filter((c) => match.campusIds.includes(c.id)).map((c) => text(c, 'campus_name'));
      if (match.campusIds.includes('')) names.push('no campus');
      setError(null);
      setCampusError(MSG.doorOnSeveralCampuses(r.data.door_number, names));
      // Focus reads the select's label and its error (aria-describedby) to a screen reader.
      campusRef.current?.focus();
      return;
    }
    const door = match.door;
    setError(null);
    setCampusError(undefined);
    setBusy(true);
    const problem = await onSave(door, r.data.condition);
    setBusy(false);
    if (problem) setError(problem);
    else {
      setDoorNumber('');
      setCondition('');
    }
  };
  return (
    <section aria-labelledby="cond-override" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="cond-override" className="text-base font-semibold text-slate-900">
        Door Condition Override
      </h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onChange={onChange}
        noValidate
        className="space-y-3"
        aria-label="Door condition override"
      >
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error.text}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Door Number"
            name="door_number"
            required
            value={doorNumber}
            onChange={(e) => {
              setDoorNumber(e.target.value);
              setCampusError(undefined);
            }}
          />
          <SelectField
            ref={campusRef}
            label="Campus (if door numbers repeat)"
            name="campus_id"
            value={campusId}
            required={campusRequired}
            aria-required={campusRequired || undefined}
            error={campusError}
            onChange={(e) => {
              setCampusId(e.target.value);
              setCampusError(undefined);
            }}
          >
            <option value="">Any campus</option>
            <CampusOptions campuses={campuses} />
          </SelectField>
        </div>
        <TextAreaField label="Condition Description" required value={condition} onChange={(e) => setCondition(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            Add Condition
          </Button>
        </div>
      </form>
    </section>
  );
}

function OverridesTable({
  overrides,
  campusName,
  defaultFor,
  mayWrite,
  onUpdate,
  onDelete,
}: {
  overrides: Array<{ row: CacheRow; door: CacheRow | undefined }>;
  campusName: (id: string) => string;
  defaultFor: (door: CacheRow | undefined) => { condition: string | null; source: string };
  mayWrite: boolean;
  onUpdate: (row: CacheRow, condition: string) => Promise<void>;
  onDelete: (row: CacheRow) => Promise<void>;
}) {
  const [editing, setEditing] = useState<{ id: string; value: string } | null>(null);
  const [deleting, setDeleting] = useState<{ row: CacheRow; door: string } | null>(null);
  return (
    <section aria-labelledby="cond-table" className="space-y-2">
      <h3 id="cond-table" className="text-base font-semibold text-slate-900">
        Door Condition Overrides
      </h3>
      <AdminTable
        caption="Door condition overrides"
        headers={['Door Number', 'Campus', 'Condition', 'Default otherwise', 'Added', 'Actions']}
        rows={overrides}
        empty="No door overrides: every door uses its campus or global default."
      >
        {({ row, door }) => {
          const number = text(door, 'door_number') || 'Unknown door';
          const fallback = defaultFor(door);
          return (
            <tr key={row.id}>
              <td className="px-3 py-2 font-medium">{number}</td>
              <td className="px-3 py-2">{campusName(text(door, 'campus_id'))}</td>
              <td className="px-3 py-2">
                {editing?.id === row.id ? (
                  <Field
                    label={`Condition for door ${number}`}
                    value={editing.value}
                    onChange={(e) => setEditing({ id: row.id, value: e.target.value })}
                    hint="Leave empty to return the door to the default."
                  />
                ) : (
                  text(row, 'condition')
                )}
              </td>
              <td className="px-3 py-2 text-slate-600">{fallback.condition ? `${fallback.condition} (${fallback.source})` : 'none'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.created_at ? new Date(String(row.created_at)).toLocaleDateString() : ''}</td>
              <td className="px-3 py-2">
                {mayWrite &&
                  (editing?.id === row.id ? (
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        onClick={() => {
                          const v = editing.value;
                          setEditing(null);
                          void onUpdate(row, v);
                        }}
                      >
                        Save
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                    </div>
                  ) : (
                    <RowActions
                      what={`condition for door ${number}`}
                      onEdit={() => setEditing({ id: row.id, value: text(row, 'condition') })}
                      onDelete={() => setDeleting({ row, door: number })}
                    />
                  ))}
              </td>
            </tr>
          );
        }}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? MSG.conditionDeleteConfirm(deleting.door) : ''}
        onConfirm={() => {
          const d = deleting;
          setDeleting(null);
          if (d) void onDelete(d.row);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
