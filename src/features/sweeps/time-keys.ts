/**
 * Index bounds for times stored as text. The cache holds a time as this
 * device wrote it ("2026-03-02T05:00:00.000Z") or as the server sent it
 * ("2026-03-02T05:00:00+00:00", or with microseconds): the same instant
 * sorts differently in each form ('+' < '.' < 'Z'). Cut to the whole
 * second ("2026-03-02T05:00:00"), a bound sorts before every form of that
 * second and after every earlier one, so a range read from it misses
 * nothing; the caller filters the parsed times exactly.
 */
export function timeKeyAtOrBefore(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
}
