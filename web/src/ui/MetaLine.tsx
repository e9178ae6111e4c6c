import type { ReactNode } from 'react';
import './meta-line.css';

/** A row's line of small facts (dates, place, sector, source); `className` names the row's own line. */
export function MetaLine({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={className ? `meta-line ${className}` : 'meta-line'}>{children}</p>;
}
