/**
 * Door groups (decision 030): lower-case labels on a door (`exterior`,
 * `classroom`, any label a tenant adds) that a sweep and the compliance
 * report target. The rule here is the database's check on
 * doors.door_groups, so a label the form accepts is never refused on sync.
 */

export const DOOR_GROUP_MAX_LENGTH = 40;
const LABEL = /^[a-z0-9](?:[a-z0-9 _-]*[a-z0-9_-])?$/;

export const DOOR_GROUP_RULE = `A group is 1 to ${DOOR_GROUP_MAX_LENGTH} letters, digits, spaces, hyphens or underscores.`;

/** The stored form of a typed label (trimmed, lower case, inner spaces collapsed), or null when it breaks the rule. */
export function normalizeDoorGroup(input: string): string | null {
  const label = input.trim().replace(/\s+/g, ' ').toLowerCase();
  return label.length > 0 && label.length <= DOOR_GROUP_MAX_LENGTH && LABEL.test(label) ? label : null;
}

export type GroupListParse = { ok: true; groups: string[] } | { ok: false; error: string };

/** A comma-separated list as typed in a form: blanks skipped, repeats dropped, every label checked. */
export function parseDoorGroupList(input: string): GroupListParse {
  const groups: string[] = [];
  for (const part of input.split(',')) {
    if (!part.trim()) continue;
    const label = normalizeDoorGroup(part);
    if (!label) return { ok: false, error: `"${part.trim()}" is not a valid group. ${DOOR_GROUP_RULE}` };
    if (!groups.includes(label)) groups.push(label);
  }
  return { ok: true, groups };
}

/** A door row's groups, whatever the cache holds (a row synced before groups existed has none). */
export function doorGroupsOf(door: Readonly<Record<string, unknown>> | undefined): string[] {
  const value = door?.door_groups;
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
}

export function withDoorGroup(groups: readonly string[], label: string): string[] {
  return groups.includes(label) ? [...groups] : [...groups, label].sort();
}

export function withoutDoorGroup(groups: readonly string[], label: string): string[] {
  return groups.filter((g) => g !== label);
}

/** Every group used by these doors, sorted, for a picker. */
export function knownDoorGroups(doors: readonly Readonly<Record<string, unknown>>[]): string[] {
  const all = new Set<string>();
  for (const d of doors) for (const g of doorGroupsOf(d)) all.add(g);
  return [...all].sort();
}

/** How a label reads on screen: "exterior" as "Exterior". */
export function doorGroupLabel(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
