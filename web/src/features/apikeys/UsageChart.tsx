import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { USAGE_EXPORT_KIND } from '../../../../worker/src/apikeys/constants';
import { openExport } from '../exports/store';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { lazyChunk } from '../../lib/staleBuild';
import { usageQueryOptions, type KeyRow } from './queries/keys';

// Recharts loads with the first chart drawn, not with the page; the frame keeps the chart's height meanwhile.
const UsageBars = lazy(lazyChunk(() => import('./UsageBars')));

/** One key's last 30 days: calls per day (chart), calls per endpoint, and this month's quota. */
export function UsageChart({ apiKey }: { apiKey: KeyRow }) {
  const usage = useQuery(usageQueryOptions(apiKey.id));
  if (usage.isPending) return <Loading />;
  if (usage.isError)
    return (
      <p className="apikey-error" role="alert">
        用量加载失败：{usage.error.message}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void usage.refetch()}>
          重试
        </button>
      </p>
    );
  const { days, endpoints, month } = usage.data;
  const total = days.reduce((s, d) => s + d.calls, 0);
  const coins = days.reduce((s, d) => s + d.coins, 0);
  return (
    <section className="apikey-usage" aria-label={`密钥“${apiKey.name}”的用量`}>
      <div className="apikey-usage-head">
        <h3>
          “{apiKey.name}”近 30 天：{total.toLocaleString('zh-CN')} 次调用，花费 {coins} 个桔子币
        </h3>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => openExport({ kind: USAGE_EXPORT_KIND, params: { key_id: apiKey.id }, from: 'apiKeys', title: `“${apiKey.name}”近 30 天的用量` })}
        >
          导出用量
        </button>
      </div>
      <p className="apikey-month">
        本月免费额度 {month.free_quota.toLocaleString('zh-CN')} 次（已发放 {month.free_used.toLocaleString('zh-CN')} 次），已付费 {month.paid_blocks} 块 / {month.coins} 个桔子币；每分钟上限 {month.rate_per_minute} 次
      </p>
      {total === 0 ? (
        <EmptyState text="近 30 天没有调用" />
      ) : (
        <>
          <div className="apikey-chart">
            <Suspense fallback={<div style={{ height: 220 }} aria-hidden="true" />}>
              <UsageBars days={days} />
            </Suspense>
          </div>
          <table className="apikey-endpoints">
            <caption>按接口</caption>
            <thead>
              <tr>
                <th scope="col">接口</th>
                <th scope="col">调用次数</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.endpoint}>
                  <td>
                    <code>{e.endpoint}</code>
                  </td>
                  <td>{e.calls.toLocaleString('zh-CN')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
