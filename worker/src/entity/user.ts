/**
 * /user/{id}: a user's public profile: name, avatar, the company and position they chose to show,
 * when they joined, and their comments and incense offerings. Never the account (e-mail or phone),
 * balance, membership or orders.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { closures, closureTypes, comments, incenseRecords, users } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { inListOrder, keptStart, keptTotals, userList, usersRows } from '../db/kept/read.ts';
import { formatDateTime, formatYearMonth, ymd } from '#shared/dates';
import { INCENSE_TYPES } from '../closure/constants';
import { PROFILE_PAGE_SIZE } from './constants';

async function requireUser(db: Db, id: number) {
  const u = await db
    .select({
      id: users.id,
      username: users.username,
      logo: users.logo,
      company: users.company,
      position: users.position,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .get();
  if (!u) throw new ApiError('NOT_FOUND', '该用户不存在');
  return u;
}

export async function userProfile(db: Db, id: number) {
  const u = await requireUser(db, id);
  // Comment and offering counts and the incense sum: kept rows (list_day_counts 'uc:' / 'ui:' / 'uis:').
  const kept = await keptTotals(db, [`uc:${id}`, `ui:${id}`, `uis:${id}`]);
  return {
    id: u.id,
    username: u.username,
    logo: u.logo,
    company: u.company,
    position: u.position,
    joined: formatYearMonth(ymd(u.createdAt)),
    comment_num: kept.get(`uc:${id}`) ?? 0,
    incense_num: kept.get(`ui:${id}`) ?? 0,
    incense_total: kept.get(`uis:${id}`) ?? 0,
  };
}

/**
 * Page `page` of the user's comments (kept list 'uc:') or incense offerings ('ui:'), newest first: the
 * page's ids from the user's index (kept total, deep pages seek their day), in list order, and the total.
 */
async function userPage(db: Db, t: typeof comments | typeof incenseRecords, key: string, id: number, page: number) {
  await requireUser(db, id);
  const { total, read: r } = await keptStart(db, userList(`${key}:${id}`), page, PROFILE_PAGE_SIZE);
  if (!r) return { ids: [], total };
  const q = usersRows(r, t.userId, id, t.createdAt, t.id);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(r.limit)
    .offset(r.offset);
  return { ids: inListOrder(r, rows.map((x) => x.id)), total };
}

/** The names of a row's target, joined by the caller: a company's (closures) or a closing reason's with its parent (closure_types). */
const targetNames = {
  comName: sql<string | null>`${closures.comName}`.as('com_name'),
  reasonName: sql<string | null>`${closureTypes.name}`.as('reason_name'),
  reasonPid: sql<number | null>`${closureTypes.pId}`.as('reason_pid'),
};

/** `rows` in the order of `ids` (a page read by id from its kept list). */
const inOrder = <T extends { id: number }>(ids: number[], rows: T[]) => {
  const byId = new Map(rows.map((x) => [x.id, x]));
  return ids.flatMap((i) => byId.get(i) ?? []);
};

/** The user's comments and replies on companies and closing reasons, newest first. */
export async function userComments(db: Db, id: number, page: number) {
  const { ids, total } = await userPage(db, comments, 'uc', id, page);
  const found = !ids.length
    ? []
    : await db
        .select({
          id: comments.id,
          content: comments.content,
          createdAt: comments.createdAt,
          commentType: comments.commentType,
          targetType: comments.targetType,
          targetId: comments.targetId,
          ...targetNames,
        })
        .from(comments)
        .leftJoin(closures, and(eq(comments.targetType, 'com'), eq(closures.comId, comments.targetId)))
        .leftJoin(closureTypes, and(eq(comments.targetType, 'reason'), eq(closureTypes.id, comments.targetId)))
        .where(inArray(comments.id, ids));
  const rows = inOrder(ids, found);
  return {
    info: rows.map((r) => ({
      comment_id: r.id,
      des: r.content,
      time: formatDateTime(r.createdAt),
      reply: r.commentType === 2,
      target: {
        type: r.targetType,
        id: r.targetId,
        p_id: r.reasonPid ?? 0,
        name: (r.targetType === 'com' ? r.comName : r.reasonName) ?? '',
      },
    })),
    total,
  };
}

/** The user's incense offerings, newest first. */
export async function userIncense(db: Db, id: number, page: number) {
  const { ids, total } = await userPage(db, incenseRecords, 'ui', id, page);
  const found = !ids.length
    ? []
    : await db
        .select({
          id: incenseRecords.id,
          type: incenseRecords.type,
          itemId: incenseRecords.itemId,
          amount: incenseRecords.amount,
          createdAt: incenseRecords.createdAt,
          ...targetNames,
        })
        .from(incenseRecords)
        .leftJoin(closures, and(eq(incenseRecords.type, INCENSE_TYPES.company), eq(closures.comId, incenseRecords.itemId)))
        .leftJoin(closureTypes, and(eq(incenseRecords.type, INCENSE_TYPES.reason), eq(closureTypes.id, incenseRecords.itemId)))
        .where(inArray(incenseRecords.id, ids));
  const rows = inOrder(ids, found);
  return {
    info: rows.map((r) => ({
      id: r.id,
      type: r.type,
      item_id: r.itemId,
      p_id: r.reasonPid ?? 0,
      item_name: (r.type === INCENSE_TYPES.company ? r.comName : r.reasonName) ?? '',
      amount: r.amount,
      time: formatDateTime(r.createdAt),
    })),
    total,
  };
}
