import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Loading } from '../../ui/Loading';
import { yearNumberQueryOptions } from './queries/list';
import './year-counts.css';

/** Years shown in the bar row; older years are summed into the first bar. */
const YEARS_SHOWN = 12;

/**
 * Closed companies per closing year (GET /api/closure/year_number): the last 12 years, earlier ones
 * folded into 'YYYY以前'. A row of columns on a wide screen; narrower than 900 px every year is a row of
 * its own, the most recent first, with a horizontal bar – all years fit at 375 px, nothing scrolls.
 * While loading, the frame keeps its height, so nothing below it moves when the counts arrive.
 */
export function YearCounts() {
  const q = useQuery(yearNumberQueryOptions());
  if (q.isPending)
    return (
      <figure className="year-counts is-loading" aria-busy="true">
        <figcaption>历年关闭公司数量</figcaption>
        <div className="year-bars-placeholder">
          <Loading inline />
        </div>
      </figure>
    );
  if (q.isError) return null;
  const years = Object.entries(q.data)
    .map(([year, n]) => ({ year: Number(year), n }))
    .sort((a, b) => a.year - b.year);
  const recent = years.slice(-YEARS_SHOWN);
  const older = years.slice(0, Math.max(0, years.length - YEARS_SHOWN));
  const bars = [
    ...(older.length ? [{ label: `${recent[0].year}以前`, n: older.reduce((s, y) => s + y.n, 0) }] : []),
    ...recent.map((y) => ({ label: String(y.year), n: y.n })),
  ];
  const max = Math.max(1, ...bars.map((b) => b.n));
  return (
    <figure className="year-counts">
      <figcaption>历年关闭公司数量</figcaption>
      <ol className="year-bars">
        {bars.map((b) => (
          <li key={b.label} className="year-bar" aria-label={`${b.label}年 ${b.n} 家`} style={{ '--share': `${Math.max(4, Math.round((b.n / max) * 100))}%` } as CSSProperties}>
            <span className="year-bar-n">{b.n}</span>
            <span className="year-bar-track">
              <span className="year-bar-fill" />
            </span>
            <span className="year-bar-label">{b.label}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** Total closed companies over all years, for the title block. */
export function useClosureTotal(): number | undefined {
  const q = useQuery(yearNumberQueryOptions());
  return q.data ? Object.values(q.data).reduce((s, n) => s + n, 0) : undefined;
}
