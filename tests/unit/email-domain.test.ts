import { describe, expect, it } from 'vitest';
import { emailDomainError, emailDomainHint, emailMatchesDomain, normalizeDomain } from '../../src/lib/email-domain';

describe('email-domain rule (spec §5)', () => {
  it('accepts any email when the organization has no domain', () => {
    expect(emailMatchesDomain('a@b.test', null)).toBe(true);
    expect(emailMatchesDomain('a@b.test', '')).toBe(true);
    expect(emailDomainError('a@b.test', undefined)).toBeNull();
  });
  it('requires the email to end with @domain, case-insensitively', () => {
    expect(emailMatchesDomain('super@lincoln-isd.test', 'lincoln-isd.test')).toBe(true);
    expect(emailMatchesDomain('Super@LINCOLN-ISD.test ', 'lincoln-isd.test')).toBe(true);
    expect(emailMatchesDomain('super@riverside.test', 'lincoln-isd.test')).toBe(false);
  });
  it('does not accept look-alike domains', () => {
    expect(emailMatchesDomain('x@evil-lincoln-isd.test', 'lincoln-isd.test')).toBe(false);
    expect(emailMatchesDomain('x@lincoln-isd.test.evil', 'lincoln-isd.test')).toBe(false);
    expect(emailMatchesDomain('lincoln-isd.test', 'lincoln-isd.test')).toBe(false);
  });
  it('gives the spec message and hint', () => {
    expect(emailDomainError('super@riverside.test', 'lincoln-isd.test')).toBe('Please use your lincoln-isd.test email address');
    expect(emailDomainError('super@lincoln-isd.test', 'lincoln-isd.test')).toBeNull();
    expect(emailDomainHint('lincoln-isd.test')).toBe('Use your @lincoln-isd.test email address');
    expect(emailDomainHint(null)).toBeNull();
  });
  it('normalizes a stored domain with a leading @ or capitals', () => {
    expect(normalizeDomain(' @Lincoln-ISD.test ')).toBe('lincoln-isd.test');
    expect(emailMatchesDomain('a@lincoln-isd.test', '@lincoln-isd.test')).toBe(true);
  });
});
