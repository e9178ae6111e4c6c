import type { ReactNode } from 'react';
import './filter-row.css';

/** A page's row of filters (selects, a search box, a count, a button); two selects a line on phones. */
export function FilterRow({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `filter-row ${className}` : 'filter-row'}>{children}</div>;
}
