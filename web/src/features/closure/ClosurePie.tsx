import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { sliceColor, toPieData, type PieKind } from './pieData';
import { PieTooltip } from './PieTooltip';
import './closure-pie.css';

/** Spec §2/§9: 300px high, radius 55%, minimum slice angle 5. */
export const PIE_HEIGHT = 300;
export const PIE_RADIUS = '55%';
export const PIE_MIN_ANGLE = 5;

export interface ClosurePieProps {
  title: string;
  kind: PieKind;
  rows: readonly { name: string; value: number; children?: readonly { name: string; value: number }[] }[] | undefined;
  loading?: boolean;
}

/** One pie chart of the track/album page: closing reasons of a track ('track') or operating status ('status'). */
export function ClosurePie({ title, kind, rows, loading }: ClosurePieProps) {
  const data = toPieData(kind, rows ?? []);
  return (
    <figure className="closure-pie" aria-label={title}>
      <figcaption className="closure-pie-title">{title}</figcaption>
      {loading ? (
        <Loading />
      ) : data.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="closure-pie-chart" style={{ height: PIE_HEIGHT }}>
          <ResponsiveContainer width="100%" height={PIE_HEIGHT}>
            <PieChart>
              <Pie data={data} dataKey="value" nameKey="name" cx="50%" cy="45%" outerRadius={PIE_RADIUS} minAngle={PIE_MIN_ANGLE} isAnimationActive={false}>
                {data.map((d, i) => (
                  <Cell key={d.name} fill={sliceColor(kind, i)} />
                ))}
              </Pie>
              <Tooltip content={(props) => <PieTooltip kind={kind} active={props.active} payload={props.payload} />} />
              <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12, lineHeight: '18px' }} />
            </PieChart>
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
