/**
 * Where the sync badge will be, while the offline core loads and opens: the
 * badge's first state at its size, hidden from screen readers (the badge's own
 * live region speaks once it is there), so the header never moves.
 */
export function SyncBadgePlaceholder() {
  return (
    <span aria-hidden="true" className="relative inline-block text-sm">
      <span className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800 ring-1 ring-slate-500/30 ring-inset">
        Checking sync…
      </span>
    </span>
  );
}
