import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../ui/Loading';
import { yearNumberQueryOptions } from './queries/list';
import './year-counts.css';

/** Years shown in the bar row; older years are summed into the first bar. */
const YEARS_SHOWN = 12;

/**
 * Closed companies per closing year (GET /api/closure/year_number) as a compact bar row:
 * the last 12 years, earlier ones folded into 'YYYY以前'. Scrolls inside its box on phones.
 */
export function YearCounts() {
  const q = useQuery(yearNumberQueryOptions());
  if (q.isPending) return <Loading inline />;
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
          <li key={b.label} className="year-bar" aria-label={`${b.label}年 ${b.n} 家`}>
            <span className="year-bar-n">{b.n}</span>
            <span className="year-bar-fill" style={{ height: `${Math.max(4, Math.round((b.n / max) * 100))}%` }} />
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
