import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<V extends string> {
  value: V;
  /** Keep the tab in the URL's search params; wrap with `requireLogin` where visitors may not switch. */
  onValueChange: (value: V) => void;
  items: readonly TabItem<V>[];
  /** Accessible name of the tab list, e.g. '排行榜类型'. */
  label?: string;
  /** <TabPanel value=...> children; omit them when the content is rendered outside. */
  children?: ReactNode;
  className?: string;
}

/** Controlled tabs on Radix: arrow keys move between tabs, each panel is labelled by its tab. */
export function Tabs<V extends string>({ value, onValueChange, items, label, children, className }: TabsProps<V>) {
  return (
    <RadixTabs.Root className={`tabs ${className ?? ''}`} value={value} onValueChange={(v) => onValueChange(v as V)}>
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className="tabs-trigger">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={value} className="tabs-panel">
      {children}
    </RadixTabs.Content>
  );
}
