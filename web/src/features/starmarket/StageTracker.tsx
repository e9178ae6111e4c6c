import { currentStep, daysBetween, isStopped, stepStatus, type StageLike } from './stages';
import './starmarket.css';

/**
 * The horizontal listing-stage tracker of /kcb/{id}: finished, current and waiting steps styled
 * differently, the whole tracker 'stopped' when a stage has state 7 or 8. Stage names are not shown
 * (spec §4); each reached stage shows its date and the days since the previous one (review timing).
 */
export function StageTracker({ stages }: { stages: readonly StageLike[] }) {
  if (!stages.length) return null;
  const current = currentStep(stages);
  const stopped = isStopped(stages);
  return (
    // Focusable: on a phone the row scrolls sideways, and a keyboard must be able to scroll it too.
    <ol className={`stage-tracker${stopped ? ' is-stopped' : ''}`} aria-label={stopped ? '上市进程（已中止或终止）' : '上市进程'} tabIndex={0}>
      {stages.map((s, i) => {
        const status = stepStatus(i, current);
        const days = i > 0 ? daysBetween(stages[i - 1].time, s.time) : null;
        return (
          <li key={i} className={`stage-step is-${status}`} aria-current={status === 'current' ? 'step' : undefined} data-status={status}>
            <span className="stage-dot" aria-hidden="true">
              {i + 1}
            </span>
            <span className="stage-text">
              <span className="stage-date">{s.time || '—'}</span>
              {days !== null && <span className="stage-days">距上一阶段 {days} 天</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
