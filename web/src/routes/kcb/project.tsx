import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { LISTED_TAB, STAR_PAGE_SIZE } from '../../../../worker/src/starmarket/constants';
import { useViewer } from '../../features/auth/me';
import { STARMARKET_DOWN_KINDS } from '../../../../worker/src/exports/constants';
import { openExport } from '../../features/exports/store';
import {
  filtersQueryOptions,
  projectQueryOptions,
  stateListQueryOptions,
  timingQueryOptions,
  type ProjectTab,
} from '../../features/starmarket/queries/starmarket';
import { StarTable } from '../../features/starmarket/StarTable';
import { requireLogin } from '../../lib/gate';
import { Loading } from '../../ui/Loading';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { Tabs } from '../../ui/Tabs';
import { StarError } from './route';

// Recharts loads with the chart, not with the page (issue 15: first-load JS per route).
const TimingChart = lazy(() => import('../../features/starmarket/TimingChart').then((m) => ({ default: m.TimingChart })));

const searchSchema = z.object({
  type: z.enum([LISTED_TAB]).optional().catch(undefined),
  com_prov: z.string().max(20).optional().catch(undefined),
  cat_id: z.number().int().positive().optional().catch(undefined),
  state: z.number().int().positive().optional().catch(undefined),
  keyword: z.string().max(50).optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/kcb/project')({
  validateSearch: searchSchema,
  component: ProjectPage,
  errorComponent: StarError,
});

/**
 * Spec §2 /kcb/project: applicant (default) and listed tabs, kept in the URL (type=shangshi).
 * A visitor sees page 1 of the applicants with the default filters (as the worker allows); any
 * filter, page, tab, export or row click asks them to log in.
 */
function ProjectPage() {
  return (
    <>
      <h1>科创板企业</h1>
      <ProjectContent />
    </>
  );
}

function ProjectContent() {
  const { loggedIn } = useViewer();
  const urlSearch = Route.useSearch();
  // A visitor's view is the default one, whatever the link says.
  const search = loggedIn ? urlSearch : {};
  const navigate = Route.useNavigate();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const tab: ProjectTab = loggedIn && (search.type === LISTED_TAB || hash === LISTED_TAB) ? 'shangshi' : 'shenbao';
  const listed = tab === 'shangshi';
  const filters = { keyword: search.keyword, cat_id: search.cat_id, com_prov: search.com_prov };
  const page = search.page ?? 1;
  const list = useQuery(projectQueryOptions({ tab, ...filters, state: listed ? undefined : search.state, page }));
  const options = useQuery(filtersQueryOptions());
  const states = useQuery({ ...stateListQueryOptions(filters), enabled: !listed });
  const timing = useQuery({ ...timingQueryOptions(filters), enabled: !listed && loggedIn });
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  useEffect(() => setKeyword(search.keyword ?? ''), [search.keyword]);

  type Patch = Partial<z.infer<typeof searchSchema>>;
  const go = (patch: Patch, keepPage = false) =>
    requireLogin(() => void navigate({ search: (s) => ({ ...s, ...patch, page: keepPage ? patch.page : undefined }), hash: '' }));
  const switchTab = (t: ProjectTab) => go({ type: t === 'shangshi' ? LISTED_TAB : undefined, state: undefined });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: keyword.trim() || undefined });
  };
  const exportData = () =>
    requireLogin(() =>
      openExport({
        kind: listed ? STARMARKET_DOWN_KINDS[4] : STARMARKET_DOWN_KINDS[1],
        params: { ...filters, state: listed ? undefined : search.state },
        from: 'kcb',
        title: listed ? '科创板上市企业' : '科创板申报企业',
      }),
    );

  return (
    <section className="star-card">
      <div className="star-tabs-row">
        <Tabs
          value={tab}
          onValueChange={switchTab}
          label="企业类型"
          items={[
            { value: 'shenbao', label: '申报企业' },
            { value: 'shangshi', label: '上市企业' },
          ]}
        />
        <span className="star-total" aria-live="polite">
          {list.data ? `共 ${list.data.page.total} 家` : ''}
        </span>
        <button type="button" className="btn btn-primary btn-sm" onClick={exportData} disabled={!list.data || list.data.page.total === 0}>
          导出数据
        </button>
      </div>
      <div className="star-filters">
        <Select
          label="地区"
          placeholder="全部地区"
          value={search.com_prov ?? ''}
          options={(options.data?.provinces ?? []).map((p) => ({ value: p, label: p }))}
          onChange={(v) => go({ com_prov: v || undefined })}
        />
        <Select
          label="行业"
          placeholder="全部行业"
          value={search.cat_id === undefined ? '' : String(search.cat_id)}
          options={(options.data?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(v) => go({ cat_id: v ? Number(v) : undefined })}
        />
        <form className="star-search" onSubmit={submit} role="search">
          <input
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="搜索公司简称"
            aria-label="搜索公司简称"
            maxLength={50}
          />
          <button type="submit" className="btn btn-sm">
            搜索
          </button>
        </form>
      </div>
      {!listed && states.data && (
        <div className="state-chips" role="group" aria-label="审核状态">
          <button type="button" className="state-chip" aria-pressed={search.state === undefined} onClick={() => go({ state: undefined })}>
            全部
          </button>
          {states.data.map((s) => (
            <button key={s.id} type="button" className="state-chip" aria-pressed={search.state === s.id} onClick={() => go({ state: s.id })}>
              {s.name}（{s.num}）
            </button>
          ))}
        </div>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <div className="star-error">列表加载失败，请稍后重试</div>
      ) : (
        <>
          <StarTable rows={list.data.info} listed={listed} />
          <Pagination total={list.data.page.total} page={page} pageSize={STAR_PAGE_SIZE} onChange={(p) => go({ page: p }, true)} />
        </>
      )}
      {!listed && timing.data && (
        <Suspense fallback={<Loading />}>
          <TimingChart rows={timing.data} />
        </Suspense>
      )}
    </section>
  );
}
