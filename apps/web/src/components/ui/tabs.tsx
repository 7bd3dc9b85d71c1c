import type { ReactNode } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from './cn';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * Tabs (Radix Tabs, WAI-ARIA): arrow keys, Home and End move between tabs and select them; the panel
 * shows the selected tab's content, `children`.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  children: ReactNode;
}) {
  return (
    <TabsPrimitive.Root
      value={value}
      onValueChange={(next) => {
        const tab = tabs.find((t) => t.id === next);
        if (tab) onChange(tab.id);
      }}
    >
      <TabsPrimitive.List aria-label={label} className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.id}
            value={tab.id}
            className={cn(
              '-mb-px rounded-t-md border-b-2 px-4 py-2.5 text-sm font-medium transition-colors',
              'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              'data-[state=active]:border-accent-600 data-[state=active]:text-accent-700 data-[state=active]:hover:border-accent-600 data-[state=active]:hover:text-accent-700',
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <TabsPrimitive.Content value={value} className="pt-6">
        {children}
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
