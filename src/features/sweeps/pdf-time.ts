/** Times in the sweep PDFs: in the report's zone when it names one, so every reader sees the same clock. */
export function pdfTimeFormatter(timeZone?: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (ms) => (Number.isFinite(ms) ? f.format(new Date(ms)) : '');
}

/** Clock time only ("6:04:05 PM"), for checks within a sweep whose date the page already states. */
export function pdfClockFormatter(timeZone?: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, timeStyle: 'medium' });
  return (ms) => (Number.isFinite(ms) ? f.format(new Date(ms)) : '');
}
