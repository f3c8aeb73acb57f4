import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { shownTabIndex, tabIndexForKey } from './tab-keys';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs as the WAI-ARIA tabs pattern has them: one tab in the Tab order (the selected one), the arrows, Home and End
 * move between tabs and select as they go, and each panel is labelled by its tab. Only the selected panel is
 * rendered; the others stay as empty hidden panels, so every tab's aria-controls names an element. Written here
 * rather than on Headless UI's tabs: theirs, compiled on first use, were 12-20 ms of the security board's first
 * commit at 4x in a new tab (decision 031), for what these few lines do.
 */
export function Tabs({
  items,
  selectedIndex,
  onChange,
  label,
}: {
  items: readonly TabItem[];
  /** Given, the tabs are controlled: the caller keeps the selection (a query string) and onChange asks to move it. */
  selectedIndex?: number;
  onChange?: (index: number) => void;
  label: string;
}) {
  const base = useId();
  const [own, setOwn] = useState(0);
  const selected = shownTabIndex(selectedIndex ?? own, items.length);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;

  // The tab last asked for, while the selection it was asked from is still the one shown: a caller that keeps the
  // selection in the URL shows it only once its navigation is done, and a key pressed meanwhile must not be
  // compared with the selection it is about to replace (Home back to the tab still shown would then be dropped).
  const asked = useRef<{ index: number; from: number } | null>(null);

  const select = (i: number) => {
    const pending = asked.current?.from === selected ? asked.current.index : selected;
    if (i === pending) return;
    asked.current = { index: i, from: selected };
    if (selectedIndex === undefined) setOwn(i);
    onChange?.(i);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // From the focused tab, which a key just moved to even when its selection is not yet shown.
    const next = tabIndexForKey(e.key, Math.max(0, tabs.current.indexOf(e.currentTarget)), items.length);
    if (next === null) return;
    e.preventDefault();
    tabs.current[next]?.focus();
    select(next);
  };

  // No wrapper: the list and the panels stay children of the caller's layout, as Headless UI's group left them.
  return (
    <>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {items.map((item, i) => (
          <button
            key={item.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === selected}
            aria-controls={panelId(i)}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => select(i)}
            onKeyDown={onKeyDown}
            className={cx(
              'min-h-11 whitespace-nowrap border-b-2 px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-700',
              i === selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="pt-4">
        {items.map((item, i) =>
          i === selected ? (
            <div key={item.id} role="tabpanel" id={panelId(i)} aria-labelledby={tabId(i)} tabIndex={0}>
              {item.panel}
            </div>
          ) : (
            <div key={item.id} role="tabpanel" id={panelId(i)} aria-labelledby={tabId(i)} hidden />
          ),
        )}
      </div>
    </>
  );
}
