import type { Module } from './content';
import { useRevealOnScroll } from './useRevealOnScroll';
import './module-section.css';

/** A stylised screen of the module: a toolbar, a column of rows and a small bar chart. */
function ModuleScreen({ module }: { module: Module }) {
  return (
    <div className="module-screen" aria-hidden="true">
      <div className="module-screen-bar">
        <span />
        <span />
        <span />
        <em>{module.title}</em>
      </div>
      <div className="module-screen-body">
        <ul className="module-screen-rows">
          {module.points.map((p) => (
            <li key={p}>
              <i />
              {p}
            </li>
          ))}
        </ul>
        <div className="module-screen-chart">
          {[48, 72, 36, 88, 60].map((h, i) => (
            <b key={i} style={{ height: `${h}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * One module of the product, sliding in the first time it scrolls into view (not with reduced
 * motion). Desktop alternates text and screen left and right; phones stack them.
 */
export function ModuleSection({ module, index, phone }: { module: Module; index: number; phone: boolean }) {
  const { ref, shown } = useRevealOnScroll<HTMLElement>();
  const side = index % 2 === 0 ? 'module-left' : 'module-right';
  return (
    <section
      ref={ref}
      className={`module-section ${phone ? 'module-section-phone' : side} ${shown ? 'is-shown' : ''}`}
      aria-labelledby={`module-${module.key}`}
      data-shown={shown}
    >
      <div className="module-text">
        <span className="module-no">{String(index + 1).padStart(2, '0')}</span>
        <h3 id={`module-${module.key}`} className="module-title">
          {module.title}
        </h3>
        <p className="module-des">{module.des}</p>
        <ul className="module-points">
          {module.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
      {!phone && <ModuleScreen module={module} />}
    </section>
  );
}
