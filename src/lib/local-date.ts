/** A day as YYYY-MM-DD in the device's own time zone (due dates, assignment dates: what "today" means to the person holding it). */
export function localDateIso(at: Date): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
