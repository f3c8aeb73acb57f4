/**
 * Field rules of the sign-in forms (spec §5: email and password required,
 * email of type email). Plain react-hook-form rules rather than a zod schema:
 * zod's core is about 30 KB gzipped, which the sign-in screens cannot afford
 * under their 150 KB budget (docs/decisions, shell bundle budget).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailRules = {
  required: 'Email is required',
  validate: (value: string) => EMAIL_PATTERN.test(value.trim()) || 'Enter a valid email address',
} as const;

export const passwordRules = { required: 'Password is required' } as const;

export interface SignInValues {
  email: string;
  password: string;
}
