import { useForm } from 'react-hook-form';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { preloadPlatformAuth, signInErrorBlames, signInPlatform } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { PasswordField } from '../../../ui/password-field';
import { AuthCard } from '../../../ui/auth-card';
import { emailRules, passwordRules, type SignInValues } from '../../../lib/sign-in-rules';

/** /login: platform staff sign-in (spec §2, §4, §8). */
export function PlatformLoginPage() {
  const { returnTo } = (useLoaderData() as { returnTo: string | null } | undefined) ?? { returnTo: null };
  const navigate = useNavigate();
  // Typing again clears "Invalid email or password"; offline or throttled stays until the next try.
  const { message: error, show, onChange } = useFormMessage();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    show(null);
    const result = await signInPlatform(values.email, values.password);
    if (!result.ok) {
      show({ tone: 'error', text: result.message, blames: signInErrorBlames(result.message) });
      return;
    }
    await navigate(returnTo ?? '/dashboard', { replace: true });
  });

  return (
    <AuthCard
      docTitle="Admin Login"
      title="Admin Login"
      subtitle="Sign in with your Lockstep staff account."
      footer={
        <Link to="/" className="font-semibold text-blue-800 underline-offset-4 hover:underline">
          Back to Home
        </Link>
      }
    >
      <form
        onSubmit={onSubmit}
        onChange={onChange}
        onFocus={preloadPlatformAuth}
        noValidate
        className="space-y-4"
        aria-label="Admin sign in"
      >
        {error && <Alert tone="error">{error.text}</Alert>}
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password', passwordRules)}
        />
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 rounded-lg bg-blue-50 p-3 text-sm text-blue-950">
        Are you a member of an organization? Sign in through your{' '}
        <Link to="/tenant-discovery" className="font-semibold text-blue-800 underline underline-offset-4">
          organization’s tenant portal
        </Link>{' '}
        instead.
      </p>
    </AuthCard>
  );
}
