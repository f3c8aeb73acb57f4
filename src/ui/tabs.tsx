import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/** Tabs on Headless UI: arrow keys move between tabs, panels are labelled by their tab. */
export function Tabs({
  items,
  selectedIndex,
  onChange,
  label,
}: {
  items: readonly TabItem[];
  selectedIndex?: number;
  onChange?: (index: number) => void;
  label: string;
}) {
  return (
    <TabGroup {...(selectedIndex !== undefined ? { selectedIndex } : {})} {...(onChange ? { onChange } : {})}>
      <TabList aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {items.map((item) => (
          <Tab
            key={item.id}
            className={({ selected }) =>
              cx(
                'min-h-11 whitespace-nowrap border-b-2 px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-700',
                selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900',
              )
            }
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {items.map((item) => (
          <TabPanel key={item.id}>{item.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
