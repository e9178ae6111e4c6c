import { formatMonthDay } from '#shared/dates';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Calls per day as bars, 220 px high (Recharts: its own chunk, loaded when a key's usage is opened). */
export default function UsageBars({ days }: { days: { day: number; calls: number; coins: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={days.map((d) => ({ ...d, label: formatMonthDay(d.day) }))} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis tick={{ fontSize: 11 }} allowDecimals={false} />
        <Tooltip itemStyle={{ color: '#1d2129' }} formatter={(v, name) => [name === 'calls' ? `${v} 次` : `${v} 个桔子币`, name === 'calls' ? '调用' : '花费']} />
        <Bar dataKey="calls" name="calls" fill="#ff6a00" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
