import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { DISCLOSURE_PAGE_SIZE } from '../../../../worker/src/starmarket/constants';
import { useViewer } from '../../features/auth/me';
import { disclosureQueryOptions, typeListQueryOptions } from '../../features/starmarket/queries/starmarket';
import { LoginWall } from '../../ui/LoginWall';
import { orderHref } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { StarError } from './route';

const searchSchema = z.object({
  keyword: z.string().max(50).optional().catch(undefined),
  type: z.number().int().positive().optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/kcb/disclosure')({
  validateSearch: searchSchema,
  component: DisclosurePage,
  errorComponent: StarError,
});

/**
 * Spec §2 /kcb/disclosure: the page checks membership first and sends non-members to
 * /order?from=kcb; then the type options, then the list (keyword, type, 20 per page).
 */
function DisclosurePage() {
  const { loggedIn, isVip, loading } = useViewer();
  const notMember = loggedIn && !loading && !isVip;
  useEffect(() => {
    // /order belongs to the order area (another route folder): a full navigation.
    if (notMember) window.location.replace(orderHref('kcb'));
  }, [notMember]);
  return (
    <>
      <h1>信息披露</h1>
      {!loggedIn ? <LoginWall what="科创板信息披露" /> : loading || notMember ? <Loading text="正在检查会员权限…" /> : <DisclosureContent />}
    </>
  );
}

function DisclosureContent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const page = search.page ?? 1;
  const types = useQuery(typeListQueryOptions());
  const list = useQuery({ ...disclosureQueryOptions({ keyword: search.keyword, type: search.type, page }), enabled: types.isSuccess });
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  useEffect(() => setKeyword(search.keyword ?? ''), [search.keyword]);
  const go = (patch: Partial<z.infer<typeof searchSchema>>, keepPage = false) =>
    void navigate({ search: (s) => ({ ...s, ...patch, page: keepPage ? patch.page : undefined }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: keyword.trim() || undefined });
  };
  return (
    <section className="star-card">
      <div className="star-filters">
        <Select
          label="披露类型"
          placeholder="全部类型"
          value={search.type === undefined ? '' : String(search.type)}
          options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          onChange={(v) => go({ type: v ? Number(v) : undefined })}
        />
        <form className="star-search" onSubmit={submit} role="search">
          <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="搜索文件名称" aria-label="搜索文件名称" maxLength={50} />
          <button type="submit" className="btn btn-sm">
            搜索
          </button>
        </form>
        {list.data && <span className="star-total">共 {list.data.page.total} 条</span>}
      </div>
      {types.isPending || list.isPending ? (
        <Loading />
      ) : list.isError || types.isError ? (
        <div className="star-error">信息披露加载失败，请稍后重试</div>
      ) : list.data.info.length === 0 ? (
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
