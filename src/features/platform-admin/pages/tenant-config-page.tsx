/**
 * /tenant-config (spec §2, §5): the development-only tenant configuration.
 * It exists only when the stack runs in development mode (`npm run dev`
 * puts `development: true` in /app-config.json); anywhere else this route is
 * the app's not-found page. Saving keeps the configuration for this browser
 * tab, and the tenant login for that slug then uses it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { clearDevTenantConfig, loadAppConfig, readDevTenantConfig, saveDevTenantConfig, type DevTenantConfig } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import { PasswordField } from '../../../ui/password-field';
import { NotFoundPage } from '../../public-site/index';
import { Facts } from '../../../ui/controls';
import { useResource } from '../hooks/use-resource';
import { DEFAULT_TENANT_CONFIG, maskExceptLast4, tenantConfigSchema, type TenantConfig, type TenantConfigInput } from '../model';

const isDevelopment = async () => {
  try {
    return (await loadAppConfig()).development === true;
  } catch {
    return false;
  }
};

export function TenantConfigPage() {
  const { resource } = useResource(isDevelopment);
  if (resource.status === 'loading') return <Loading fullScreen />;
  if (resource.status !== 'ready' || !resource.data) return <NotFoundPage />;
  return <TenantConfigForm />;
}

function TenantConfigForm() {
  const [saved, setSaved] = useState<DevTenantConfig | null>(() => readDevTenantConfig());
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TenantConfigInput, unknown, TenantConfig>({
    resolver: zodResolver(tenantConfigSchema),
    defaultValues: saved ?? DEFAULT_TENANT_CONFIG,
  });

  useEffect(() => {
    document.title = 'Tenant Configuration · Lockstep';
  }, []);

  const submit = handleSubmit((config) => {
    saveDevTenantConfig(config);
    setSaved(config);
  });

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Tenant Configuration</h1>
      <Alert tone="warning" className="mt-4">
        <p className="font-semibold">Development Only</p>
        <p className="mt-1">
          This page exists only while the stack runs in development mode. Saving keeps the configuration in this browser tab (session
          storage), and signing in at /tenant/{'{slug}'}/login for that slug then uses this project instead of the platform&apos;s record,
          so you can point the app at any Supabase project.
        </p>
      </Alert>

      <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-4" aria-label="Tenant configuration">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Tenant Slug" required autoCapitalize="off" spellCheck={false} error={errors.slug?.message} {...register('slug')} />
          <Field label="Company Name" required error={errors.company_name?.message} {...register('company_name')} />
        </div>
        <Field
          label="Database URL"
          type="url"
          required
          placeholder="https://your-project.supabase.co"
          hint="The Supabase project URL."
          error={errors.supabase_url?.message}
          {...register('supabase_url')}
        />
        <PasswordField
          label="Anonymous Key"
          required
          autoComplete="off"
          hint="The project's anon (public) key."
          error={errors.supabase_anon_key?.message}
          {...register('supabase_anon_key')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Save Configuration</Button>
          {saved && (
            <Button
              variant="secondary"
              onClick={() => {
                clearDevTenantConfig();
                setSaved(null);
                reset(DEFAULT_TENANT_CONFIG);
              }}
            >
              Clear Configuration
            </Button>
          )}
        </div>
      </form>

      {saved && (
        <section aria-labelledby="saved-config" className="mt-8 space-y-3 rounded-2xl border border-green-300 bg-green-50 p-5">
          <h2 id="saved-config" className="text-lg font-semibold text-green-900">
            Configuration saved
          </h2>
          <Facts
            items={[
              ['Tenant Slug', saved.slug],
              ['Company Name', saved.company_name],
              ['Database URL', saved.supabase_url],
              ['Anonymous Key', <span className="font-mono">{maskExceptLast4(saved.supabase_anon_key)}</span>],
            ]}
          />
          <Link to={`/tenant/${saved.slug}/login`} className="inline-block font-semibold text-blue-800 underline">
            Sign in to {saved.company_name}
          </Link>
        </section>
      )}
    </main>
  );
}
