import { queryOptions } from '@tanstack/react-query';
import { COMMENT_PAGE_MAX, COMMENT_PAGE_SIZE } from '../../../../../worker/src/closure/constants';
import { api, unwrap } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** What a comment widget talks about: a closed company (com_id) or a closing reason (child type id). */
export type CommentTarget = { kind: 'com'; comId: number } | { kind: 'reason'; typeId: number };

/**
 * One page of top-level comments with all their replies. `perPage` is COMMENT_PAGE_SIZE normally;
 * the widget's '查看全部' asks for everything (see allCommentsQueryOptions).
 */
async function fetchComments(target: CommentTarget, page: number, perPage: number) {
  const base = { page, per_page: perPage, type: 1 };
  if (target.kind === 'com') return unwrap(api.closure.com_comment.$get({ query: qs({ ...base, com_id: target.comId }) }));
  return unwrap(api.closure.closure_type_comment.$get({ query: qs({ ...base, type_id: target.typeId }) }));
}

export type CommentList = Awaited<ReturnType<typeof fetchComments>>;
export type Comment = CommentList['info'][number];
export type Reply = Comment['comment_replay'][number];

const targetKey = (t: CommentTarget) => (t.kind === 'com' ? ['com', t.comId] : ['reason', t.typeId]);

/** The key every comment query of a target starts with (invalidate it after posting). */
export const commentsKey = (t: CommentTarget) => ['closure', 'comments', ...targetKey(t)] as const;

/** The first page, what the widget shows collapsed. */
export const commentsQueryOptions = (target: CommentTarget) =>
  queryOptions({
    queryKey: [...commentsKey(target), 'first'],
    queryFn: () => fetchComments(target, 1, COMMENT_PAGE_SIZE),
  });

/** Every comment of the target, read COMMENT_PAGE_MAX at a time: the widget's '查看全部' state. */
export const allCommentsQueryOptions = (target: CommentTarget) =>
  queryOptions({
    queryKey: [...commentsKey(target), 'all'],
    queryFn: async (): Promise<CommentList> => {
      const first = await fetchComments(target, 1, COMMENT_PAGE_MAX);
      const info = [...first.info];
      const pages = Math.ceil(first.page.total / COMMENT_PAGE_MAX);
      for (let page = 2; page <= pages; page++) info.push(...(await fetchComments(target, page, COMMENT_PAGE_MAX)).info);
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
