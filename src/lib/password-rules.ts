/**
 * The one password rule of Lockstep lives in supabase/functions/_shared so the
 * screens and the product API (staff-set passwords, issue 11) use one copy.
 */
export * from '../../supabase/functions/_shared/password-rules';
