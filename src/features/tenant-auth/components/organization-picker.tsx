import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Organization } from '../../../data';
import { cx } from '../../../ui/cx';
import { useOrganizations } from '../hooks/use-organizations';

export interface OrganizationPickerProps {
  value: Organization | null;
  onChange: (org: Organization) => void;
  error?: string | null;
  /** Told when the organization list could not come from the server (offline). */
  onUnreachable?: () => void;
}

/**
 * "Select Your Organization" (spec §2 variant a, DESIGN §10): a button that
 * opens a searchable list; the search box is an ARIA combobox controlling a
 * listbox, so arrow keys, Enter and Escape work and screen readers hear the
 * active option.
 */
export function OrganizationPicker({ value, onChange, error, onUnreachable }: OrganizationPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const { all, loadError, savedOnDevice, visible, searching, searchError } = useOrganizations(term);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = `${id}-list`;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (savedOnDevice || loadError) onUnreachable?.();
  }, [savedOnDevice, loadError, onUnreachable]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const choose = (org: Organization) => {
    onChange(org);
    setOpen(false);
    setTerm('');
    buttonRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, Math.max(visible.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Home') {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      setActive(Math.max(visible.length - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const org = visible[active];
      if (org) choose(org);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const loading = all === null;
  let status: string | null = null;
  if (loading) status = 'Loading organizations...';
  else if (loadError && visible.length === 0) status = loadError;
  else if (searchError && visible.length === 0) status = searchError;
  else if (visible.length === 0 && term.trim() && searching) status = 'Searching...';
  else if (visible.length === 0 && term.trim()) status = 'No organizations found matching your search.';
  else if (visible.length === 0) status = 'No organizations available.';
  const isError = !loading && status !== null && (status === loadError || status === searchError);

  const activeOrg = visible[active];
  return (
    <div ref={rootRef} className="relative space-y-1">
      <span id={labelId} className="block text-sm font-medium text-slate-800">
        Select Your Organization
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-popup` : undefined}
        aria-labelledby={`${labelId} ${id}-value`}
        aria-describedby={error ? errorId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          'flex min-h-11 w-full items-center justify-between rounded-lg border bg-white px-3 py-2 text-left text-base focus-visible:outline-2 focus-visible:outline-blue-700',
          error ? 'border-red-700' : 'border-slate-400',
        )}
        data-testid="organization-picker"
      >
        <span id={`${id}-value`} className={value ? 'text-slate-900' : 'text-slate-600'}>
          {value ? value.company_name : 'Choose your organization...'}
        </span>
        <span aria-hidden="true" className="text-slate-600">
          ▾
        </span>
      </button>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {open && (
        <div id={`${id}-popup`} className="absolute inset-x-0 top-full z-20 mt-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label="Search organizations"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOrg ? `${id}-opt-${activeOrg.slug}` : undefined}
            placeholder="Search organizations..."
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base focus:outline-2 focus:outline-blue-700"
          />
          <p
            role="status"
            aria-live="polite"
            className={cx('px-2 pt-2 text-sm', status ? (isError ? 'text-red-700' : 'text-slate-700') : 'sr-only')}
          >
            {status ?? `${visible.length} organization${visible.length === 1 ? '' : 's'}`}
          </p>
          <ul id={listId} role="listbox" aria-labelledby={labelId} className="mt-1 max-h-96 overflow-y-auto">
            {visible.map((org, i) => {
              const selected = value?.slug === org.slug;
              return (
                <li
                  key={org.slug}
                  id={`${id}-opt-${org.slug}`}
                  role="option"
                  aria-selected={selected}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => choose(org)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') choose(org);
                  }}
                  onMouseMove={() => setActive(i)}
                  className={cx(
                    'flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2',
                    i === active ? 'bg-blue-50' : undefined,
                  )}
                >
                  <span>
                    <span className="block font-medium text-slate-900">{org.company_name}</span>
                    <span className="block text-sm text-slate-600">{org.slug}</span>
                  </span>
                  {selected && (
                    <span aria-hidden="true" className="font-bold text-blue-700">
                      ✓
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
