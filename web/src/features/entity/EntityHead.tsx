import type { ReactNode } from 'react';
import { LogoBadge } from '../../ui/LogoBadge';
import './entity-head.css';

/** The card at the top of an entity page: logo, name, a badge, facts as a definition list, text and actions. */
export function EntityHead({
  logo,
  name,
  badge,
  subtitle,
  facts,
  children,
  actions,
}: {
  logo?: string;
  name: string;
  badge?: ReactNode;
  subtitle?: ReactNode;
  facts: [string, ReactNode][];
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="entity-head">
      <LogoBadge src={logo} name={name} size={72} />
      <div className="entity-head-main">
        <div className="entity-head-title">
          <h1>{name}</h1>
          {badge}
        </div>
        {subtitle && <p className="entity-head-subtitle">{subtitle}</p>}
        <dl className="entity-facts">
          {facts
            .filter(([, v]) => v !== '' && v !== null && v !== undefined)
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
        {children}
      </div>
      {actions && <div className="entity-head-actions">{actions}</div>}
    </header>
  );
}
