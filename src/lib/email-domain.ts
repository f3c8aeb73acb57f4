/**
 * The tenant email-domain rule (spec §5): when an organization has an
 * email_domain, the email must end with @domain (case-insensitive).
 */

/** Normalizes a stored domain: trimmed, lower case, without a leading @. */
export function normalizeDomain(domain: string | null | undefined): string | null {
  const d = (domain ?? '').trim().toLowerCase().replace(/^@+/, '');
  return d.length > 0 ? d : null;
}

export function emailMatchesDomain(email: string, domain: string | null | undefined): boolean {
  const d = normalizeDomain(domain);
  if (!d) return true;
  return email.trim().toLowerCase().endsWith(`@${d}`);
}

/** The message of spec §5, or null when the email is acceptable. */
export function emailDomainError(email: string, domain: string | null | undefined): string | null {
  const d = normalizeDomain(domain);
  if (!d || emailMatchesDomain(email, d)) return null;
  return `Please use your ${d} email address`;
}

/** The hint under the tenant sign-in heading. */
export function emailDomainHint(domain: string | null | undefined): string | null {
  const d = normalizeDomain(domain);
  return d ? `Use your @${d} email address` : null;
}
