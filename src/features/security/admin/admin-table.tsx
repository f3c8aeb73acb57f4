/**
 * The list scaffolding every admin modal shares: a scrolling table with a
 * hidden caption, sticky headers and an empty row, and the Edit / Delete
 * buttons of a row (or "View only").
 */
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';

export function AdminTable<T>({
  caption,
  headers,
  rows,
  empty,
  paged = false,
  children,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly T[];
  empty: ReactNode;
  /** A page of a longer list (with its own pager): the table grows instead of scrolling, headers not sticky. */
  paged?: boolean;
  children: (row: T) => ReactNode;
}) {
  return (
    // A scrolling box: keyboard users must be able to focus it to scroll it (a table of plain text has nothing else to focus).
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cx(
        'rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-700',
        paged ? 'overflow-x-auto' : 'max-h-96 overflow-auto',
      )}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={paged ? 'bg-slate-50' : 'sticky top-0 bg-slate-50'}>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold text-slate-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(children)
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Edit and Delete for one row, each only when its handler is given; `viewOnly` shows "View only" when neither is. */
export function RowActions({
  what,
  onEdit,
  onDelete,
  viewOnly = false,
}: {
  what: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  viewOnly?: boolean;
}) {
  if (viewOnly && !onEdit && !onDelete) return <span className="text-slate-500">View only</span>;
  return (
    <div className="flex gap-2">
      {onEdit && (
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${what}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${what}`}>
          Delete
        </Button>
      )}
    </div>
  );
}
