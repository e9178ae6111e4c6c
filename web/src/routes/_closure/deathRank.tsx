import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { CLOSURE_DOWN_KINDS, type ClosureSort } from '../../../../worker/src/closure/constants';
import { CLOSURE_SORT_OPTIONS, closureSortParam, toClosureSort } from '../../features/closure/closureSort';
import { FirmRankList } from '../../features/closure/FirmRankList';
import { SaveSearchButton } from '../../watch/SaveSearchButton';
import { closureFiltersQueryOptions, knownListOptions } from '../../features/closure/queries/filters';
import {
  companyRankingQueryOptions,
  firmRankingQueryOptions,
  HORSE_UNICORN,
  RANK_TABS,
  type CompanyRankTab,
  type RankFilters,
  type RankTab,
} from '../../features/closure/queries/rankings';
import { RankTable } from '../../features/closure/RankTable';
import { openExport } from '../../features/exports/store';
import { requireLogin } from '../../lib/gate';
import { fallBackToKnownOptions, optEnumParam, optIdParam, optTextParam, searchValidator } from '../../lib/searchParams';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { FilterRow } from '../../ui/FilterRow';
import { Select } from '../../ui/Select';
import { BackToTop } from '../../ui/BackToTop';
import { OutsideTabPanel, Tabs } from '../../ui/Tabs';
import './death-rank.css';
import { closureTitle } from '../../features/closure/closurePages';
import { totalText } from '../../lib/format';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const searchSchema = searchValidator({
  tab: optEnumParam(RANK_TABS),
  cat_id: optIdParam,
  com_prov: optTextParam(20),
  // A number in the URL: the router would write the string '1' as sort=%221%22.
  sort: closureSortParam,
});

export const Route = createFileRoute('/_closure/deathRank')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'amount', filters: { cat_id: search.cat_id, com_prov: search.com_prov, sort: search.sort } }),
  loader: async ({ context: { queryClient, signedIn }, deps: { tab, filters }, location }) => {
    if (!signedIn) return;
    if (tab === 'firm') {
      await queryClient.ensureQueryData(firmRankingQueryOptions());
      return;
    }
    // A filter from a link is checked against the options before the ranking is asked for.
    if (filters.cat_id !== undefined || filters.com_prov !== undefined) {
      const { cat_id, com_prov } = knownListOptions(await queryClient.ensureQueryData(closureFiltersQueryOptions()));
      fallBackToKnownOptions(location, { cat_id, com_prov });
    }
    // The filter options are public and fill the selects when they come.
    await Promise.all([queryClient.ensureQueryData(companyRankingQueryOptions(tab, filters)), queryClient.prefetchQuery(closureFiltersQueryOptions())]);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DeathRankPage,
});

const TAB_LABELS: Record<RankTab, string> = {
  amount: '融资总额TOP100',
  valuation: '估值TOP100',
  horse: '千里马',
  unicorn: '独角兽',
  firm: '机构TOP100',
};

/** Spec §2 "Burn ranking page" (烧钱榜). */
function DeathRankPage() {
  useDocumentTitle(closureTitle('烧钱榜'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tab = search.tab ?? 'amount';
  const switchTab = (t: RankTab) => requireLogin(() => void navigate({ search: (s) => ({ ...s, tab: t }) }));
  const pageRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // On a phone the tab row scrolls sideways: keep the chosen tab (e.g. from a link to 机构TOP100) in view.
  useEffect(() => {
    const list = pageRef.current?.querySelector<HTMLElement>('.tabs-list');
    const active = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (list && active) list.scrollLeft = active.offsetLeft - list.offsetLeft - 16;
  }, [tab]);
  return (
    <div className="container rank-page" ref={pageRef}>
      <h1 className="closure-page-title">烧钱排行榜</h1>
      <Tabs value={tab} onValueChange={switchTab} items={RANK_TABS.map((t) => ({ value: t, label: TAB_LABELS[t] }))} label="排行榜类型" panelId={panelId} />
      <OutsideTabPanel id={panelId} label={TAB_LABELS[tab]} className="rank-panel">
        {tab === 'firm' ? <FirmTab /> : <CompanyTab tab={tab} />}
      </OutsideTabPanel>
    </div>
  );
}

function FirmTab() {
  const firms = useSuspenseQuery(firmRankingQueryOptions()).data;
  return (
    <>
      <FirmRankList firms={firms.info} />
      <LongListEnd rows={firms.info.length} />
    </>
  );
}

function CompanyTab({ tab }: { tab: CompanyRankTab }) {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const options = useQuery(closureFiltersQueryOptions());
  // The sort is a ranking param like the filters: the worker orders the 100, the export follows it.
  const filters: RankFilters = { cat_id: search.cat_id, com_prov: search.com_prov, sort: search.sort };
  const ranking = useSuspenseQuery(companyRankingQueryOptions(tab, filters)).data;

  const setFilter = (patch: { cat_id?: number; com_prov?: string; sort?: ClosureSort }) =>
    requireLogin(() => void navigate({ search: (s) => ({ ...s, ...patch }) }));

  const exportData = () => {
    const kind = tab === 'amount' ? CLOSURE_DOWN_KINDS[4] : tab === 'valuation' ? CLOSURE_DOWN_KINDS[5] : CLOSURE_DOWN_KINDS[6];
    openExport({ kind, params: { ...filters, horse_unicorn: HORSE_UNICORN[tab] }, from: 'deathRank', title: `烧钱榜-${TAB_LABELS[tab]}` });
  };

  return (
    <>
      <FilterRow>
        <Select
          label="行业"
          placeholder="全部行业"
          value={search.cat_id === undefined ? '' : String(search.cat_id)}
          options={(options.data?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(v) => setFilter({ cat_id: v ? Number(v) : undefined })}
        />
        <Select
          label="地区"
          placeholder="全部地区"
          value={search.com_prov ?? ''}
          options={(options.data?.provinces ?? []).map((p) => ({ value: p, label: p }))}
          onChange={(v) => setFilter({ com_prov: v || undefined })}
        />
        <Select
          label="排序"
          placeholder={tab === 'amount' ? '按融资总额' : '按估值'}
          value={search.sort === undefined ? '' : (`${search.sort}` as const)}
          options={CLOSURE_SORT_OPTIONS}
          onChange={(v) => setFilter({ sort: toClosureSort(v) })}
        />
        <span className="rank-count">{totalText(ranking.page.total)}</span>
        <SaveSearchButton area={tab === 'amount' ? 'closure/amount_top' : 'closure/valuation_top'} query={{ ...filters, horse_unicorn: HORSE_UNICORN[tab] }} />
        <button type="button" className="btn btn-primary btn-sm rank-export" onClick={exportData}>
          导出数据
        </button>
      </FilterRow>
      <RankTable rows={ranking.info} measure={tab === 'amount' ? 'amount' : 'valuation'} />
      <LongListEnd rows={ranking.info.length} />
    </>
  );
}

/** Rows past a screenful: the lists run to 100. */
const LONG_LIST = 20;

/** At the end of a long ranking: '回到顶部', focus back on the chosen tab. */
function LongListEnd({ rows }: { rows: number }) {
  if (rows <= LONG_LIST) return null;
  return <BackToTop focusTarget={() => document.querySelector<HTMLElement>('.rank-page .tabs-list [data-state="active"]')} />;
}
