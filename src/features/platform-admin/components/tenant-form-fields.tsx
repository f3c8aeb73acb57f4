/**
 * The fields of the add and edit tenant dialogs (spec §2, §5): organization,
 * plan and subscription, and (on create) where the tenant's project comes
 * from. Choosing a plan sets the interval to monthly and fills the price of
 * spec §9; the amount stays editable, in dollars.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../ui/field';
import { PLAN_INTERVAL_LABELS, PLAN_INTERVALS, PLAN_NAMES } from '../../../../supabase/functions/_shared/plans';
import {
  CREATE_TENANT_STATUSES,
  SUBSCRIPTION_STATUSES,
  TENANT_STATUSES,
  subscriptionStatusLabel,
} from '../../../../supabase/functions/_shared/tenant-schema';
import { humanize, messageAt, planAmountDollars, slugFromName, type TenantFormValues } from '../model';
import { CheckboxField, SelectField, TextAreaField } from '../../../ui/controls';

export type TenantFormMode = { kind: 'create' } | { kind: 'edit'; project: 'provisioned' | 'registered'; hasServiceKey: boolean };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

export function TenantFormFields<Out>({ form, mode }: { form: UseFormReturn<TenantFormValues, unknown, Out>; mode: TenantFormMode }) {
  const { register, setValue, getFieldState, control, formState } = form;
  const errors = formState.errors;
  const err = (...paths: string[]) => messageAt(errors, ...paths);
  const [plan, noDomain, domain, projectMode, slug] = useWatch({
    control,
    name: ['plan_name', 'no_domain', 'email_domain', 'project.mode', 'slug'],
  });
  const creating = mode.kind === 'create';
  const statuses = creating ? CREATE_TENANT_STATUSES : TENANT_STATUSES;
  const cleanDomain = (domain ?? '').trim().replace(/^@+/, '');

  return (
    <div className="space-y-4">
      <Section title="Organization">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Company Name"
            required
            error={err('company_name')}
            {...register('company_name', {
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                if (creating && !getFieldState('slug').isDirty) setValue('slug', slugFromName(e.target.value));
              },
            })}
          />
          {creating ? (
            <Field
              label="Slug"
              required
              hint="Lowercase letters, digits and hyphens; the tenant's address /tenant/{slug}."
              error={err('slug')}
              autoCapitalize="off"
              spellCheck={false}
              {...register('slug')}
            />
          ) : (
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-800">Slug</p>
              <p className="min-h-11 py-2 font-mono text-slate-900">{slug}</p>
            </div>
          )}
          <Field
            label="Display Name"
            hint="Shown on the tenant's sign-in page; the company name when empty."
            error={err('display_name')}
            {...register('display_name')}
          />
          <SelectField label="Status" error={err('status')} {...register('status')}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField label="Description" error={err('description')} {...register('description')} />
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <Field
            label="Email Domain"
            placeholder="district.org"
            hint={noDomain ? 'No Domain: users may sign in with any email address.' : 'Users sign in with addresses on this domain.'}
            error={err('email_domain')}
            readOnly={!!noDomain}
            autoCapitalize="off"
            spellCheck={false}
            {...register('email_domain')}
          />
          <div className="sm:pt-6">
            <CheckboxField
              label="No Domain"
              {...register('no_domain', {
                onChange: (e: ChangeEvent<HTMLInputElement>) => {
                  if (e.target.checked) setValue('email_domain', '');
                },
              })}
            />
          </div>
        </div>
      </Section>

      <Section title="Plan and subscription">
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Plan"
            error={err('plan_name')}
            {...register('plan_name', {
              onChange: (e: ChangeEvent<HTMLSelectElement>) => {
                setValue('plan_interval', 'monthly');
                setValue('plan_amount', planAmountDollars(e.target.value, 'monthly'));
              },
            })}
          >
            <option value="">No plan (Starter)</option>
            {PLAN_NAMES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
          {plan ? (
            <>
              <SelectField
                label="Billing Interval"
                error={err('plan_interval')}
                {...register('plan_interval', {
                  onChange: (e: ChangeEvent<HTMLSelectElement>) => setValue('plan_amount', planAmountDollars(plan, e.target.value)),
                })}
              >
                {PLAN_INTERVALS.map((i) => (
                  <option key={i} value={i}>
                    {PLAN_INTERVAL_LABELS[i]}
                  </option>
                ))}
              </SelectField>
              <Field
                label="Amount (USD)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                error={err('plan_amount', 'plan_amount_cents')}
                {...register('plan_amount')}
              />
            </>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Seats" type="number" inputMode="numeric" min={0} step={1} error={err('seats')} {...register('seats')} />
          <SelectField label="Subscription Status" error={err('subscription_status')} {...register('subscription_status')}>
            <option value="">{subscriptionStatusLabel(null)}</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {subscriptionStatusLabel(s)}
              </option>
            ))}
          </SelectField>
          <Field label="Paid Until" type="date" error={err('paid_until')} {...register('paid_until')} />
        </div>
        <CheckboxField
          label="Require licence"
          hint="Without an active licence, no one can sign in to this tenant."
          {...register('require_license')}
        />
      </Section>

      {creating ? (
        <Section title="Project">
          <div className="space-y-2" role="radiogroup" aria-label="Where the tenant's project comes from">
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
              <input type="radio" value="provision" className="size-5 accent-blue-700" {...register('project.mode')} />
              Create a new project (provisioned)
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
              <input type="radio" value="register" className="size-5 accent-blue-700" {...register('project.mode')} />
              Register an existing project
            </label>
          </div>
          {projectMode === 'register' ? (
            <RegisteredProjectFields form={form} required />
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">
                The first super admin gets a temporary password, shown once when the tenant is created; they must change it at first
                sign-in.
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  label="Admin First Name"
                  required
                  error={err('project.first_admin.first_name')}
                  {...register('project.first_admin.first_name')}
                />
                <Field
                  label="Admin Last Name"
                  required
                  error={err('project.first_admin.last_name')}
                  {...register('project.first_admin.last_name')}
                />
              </div>
              <Field
                label="Admin Email"
                type="email"
                required
                autoComplete="off"
                hint={
                  !noDomain && cleanDomain
                    ? `Must be an address on the tenant's domain (@${cleanDomain}).`
                    : "Must be an address on the tenant's email domain, if it has one."
                }
                error={err('project.first_admin.email')}
                {...register('project.first_admin.email')}
              />
            </div>
          )}
        </Section>
      ) : mode.project === 'registered' ? (
        <Section title="Project (registered)">
          <RegisteredProjectFields form={form} required hasServiceKey={mode.hasServiceKey} />
        </Section>
      ) : null}
    </div>
  );
}

function RegisteredProjectFields<Out>({
  form,
  required,
  hasServiceKey,
}: {
  form: UseFormReturn<TenantFormValues, unknown, Out>;
  required: boolean;
  hasServiceKey?: boolean;
}) {
  const { register, formState } = form;
  const err = (...paths: string[]) => messageAt(formState.errors, ...paths);
  const editing = hasServiceKey !== undefined;
  return (
    <div className="space-y-3">
      <Field
        label="Supabase URL"
        type="url"
        required={required}
        placeholder="https://your-project.supabase.co"
        error={err('project.supabase_url', 'supabase_url')}
        {...register('project.supabase_url')}
      />
      <Field
        label="Anon Key"
        required={required}
        autoComplete="off"
        spellCheck={false}
        error={err('project.supabase_anon_key', 'supabase_anon_key')}
        {...register('project.supabase_anon_key')}
      />
      <Field
        label="Service role key (optional)"
        type="password"
        autoComplete="new-password"
        hint={
          editing
            ? hasServiceKey
              ? 'A key is stored; it is never shown. Type a new one to replace it, or leave this empty to keep it.'
              : 'None is stored. With one, Lockstep can create accounts and reset passwords in this project.'
            : 'Write-only: stored on the server and never shown again. It lets Lockstep create accounts and reset passwords.'
        }
        error={err('project.service_key', 'service_key')}
        {...register('project.service_key')}
      />
      {editing && hasServiceKey && <CheckboxField label="Remove the stored service role key" {...register('project.remove_service_key')} />}
    </div>
  );
}
