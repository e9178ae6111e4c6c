import type { Advantage } from './content';
import './advantage-grid.css';

function AdvantageLogo({ paths }: { paths: readonly string[] }) {
  return (
    <svg className="advantage-logo" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The 9 advantages (title, des, logo): 3 × 3 on desktop, a compact 1-column list on phones. */
export function AdvantageGrid({ items, phone }: { items: readonly Advantage[]; phone: boolean }) {
  return (
    <ul className={`advantage-grid ${phone ? 'advantage-grid-phone' : ''}`}>
      {items.map((a) => (
        <li key={a.title} className="advantage">
          <span className="advantage-icon">
            <AdvantageLogo paths={a.logo} />
          </span>
          <div>
            <h3 className="advantage-title">{a.title}</h3>
            <p className="advantage-des">{a.des}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
