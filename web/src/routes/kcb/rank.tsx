import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { STAR_RANK_MAX, STAR_RANK_SIZE } from '../../../../worker/src/starmarket/constants';
import { useViewer } from '../../features/auth/me';
import { STARMARKET_DOWN_KINDS } from '../../../../worker/src/exports/constants';
import { openExport } from '../../features/exports/store';
import { companyRankQueryOptions, firmRankQueryOptions, type StarRow } from '../../features/starmarket/queries/starmarket';
import { LoginWall } from '../../ui/LoginWall';
import { StarTable } from '../../features/starmarket/StarTable';
import { EmptyState } from '../../ui/EmptyState';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Tabs } from '../../ui/Tabs';
import { optEnumParam, searchValidator } from '../../lib/searchParams';

const TABS = ['amount', 'valuation', 'firm'] as const;
type Tab = (typeof TABS)[number];

const searchSchema = searchValidator({
  tab: optEnumParam(TABS),
  // The fuller ranking (top 100) the spec also describes; the page shows the top 10 by default.
  top: optEnumParam([STAR_RANK_MAX]),
});

export const Route = createFileRoute('/kcb/rank')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'amount', limit: search.top ?? STAR_RANK_SIZE }),
  // The rankings need login: a visitor's page shows the login wall and nothing is asked for.
  loader: async ({ context: { queryClient, signedIn }, deps }) => {
    if (!signedIn) return;
    if (deps.tab === 'firm') await queryClient.ensureQueryData(firmRankQueryOptions(deps.limit));
    else await queryClient.ensureQueryData(companyRankQueryOptions(deps.tab, deps.limit));
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: RankPage,
});

const LABELS: Record<Tab, (n: number) => string> = {
  amount: (n) => `融资top${n}`,
  valuation: (n) => `开盘市值top${n}`,
  firm: (n) => `机构榜top${n}`,
};

/** Spec §2 /kcb/rank: 融资top10, 开盘市值top10 (with export) and 机构榜 (no export); top 100 too. */
function RankPage() {
  useDocumentTitle('科创板排行榜');
  const { loggedIn } = useViewer();
  return (
    <>
      <h1>科创板排行榜</h1>
      {loggedIn ? <RankContent /> : <LoginWall what="科创板排行榜" />}
    </>
  );
}

function RankContent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab = search.tab ?? 'amount';
  const limit = search.top ?? STAR_RANK_SIZE;
  return (
    <section className="star-card">
      <Tabs value={tab} onValueChange={(t) => void navigate({ search: (s) => ({ ...s, tab: t }) })} label="排行榜类型" items={TABS.map((t) => ({ value: t, label: LABELS[t](STAR_RANK_SIZE) }))} />
      <div className="rank-actions">
        <button type="button" className="link-btn" onClick={() => void navigate({ search: (s) => ({ ...s, top: limit === STAR_RANK_SIZE ? STAR_RANK_MAX : undefined }) })}>
          {limit === STAR_RANK_SIZE ? `查看TOP${STAR_RANK_MAX}` : `只看TOP${STAR_RANK_SIZE}`}
        </button>
        {tab !== 'firm' && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() =>
              openExport({
                kind: tab === 'amount' ? STARMARKET_DOWN_KINDS[2] : STARMARKET_DOWN_KINDS[3],
                params: { number: limit },
                from: 'kcb',
                title: `科创板${LABELS[tab](limit)}`,
              })
            }
          >
            导出数据
          </button>
        )}
      </div>
      {tab === 'firm' ? <FirmTab limit={limit} /> : <CompanyTab kind={tab} limit={limit} />}
    </section>
  );
}

function CompanyTab({ kind, limit }: { kind: 'amount' | 'valuation'; limit: number }) {
  const q = useSuspenseQuery(companyRankQueryOptions(kind, limit));
  const rank = new Map(q.data.map((r) => [r.m_com_id, r.rank]));
  return <StarTable rows={q.data} listed={kind === 'valuation'} rankOf={(r: StarRow) => rank.get(r.m_com_id) ?? 0} />;
}

function FirmTab({ limit }: { limit: number }) {
  const q = useSuspenseQuery(firmRankQueryOptions(limit));
  if (!q.data.length) return <EmptyState />;
  return (
    <ol className="firm-list">
      {q.data.map((f) => (
        <li key={f.invst_id}>
          <span className="star-rank" data-top={f.rank <= 3 ? '' : undefined}>
            {f.rank}
          </span>
          {f.invst_logo ? <img className="star-logo" src={f.invst_logo} alt="" /> : <span className="star-logo star-logo-text">{f.invst_name.slice(0, 2)}</span>}
          <div className="firm-main">
            <a href={`/investfirm/${f.invst_id}`} target="_blank" rel="noreferrer">
              {f.invst_name}
            </a>
            <div className="firm-cases">
              科创板案例：
              {f.com.map((c) => (
                <a key={c.com_id} href={`/company/${c.com_id}`} target="_blank" rel="noreferrer">
                  {c.com_name}
                </a>
              ))}
            </div>
          </div>
          <span className="firm-count">{f.count} 起投资</span>
        </li>
      ))}
    </ol>
  );
}
