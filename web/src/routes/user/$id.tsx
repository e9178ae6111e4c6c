import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { PROFILE_PAGE_SIZE } from '../../../../worker/src/entity/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntityHead } from '../../features/entity/EntityHead';
import { userCommentsQueryOptions, userIncenseQueryOptions, userProfileQueryOptions } from '../../features/entity/queries/entity';
import { pageChanger, visiblePage } from '../../features/entity/usePager';
import { requireLogin } from '../../lib/gate';
import { optEnumParam, pageSearchParam, searchValidator } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { TabPanel, Tabs } from '../../ui/Tabs';
import '../../features/entity/entity-page.css';
import '../../features/entity/entity-section.css';

const TABS = [
  { value: 'comment', label: '评论' },
  { value: 'incense', label: '上香记录' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const searchSchema = searchValidator({ tab: optEnumParam(['comment', 'incense']), page: pageSearchParam });

export const Route = createFileRoute('/user/$id')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(userProfileQueryOptions(idOf(params.id))),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: UserPage,
});

/** /user/{id}: a user's public profile: their comments and incense, nothing private. */
function UserPage() {
  const userId = idOf(Route.useParams().id);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const u = useSuspenseQuery(userProfileQueryOptions(userId)).data;
  useDocumentTitle(entityTitle(u.username, '用户主页'));
  const tab: Tab = search.tab ?? 'comment';
  const page = visiblePage(tab === 'comment' ? 'GET /api/users/:id/comments' : 'GET /api/users/:id/incense', search.page);
  const onPage = pageChanger((p) => void navigate({ search: (s) => ({ ...s, page: p }) }));
  return (
    <div className="container entity-page">
      <EntityHead
        logo={u.logo}
        name={u.username}
        subtitle={[u.company, u.position].filter(Boolean).join(' · ')}
        facts={[
          ['注册于', u.joined],
          ['评论', `${u.comment_num} 条`],
          ['上香', `${u.incense_num} 次，共 ${u.incense_total} 炷`],
        ]}
      />
      <section className="entity-section" aria-label="动态">
        <Tabs
          value={tab}
          onValueChange={(t) => requireLogin(() => void navigate({ search: { tab: t === 'comment' ? undefined : t } }))}
          items={TABS}
          label={`${u.username}的评论与上香记录`}
        >
          <TabPanel value="comment">{tab === 'comment' && <Comments userId={userId} page={page} onPage={onPage} />}</TabPanel>
          <TabPanel value="incense">{tab === 'incense' && <Incense userId={userId} page={page} onPage={onPage} />}</TabPanel>
        </Tabs>
      </section>
    </div>
  );
}

const reasonHref = (pId: number, id: number) => `/deathReason?parent_id=${pId}&child_id=${id}`;

function Comments({ userId, page, onPage }: { userId: number; page: number; onPage: (p: number) => void }) {
  const q = useQuery(userCommentsQueryOptions(userId, page));
  if (q.isPending) return <Loading />;
  if (q.isError) return <EmptyState text={q.error.message} />;
  if (!q.data.info.length) return <EmptyState text="还没有发表过评论" />;
  return (
    <>
      <ul className="entity-rows">
        {q.data.info.map((c) => (
          <li key={c.comment_id}>
            <div className="entity-row-main">
              <span>{c.des}</span>
              <p>
                {c.reply ? '回复于 ' : '评论了 '}
                <AppLink href={c.target.type === 'com' ? `/company/${c.target.id}` : reasonHref(c.target.p_id, c.target.id)}>{c.target.name || '已删除的内容'}</AppLink>
                {' · '}
                <time>{c.time}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <PagerOrLoginBar total={q.data.page.total} page={page} pageSize={PROFILE_PAGE_SIZE} onChange={onPage} loginText="登录后查看全部评论" />
    </>
  );
}

function Incense({ userId, page, onPage }: { userId: number; page: number; onPage: (p: number) => void }) {
  const q = useQuery(userIncenseQueryOptions(userId, page));
  if (q.isPending) return <Loading />;
  if (q.isError) return <EmptyState text={q.error.message} />;
  if (!q.data.info.length) return <EmptyState text="还没有上过香" />;
  return (
    <>
      <ul className="entity-rows">
        {q.data.info.map((r) => (
          <li key={r.id}>
            <div className="entity-row-main">
              为
              <AppLink href={r.type === INCENSE_TYPES.company ? `/company/${r.item_id}` : reasonHref(r.p_id, r.item_id)}>{r.item_name || '已删除的内容'}</AppLink>
              上香 {r.amount} 炷
              <p>
                <time>{r.time}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <PagerOrLoginBar total={q.data.page.total} page={page} pageSize={PROFILE_PAGE_SIZE} onChange={onPage} loginText="登录后查看全部上香记录" />
    </>
  );
}
