import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMediaQuery } from '../../lib/useMediaQuery';
import type { TimingRow } from './queries/starmarket';
import './starmarket.css';

/**
 * Review timing (beyond the spec): per review state, how many applicants sit there and the median
 * days they have waited since entering it, from /starmarket/review_timing (computed on the worker).
 */
export function TimingChart({ rows }: { rows: readonly TimingRow[] }) {
  const data = rows.filter((r) => r.num > 0);
  // On a phone the state names would run into each other side by side: they lean instead.
  const narrow = useMediaQuery('(max-width: 600px)');
  if (!data.length) return null;
  return (
    <section className="timing-chart" aria-label="审核用时">
      <h3>审核用时：各状态企业数与中位停留天数</h3>
      <div className="timing-chart-box">
        <ResponsiveContainer width="100%" height={narrow ? 260 : 220}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="name"
              tick={{ fontSize: 12 }}
              interval={0}
              {...(narrow ? { angle: -40, textAnchor: 'end', height: 64 } : {})}
            />
            <YAxis yAxisId="num" tick={{ fontSize: 12 }} allowDecimals={false} />
            <YAxis yAxisId="days" orientation="right" tick={{ fontSize: 12 }} allowDecimals={false} />
            <Tooltip formatter={(v, name) => (name === '中位停留天数' ? [`${v} 天`, name] : [`${v} 家`, name])} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar yAxisId="num" dataKey="num" name="企业数" fill="#ff6a00" radius={[3, 3, 0, 0]} />
            <Bar yAxisId="days" dataKey="median_days" name="中位停留天数" fill="#4e5969" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="timing-list">
        {data.map((r) => (
          <li key={r.id}>
            {r.name}：{r.num} 家，中位停留 {r.median_days} 天
          </li>
        ))}
      </ul>
    </section>
  );
}
