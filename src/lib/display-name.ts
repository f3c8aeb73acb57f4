/**
 * The name a signed-in tenant user is greeted with (spec §4): first and last
 * name from the users row, else built from the email's local part.
 */

/** "jane.doe-smith@x" -> "Jane Doe Smith": split on dots, underscores and hyphens, each piece capitalized. */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local
    .split(/[._-]+/)
    .filter((piece) => piece.length > 0)
    .map((piece) => piece.charAt(0).toUpperCase() + piece.slice(1).toLowerCase())
    .join(' ');
}

export function displayNameOf(
  profile: { first_name?: string | null; last_name?: string | null; email?: string | null } | null,
  email: string,
): string {
  const full = [profile?.first_name, profile?.last_name]
    .map((s) => (s ?? '').trim())
    .filter((s) => s.length > 0)
    .join(' ');
  if (full) return full;
  return nameFromEmail(profile?.email || email);
}
