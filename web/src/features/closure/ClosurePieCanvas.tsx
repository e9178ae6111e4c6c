import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip, type PieLabelRenderProps } from 'recharts';
import { PIE_HEIGHT, PIE_MIN_ANGLE, PIE_RADIUS, PIE_START_ANGLE } from './ClosurePie';
import { LABEL_MIN_SHARE, labelInk, sliceColor, type PieDatum, type PieKind } from './pieData';
import { PieTooltip } from './PieTooltip';

const RADIAN = Math.PI / 180;

/** The percent inside a slice large enough to hold it, white or dark ink, whichever reaches 4.5:1 on the slice. */
function sliceLabel(props: PieLabelRenderProps) {
  const d = props.payload as PieDatum | undefined;
  if (!d || d.share < LABEL_MIN_SHARE) return null;
  const cx = Number(props.cx);
  const cy = Number(props.cy);
  const r = Number(props.innerRadius ?? 0) + (Number(props.outerRadius) - Number(props.innerRadius ?? 0)) * 0.6;
  const angle = Number(props.midAngle ?? 0);
  return (
    <text x={cx + r * Math.cos(-angle * RADIAN)} y={cy + r * Math.sin(-angle * RADIAN)} fill={labelInk(String(props.fill ?? '#000000'))} fontSize={12} fontWeight={600} textAnchor="middle" dominantBaseline="central">
      {d.percent}
    </text>
  );
}

/** The Recharts canvas of ClosurePie, in its own chunk (loaded lazily by ClosurePie). */
export default function ClosurePieCanvas({ kind, data }: { kind: PieKind; data: PieDatum[] }) {
  return (
    <ResponsiveContainer width="100%" height={PIE_HEIGHT}>
      {/* Hidden from assistive tech (the legend below says it all), so nothing in it takes focus either. */}
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          cx="50%"
          cy="50%"
          outerRadius={PIE_RADIUS}
          minAngle={PIE_MIN_ANGLE}
          startAngle={PIE_START_ANGLE}
          endAngle={PIE_START_ANGLE - 360}
          label={sliceLabel}
          labelLine={false}
          isAnimationActive={false}
          rootTabIndex={-1}
          stroke="#fff"
        >
          {data.map((d, i) => (
            <Cell key={d.name} fill={sliceColor(kind, i, d.name)} />
          ))}
        </Pie>
        <Tooltip content={(props) => <PieTooltip kind={kind} active={props.active} payload={props.payload} />} />
      </PieChart>
    </ResponsiveContainer>
  );
}
