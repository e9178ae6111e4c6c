import type { PieDatum, PieKind } from './pieData';
import './pie-tooltip.css';

/**
 * The tooltip of a pie slice: name, value and percent; the track chart adds the numbered list of the
 * parent reason's children. Recharts passes the hovered slice in `payload[0].payload`.
 */
export function PieTooltip({ kind, active, payload }: { kind: PieKind; active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const datum = payload?.[0]?.payload as PieDatum | undefined;
  if (!active || !datum) return null;
  return (
    <div className="pie-tooltip" role="tooltip">
      <strong>{datum.name}</strong>
      <div>
        {datum.value}家（{datum.percent}）
      </div>
      {kind === 'track' && datum.children.length > 0 && (
        <ol className="pie-tooltip-children">
          {datum.children.map((c, i) => (
            <li key={c.name}>
              {i + 1}. {c.name}：{c.value}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
