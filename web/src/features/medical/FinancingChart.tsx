import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { CHART_PLACEHOLDERS } from '../../../../worker/src/medical/constants';
import { formatCount, formatWan } from '../../lib/format';
import { requireLogin } from '../../lib/gate';
import { useNearView } from '../../lib/useNearView';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Select } from '../../ui/Select';
import { chartFilterOf, chartYears, EMPTY_SELECTION, trendPoints, type ChartSelection } from './chartFilter';
import { chartQueryOptions } from './queries/chart';
import { roundsQueryOptions, scopeQueryOptions } from './queries/options';
import './financing-chart.css';
import { lazyChunk } from '../../lib/staleBuild';

const TrendLines = lazy(lazyChunk(() => import('./TrendLines')));

/**
 * The financing-trend chart with its three selectors (时间, 轮次, 子领域). The placeholders count as
 * 'not chosen'; choosing needs login. On a tag page the sub-field choices are the tag and its own tags.
 */
export function FinancingChart({ tagId }: { tagId?: number }) {
  const [sel, setSel] = useState<ChartSelection>(EMPTY_SELECTION);
  const filter = chartFilterOf(sel);
  const chart = useQuery(chartQueryOptions(filter, tagId));
  const rounds = useQuery(roundsQueryOptions());
  const scope = useQuery(scopeQueryOptions(tagId));
  const fields = (scope.data ?? []).flatMap((f) => [{ value: String(f.id), label: f.name }, ...f.child.map((c) => ({ value: String(c.id), label: `└ ${c.name}` }))]);
  const pick = (patch: Partial<ChartSelection>) => requireLogin(() => setSel((s) => ({ ...s, ...patch })));
  const points = chart.data ? trendPoints(chart.data) : [];
  // Recharts loads when the chart comes near the viewport (it sits below the first screen on /health).
  const [slot, near] = useNearView();
  const total = points.reduce((acc, p) => ({ num: acc.num + p.num, money: acc.money + p.money }), { num: 0, money: 0 });
  return (
    <div className="financing-chart">
      <div className="chart-head">
        <h3>融资趋势</h3>
        <div className="chart-selects">
          <Select
            placeholder={CHART_PLACEHOLDERS.year}
            value={sel.year}
            options={chartYears().map((y) => ({ value: String(y), label: `${y}年` }))}
            onChange={(v) => pick({ year: v })}
          />
          <Select
            placeholder={CHART_PLACEHOLDERS.round}
            value={sel.round}
            options={(rounds.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            onChange={(v) => pick({ round: v })}
          />
          <Select placeholder={CHART_PLACEHOLDERS.field} value={sel.field} options={fields} onChange={(v) => pick({ field: v })} />
        </div>
      </div>
      {chart.isPending ? (
        <Loading />
      ) : chart.isError ? (
        <EmptyState text={chart.error.message} />
      ) : points.length === 0 ? (
        <EmptyState text="所选条件下暂无融资事件" />
      ) : (
        <>
          <p className="chart-total">
            {filter.year ? `${filter.year}年` : '2010年至今'}共 {formatCount(total.num)} 起融资事件，融资总额 {formatWan(total.money)}
          </p>
          <div ref={slot} className="trend-slot">
            {near ? (
              <Suspense fallback={<Loading text="图表加载中…" />}>
                <TrendLines points={points} />
              </Suspense>
            ) : (
              <Loading text="图表加载中…" />
            )}
          </div>
        </>
      )}
    </div>
  );
}
