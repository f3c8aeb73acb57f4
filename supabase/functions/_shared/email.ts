/**
 * GoTrue's email rule, shared by the local stack's auth and the product API
 * so an address one accepts the other accepts too. GoTrue validates with
 * badoux/checkmail, which is the WHATWG HTML "valid e-mail address" rule: a
 * local part of letters, digits and .!#$%&'*+/=?^_`{|}~- and a domain of
 * dot-separated labels of letters, digits and inner hyphens, each at most 63
 * long. Written out here from that rule; quoted local parts, spaces and
 * characters like ":" or ";" are out.
 */
const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';

export const EMAIL_PATTERN = new RegExp(`^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})*$`);

/** An organization's email domain: two or more labels, lower case (e.g. lincoln-isd.org). */
export const EMAIL_DOMAIN_PATTERN = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`);

/** GoTrue's limit on an email address's length. */
export const MAX_EMAIL_LENGTH = 255;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}
