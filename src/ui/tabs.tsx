import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { asksForTab, shownTabIndex, tabIndexForKey, type TabAsk } from './tab-keys';

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

  // The tab last asked for, while the selection shown when it was asked is still the one shown (asksForTab).
  const asked = useRef<TabAsk | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [selected]);

  const select = (i: number) => {
    if (!asksForTab(i, selected, asked.current)) return;
    asked.current = { index: i, from: selected };
    if (selectedIndex === undefined) setOwn(i);
    onChange?.(i);
  };
  // Focus goes with the selection, by key or by click: Safari and Firefox on macOS do not focus a clicked button,
  // and the arrows must work from the tab chosen.
  const choose = (i: number) => {
    tabs.current[i]?.focus();
    select(i);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // From the focused tab, which a key just moved to even when its selection is not yet shown.
    const next = tabIndexForKey(e.key, Math.max(0, tabs.current.indexOf(e.currentTarget)), items.length);
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };

  // One element, as Headless UI's group was (a div): the caller's spacing applies to the tabs as a whole.
  return (
    <div>
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
            onClick={() => choose(i)}
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
    </div>
  );
}
