/**
 * Door numbers in the order people expect: by letters, then by number
 * (EA2 before EA10), lettered numbers before bare ones, case-insensitive.
 */
function splitDoorNumber(n: string): { letters: string; number: number | null; rest: string } {
  const m = /^([^\d]*)(\d*)(.*)$/.exec(n.trim()) ?? [];
  const digits = m[2] ?? '';
  return { letters: (m[1] ?? '').toUpperCase(), number: digits ? Number(digits) : null, rest: (m[3] ?? '').toUpperCase() };
}

/** Door tiles: by letters, then by number (EA2 before EA10); lettered numbers before bare ones. */
export function compareDoorNumbers(a: string, b: string): number {
  const x = splitDoorNumber(a);
  const y = splitDoorNumber(b);
  if (!!x.letters !== !!y.letters) return x.letters ? -1 : 1;
  if (x.letters !== y.letters) return x.letters < y.letters ? -1 : 1;
  if (x.number !== y.number) {
    if (x.number === null) return 1;
    if (y.number === null) return -1;
    return x.number - y.number;
  }
  if (x.rest !== y.rest) return x.rest < y.rest ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Doors of several campuses in one list: by number, then campus name, then
 * id, so doors sharing a number (D104 on two campuses) always come out in
 * the same order, whatever order the rows were read in.
 */
export function compareDoorsAcrossCampuses(
  a: { doorNumber: string; campus: string; id: string },
  b: { doorNumber: string; campus: string; id: string },
): number {
  return compareDoorNumbers(a.doorNumber, b.doorNumber) || a.campus.localeCompare(b.campus) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
