import type { ReactNode } from 'react';
import './entity-section.css';

/** A titled card of an entity page ('融资历史（3）'), with optional actions at the right of its title. */
export function EntitySection({ title, count, actions, children, id }: { title: string; count?: number; actions?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section className="entity-section" aria-label={title} id={id}>
      <header className="entity-section-head">
        <h2>
          {title}
          {count !== undefined && <span className="entity-section-count">（{count}）</span>}
        </h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
