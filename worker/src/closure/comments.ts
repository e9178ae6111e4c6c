/**
 * Comments on a closed company (target 'com') or a closing reason (target 'reason').
 * comment_type 1 is a top-level comment; a reply (comment_type 2) hangs under a top-level
 * comment of the same target and names the user it answers (replay_user_id, the spec's spelling).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { comments, users } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../db/kept/read.ts';
import { countQuery } from './counts';
import { formatDateTime } from '#shared/dates';

export type CommentTarget = { type: 'com' | 'reason'; id: number };

export interface Reply {
  comment_id: number;
  /** author */
  id: number;
  name: string;
  logo: string;
  replay_user_id: number;
  replay_name: string;
  info: string;
  time: string;
}

export interface Comment {
  comment_id: number;
  /** author */
  id: number;
  name: string;
  logo: string;
  des: string;
  time: string;
  comment_type: 1;
  /** All replies, oldest first; the widget shows 3 and expands the rest. */
  comment_replay: Reply[];
  reply_total: number;
}

const repliedTo = alias(users, 'replied_to');

/** Shown for an author whose account no longer exists. */
export const GONE_USER = '已注销用户';

const isTarget = (t: CommentTarget) => and(eq(comments.targetType, t.type), eq(comments.targetId, t.id));

/**
 * A page of top-level comments with every reply. order 1: newest first (so a new comment
 * shows at the top); 2: oldest first.
 */
export async function listComments(
  db: Db,
  target: CommentTarget,
  p: { page: number; per_page: number; order: 1 | 2 },
): Promise<{ info: Comment[]; total: number }> {
  const top = and(isTarget(target), eq(comments.commentType, 1));
  const dir = p.order === 1 ? desc : asc;
  const [rows, countRows] = await db.batch([
    db
      .select({ id: comments.id, userId: comments.userId, name: users.username, logo: users.logo, content: comments.content, createdAt: comments.createdAt })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(top)
      .orderBy(dir(comments.createdAt), dir(comments.id))
      .limit(p.per_page)
      .offset(offsetOf(p.page, p.per_page)),
    // The kept count of the target's top-level comments (closure_counts dim 'comments').
    countQuery(db, 'comments', `${target.type}:${target.id}`),
  ]);
  const ids = rows.map((r) => r.id);
  const replies = ids.length
    ? await db
        .select({
          id: comments.id,
          parentId: comments.parentId,
          userId: comments.userId,
          name: users.username,
          logo: users.logo,
          replayUserId: comments.replayUserId,
          replayName: repliedTo.username,
          content: comments.content,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .leftJoin(users, eq(users.id, comments.userId))
        .leftJoin(repliedTo, eq(repliedTo.id, comments.replayUserId))
        .where(inArray(comments.parentId, ids))
        .orderBy(asc(comments.parentId), asc(comments.createdAt), asc(comments.id))
    : [];
  const info = rows.map((r): Comment => {
    const own = replies.filter((x) => x.parentId === r.id).map(toReply);
    return {
      comment_id: r.id,
      id: r.userId,
      name: r.name ?? GONE_USER,
      logo: r.logo ?? '',
      des: r.content,
      time: formatDateTime(r.createdAt),
      comment_type: 1,
      comment_replay: own,
      reply_total: own.length,
    };
  });
  return { info, total: countRows[0]?.n ?? 0 };
}

function toReply(x: {
  id: number;
  userId: number;
  name: string | null;
  logo: string | null;
  replayUserId: number;
  replayName: string | null;
  content: string;
  createdAt: number;
}): Reply {
  return {
    comment_id: x.id,
    id: x.userId,
    name: x.name ?? GONE_USER,
    logo: x.logo ?? '',
    replay_user_id: x.replayUserId,
    replay_name: x.replayName ?? '',
    info: x.content,
    time: formatDateTime(x.createdAt),
  };
}

/** Adds a top-level comment; the caller has checked that the target exists. */
export async function addComment(db: Db, target: CommentTarget, userId: number, content: string): Promise<Comment> {
  const row = await db
    .insert(comments)
    .values({ targetType: target.type, targetId: target.id, userId, commentType: 1, content, createdAt: Date.now() })
    .returning()
    .get();
  const author = await db.select({ name: users.username, logo: users.logo }).from(users).where(eq(users.id, userId)).get();
  return {
    comment_id: row.id,
    id: userId,
    name: author?.name ?? '',
    logo: author?.logo ?? '',
    des: row.content,
    time: formatDateTime(row.createdAt),
    comment_type: 1,
    comment_replay: [],
    reply_total: 0,
  };
}

/**
 * Adds a reply under a top-level comment of the same target. The answered user must take part
 * in that thread (its author or the author of one of its replies).
 */
export async function addReply(
  db: Db,
  target: CommentTarget,
  userId: number,
  p: { commentId: number; replayUserId: number; content: string },
): Promise<Reply> {
  const parent = await db.select().from(comments).where(eq(comments.id, p.commentId)).get();
  if (!parent) throw new ApiError('NOT_FOUND', '要回复的评论不存在');
  if (parent.commentType !== 1) throw new ApiError('BAD_REQUEST', '只能回复一级评论', { field: 'comment_id' });
  if (parent.targetType !== target.type || parent.targetId !== target.id) {
    throw new ApiError('BAD_REQUEST', target.type === 'com' ? '该评论不属于这家公司' : '该评论不属于这个关闭原因', { field: 'comment_id' });
  }
  const answered = await db.select({ id: users.id, name: users.username }).from(users).where(eq(users.id, p.replayUserId)).get();
  if (!answered) throw new ApiError('NOT_FOUND', '被回复的用户不存在');
  const inThread =
    parent.userId === answered.id ||
    (await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.parentId, parent.id), eq(comments.userId, answered.id)))
      .limit(1)
      .get()) !== undefined;
  if (!inThread) throw new ApiError('BAD_REQUEST', '被回复的用户不在这条评论的讨论中', { field: 'replay_user_id' });
  const row = await db
    .insert(comments)
    .values({
      targetType: target.type,
      targetId: target.id,
      userId,
      commentType: 2,
      parentId: parent.id,
      replayUserId: answered.id,
      content: p.content,
      createdAt: Date.now(),
    })
    .returning()
    .get();
  const author = await db.select({ name: users.username, logo: users.logo }).from(users).where(eq(users.id, userId)).get();
  return toReply({
    id: row.id,
    userId,
    name: author?.name ?? '',
    logo: author?.logo ?? '',
    replayUserId: answered.id,
    replayName: answered.name,
    content: row.content,
    createdAt: row.createdAt,
  });
}
