import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatWan } from '../../lib/format';
import type { TrendPoint } from './chartFilter';

/**
 * The chart itself (Recharts, loaded lazily by FinancingChart so the page's first load does not
 * carry it): bars for the number of events, a line for the amount in 亿元.
 */
export default function TrendLines({ points }: { points: TrendPoint[] }) {
  const data = points.map((p) => ({ ...p, yi: Math.round(p.money / 100) / 100 }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <ComposedChart data={data} margin={{ top: 10, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid stroke="#eef0f3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis yAxisId="num" tick={{ fontSize: 12 }} allowDecimals={false} />
        <YAxis yAxisId="money" orientation="right" tick={{ fontSize: 12 }} />
        <Tooltip
          formatter={(value, name, item) => (name === '融资金额（亿元）' ? formatWan((item.payload as TrendPoint).money) : `${value} 起`)}
        />
        <Legend />
        <Bar yAxisId="num" dataKey="num" name="融资事件数" fill="#3fb6a8" radius={[3, 3, 0, 0]} />
        <Line yAxisId="money" dataKey="yi" name="融资金额（亿元）" stroke="#ff6a00" strokeWidth={2} dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
