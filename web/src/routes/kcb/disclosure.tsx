import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { DISCLOSURE_PAGE_SIZE } from '../../../../worker/src/starmarket/constants';
import { meQueryOptions, useViewer } from '../../features/auth/me';
import { disclosureQueryOptions, typeListQueryOptions, type DisclosureParams } from '../../features/starmarket/queries/starmarket';
import { fallBackToKnownOptions, optIdParam, optTextParam, pageSearchParam, searchValidator, type SearchOf } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { LoginWall } from '../../ui/LoginWall';
import { Pagination } from '../../ui/Pagination';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { Select } from '../../ui/Select';

const searchSchema = searchValidator({
  keyword: optTextParam(50),
  type: optIdParam,
  page: pageSearchParam,
});
type DisclosureSearch = SearchOf<typeof searchSchema>;

const paramsOf = (s: DisclosureSearch): DisclosureParams => ({ keyword: s.keyword, type: s.type, page: s.page ?? 1 });

/**
 * Spec §2 /kcb/disclosure: the membership check comes first, before any data is asked for. A
 * visitor sees the login wall (and the login dialog); a signed-in non-member is sent to
 * /order?from=kcb; a member gets the type options, then the list (keyword, type, 20 per page).
 */
export const Route = createFileRoute('/kcb/disclosure')({
  validateSearch: searchSchema,
  beforeLoad: async ({ context: { queryClient, signedIn } }) => {
    if (!signedIn) return { member: false };
    // An expired token has gone through the gate (login dialog); the page shows the visitor's wall.
    const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (me && !me.isVip) throw redirect({ to: '/order', search: { from: 'kcb' }, replace: true });
    return { member: Boolean(me?.isVip) };
  },
  loaderDeps: ({ search }) => paramsOf(search),
  loader: async ({ context: { queryClient, member }, deps, location }) => {
    if (!member) return;
    // A type from a link is checked against the options before the list is asked for.
    if (deps.type !== undefined) fallBackToKnownOptions(location, { type: (await queryClient.ensureQueryData(typeListQueryOptions())).map((t) => t.id) });
    await Promise.all([queryClient.ensureQueryData(typeListQueryOptions()), queryClient.ensureQueryData(disclosureQueryOptions(deps))]);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DisclosurePage,
});

function DisclosurePage() {
  useDocumentTitle('科创板信息披露');
  const { loggedIn, isVip, loading } = useViewer();
  const navigate = useNavigate();
  // Someone who signs in here through the login dialog and is not a member goes where the loader sends non-members.
  const notMember = loggedIn && !loading && !isVip;
  useEffect(() => {
    if (notMember) void navigate({ to: '/order', search: { from: 'kcb' }, replace: true });
  }, [notMember, navigate]);
  return (
    <>
      <h1>信息披露</h1>
      {loggedIn && (loading || notMember) ? <Loading text="正在检查会员权限…" /> : loggedIn && isVip ? <DisclosureContent /> : <LoginWall what="科创板信息披露" />}
    </>
  );
}

function DisclosureContent() {
  const params = paramsOf(Route.useSearch());
  const navigate = Route.useNavigate();
  const { page } = params;
  const types = useSuspenseQuery(typeListQueryOptions());
  const list = useSuspenseQuery(disclosureQueryOptions(params));
  // The next page or filter is loading (the loader holds this view until it has the rows).
  const navigating = useRouterState({ select: (s) => s.isLoading });
  const [keyword, setKeyword] = useState(params.keyword ?? '');
  useEffect(() => setKeyword(params.keyword ?? ''), [params.keyword]);
  const go = (patch: Partial<DisclosureSearch>, keepPage = false) =>
    void navigate({ search: (s) => ({ ...s, ...patch, page: keepPage ? patch.page : undefined }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: keyword.trim() || undefined });
  };
  return (
    <section className="star-card" aria-busy={navigating}>
      <div className="star-filters">
        <Select
          label="披露类型"
          placeholder="全部类型"
          value={params.type === undefined ? '' : String(params.type)}
          options={types.data.map((t) => ({ value: String(t.id), label: t.name }))}
          onChange={(v) => go({ type: v ? Number(v) : undefined })}
        />
        <form className="star-search" onSubmit={submit} role="search">
          <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="搜索文件名称" aria-label="搜索文件名称" maxLength={50} />
          <button type="submit" className="btn btn-sm">
            搜索
          </button>
        </form>
        <span className="star-total">共 {list.data.page.total} 条</span>
      </div>
      {list.data.info.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ol className="disclosure-list" aria-label="信息披露列表">
            {list.data.info.map((r, i) => (
              <li key={r.id}>
                <span className="serial">{(page - 1) * DISCLOSURE_PAGE_SIZE + i + 1}</span>
                <a href={r.url} target="_blank" rel="noreferrer">
                  {r.file_name}
                </a>
                <span className="type">{r.type_name}</span>
                <time>{r.disclosure_time}</time>
              </li>
            ))}
          </ol>
          <Pagination total={list.data.page.total} page={page} pageSize={DISCLOSURE_PAGE_SIZE} onChange={(p) => go({ page: p }, true)} />
        </>
      )}
    </section>
  );
}
