import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { COMMENT_PAGE_SIZE, INCENSE_PAGE_SIZE, INCENSE_TYPES, type ClosureSort } from '../../../../worker/src/closure/constants';
import { api, unwrap, type DataOf } from '../../lib/api';

/**
 * Query-options factories of the closed-company area (死亡公司库), keys from general to specific:
 * ['closure', <what>, ...params]. The pages of /deathReason, /deathTrack, /deathRank and
 * /deathReport keep their own factories in queries-more.ts under the same ['closure'] root, so
 * `invalidateQueries({ queryKey: ['closure'] })` reaches every list of the area.
 */

/** 1 = a closed company, 2 = a closing reason (a second-level closure type). */
export type IncenseType = (typeof INCENSE_TYPES)[keyof typeof INCENSE_TYPES];

/** What a comment widget talks about: a closed company (com_id) or a closing reason (child type id). */
export type CommentTarget = { kind: 'com'; comId: number } | { kind: 'reason'; typeId: number };

// --- the closed-company list (/deathCompany) ---

export interface ClosureListParams {
  com_prov?: string;
  cat_id?: number;
  fund_status?: number;
  keyword?: string;
  sort: ClosureSort;
  page: number;
}

/** Query string of GET /api/closure: absent filters are left out, so a visitor's default request is exactly page 1. */
function listQuery(p: ClosureListParams) {
  const q: { sort: string; page: string; com_prov?: string; cat_id?: string; fund_status?: string; keyword?: string } = {
    sort: String(p.sort),
    page: String(p.page),
  };
  if (p.com_prov) q.com_prov = p.com_prov;
  if (p.cat_id) q.cat_id = String(p.cat_id);
  if (p.fund_status) q.fund_status = String(p.fund_status);
  if (p.keyword) q.keyword = p.keyword;
  return q;
}

export const closureListQueryOptions = (p: ClosureListParams) =>
  queryOptions({
    queryKey: ['closure', 'list', p],
    queryFn: () => unwrap(api.closure.$get({ query: listQuery(p) })),
    meta: { from: 'deathCompany' },
  });

export type ClosureList = DataOf<Awaited<ReturnType<typeof api.closure.$get>>>;
export type ClosureRow = ClosureList['info'][number];

/** { '2019': 812, ... }: closed companies per closing year. */
export const yearNumberQueryOptions = () =>
  queryOptions({
    queryKey: ['closure', 'year_number'],
    queryFn: () => unwrap(api.closure.year_number.$get()),
    staleTime: 5 * 60_000,
  });

/** Provinces, sectors (with sub-sectors), rounds, sorts, news regions and years. */
export const closureFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['closure', 'filters'],
    queryFn: () => unwrap(api.closure.filters.$get()),
    staleTime: 10 * 60_000,
  });

export type ClosureFilters = DataOf<Awaited<ReturnType<typeof api.closure.filters.$get>>>;

// --- comments ---

/**
 * One page of top-level comments with all their replies. `perPage` is 5 normally; the widget's
 * '查看全部' asks for everything (see allCommentsQueryOptions).
 */
async function fetchComments(target: CommentTarget, page: number, perPage: number) {
  const base = { page: String(page), per_page: String(perPage), type: '1' };
  if (target.kind === 'com') return unwrap(api.closure.com_comment.$get({ query: { ...base, com_id: String(target.comId) } }));
  return unwrap(api.closure.closure_type_comment.$get({ query: { ...base, type_id: String(target.typeId) } }));
}

export type CommentList = Awaited<ReturnType<typeof fetchComments>>;
export type Comment = CommentList['info'][number];
export type Reply = Comment['comment_replay'][number];

const targetKey = (t: CommentTarget) => (t.kind === 'com' ? ['com', t.comId] : ['reason', t.typeId]);

/** The key every comment query of a target starts with (invalidate it after posting). */
export const commentsKey = (t: CommentTarget) => ['closure', 'comments', ...targetKey(t)] as const;

/** The first page (5 comments), what the widget shows collapsed. */
export const commentsQueryOptions = (target: CommentTarget) =>
  queryOptions({
    queryKey: [...commentsKey(target), 'first'],
    queryFn: () => fetchComments(target, 1, COMMENT_PAGE_SIZE),
  });

/** The worker's largest page of comments (worker/src/closure/params.ts; not in the shared constants yet). */
const COMMENT_MAX_PER_PAGE = 50;

/** Every comment of the target, read 50 at a time: the widget's '查看全部' state. */
export const allCommentsQueryOptions = (target: CommentTarget) =>
  queryOptions({
    queryKey: [...commentsKey(target), 'all'],
    queryFn: async (): Promise<CommentList> => {
      const first = await fetchComments(target, 1, COMMENT_MAX_PER_PAGE);
      const info = [...first.info];
      const pages = Math.ceil(first.page.total / COMMENT_MAX_PER_PAGE);
      for (let page = 2; page <= pages; page++) info.push(...(await fetchComments(target, page, COMMENT_MAX_PER_PAGE)).info);
      return { info, page: { ...first.page, per_page: info.length } };
    },
  });

/** Posts a top-level comment (trimmed, non-empty: the caller checks before calling). */
export function postComment(target: CommentTarget, text: string) {
  if (target.kind === 'com') return unwrap(api.add_comment.$post({ json: { com_id: target.comId, commont_detail: text, is_closure: 1 } }));
  return unwrap(api.closure.add_closure_comment.$post({ json: { type_id: target.typeId, content: text } }));
}

/** Posts a reply under the top-level comment `commentId`, answering `replyToUserId`. */
export function postReply(target: CommentTarget, commentId: number, replyToUserId: number, text: string) {
  if (target.kind === 'com') {
    return unwrap(
      api.add_revert_comment.$post({ json: { com_id: target.comId, commont_id: commentId, replay_user_id: replyToUserId, commont_replay_info: text } }),
    );
  }
  return unwrap(
    api.closure.add_closure_revert_comment.$post({
      json: { type_id: target.typeId, comment_id: commentId, replay_user_id: replyToUserId, comment_replay_info: text },
    }),
  );
}

// --- incense ---

/** Incense records of a company or reason, newest first, 10 per fetch. */
export const incenseRecordsQueryOptions = (type: IncenseType, itemId: number) =>
  infiniteQueryOptions({
    queryKey: ['closure', 'incense', type, itemId],
    queryFn: ({ pageParam }) =>
      unwrap(api.closure.incense_list.$get({ query: { type: String(type), item_id: String(itemId), page: String(pageParam), per_page: String(INCENSE_PAGE_SIZE) } })),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.info.length, 0);
      return loaded < last.page.total && last.info.length > 0 ? all.length + 1 : undefined;
    },
  });

export type IncenseRecord = DataOf<Awaited<ReturnType<typeof api.closure.incense_list.$get>>>['info'][number];

/** Top companies (type 1) or reasons (type 2) by incense, for the floating ranking panel. */
export const incenseTopQueryOptions = (type: IncenseType) =>
  queryOptions({
    queryKey: ['closure', 'incense_top', type],
    queryFn: () => unwrap(api.closure.incense_top.$get({ query: { type: String(type) } })),
  });

/** Lights `amount` sticks; the key makes a retry of the same confirmation charge once. */
export const addIncense = (p: { type: IncenseType; itemId: number; amount: number; key: string }) =>
  unwrap(api.closure.add_incense.$post({ json: { item_id: p.itemId, type: p.type, juzi_btc: p.amount } }, { headers: { 'Idempotency-Key': p.key } }));

export type IncenseResult = Awaited<ReturnType<typeof addIncense>>;
