import * as RadixTabs from '@radix-ui/react-tabs';
import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useScrollCue } from '../lib/useScrollCue';

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
  /**
   * Without children: the id of the one element that shows the chosen tab's content (an <OutsideTabPanel>),
   * so every tab's aria-controls points at an element in the page. Without it the tabs carry no aria-controls
   * (Radix would point them at panels that are never rendered: axe's critical aria-valid-attr-value).
   */
  panelId?: string;
  className?: string;
}

/** Controlled tabs on Radix: arrow keys move between tabs, each panel is labelled by its tab. */
export function Tabs<V extends string>({ value, onValueChange, items, label, children, panelId, className }: TabsProps<V>) {
  const outside = children === undefined || children === null;
  const list = useRef<HTMLDivElement>(null);
  // A row wider than its box (a phone) scrolls sideways: a fade and an arrow mark the end that hides tabs.
  const cue = useScrollCue(list);
  return (
    <RadixTabs.Root className={`tabs ${className ?? ''}`} value={value} onValueChange={(v) => onValueChange(v as V)}>
      <div className={`tabs-list-frame${cue.before ? ' has-before' : ''}${cue.after ? ' has-after' : ''}`}>
        <RadixTabs.List ref={list} className="tabs-list" aria-label={label}>
          {items.map((item) => (
            <RadixTabs.Trigger
              key={item.value}
              value={item.value}
              disabled={item.disabled}
              className="tabs-trigger"
              {...(outside ? { 'aria-controls': panelId } : {})}
            >
              {item.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
        <span className="tabs-cue is-before" aria-hidden="true">
          ‹
        </span>
        <span className="tabs-cue is-after" aria-hidden="true">
          ›
        </span>
      </div>
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

/** The content of <Tabs panelId=...> rendered outside the tabs: a tab panel named by `label` (the chosen tab). */
export function OutsideTabPanel({ id, label, children, ...rest }: { id: string; label: string; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} id={id} role="tabpanel" aria-label={label}>
      {children}
    </div>
  );
}
