/**
 * /user/{id}: a user's public profile: name, avatar, the company and position they chose to show,
 * when they joined, and their comments and incense offerings. Never the account (e-mail or phone),
 * balance, membership or orders.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { closures, closureTypes, comments, incenseRecords, users } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { DAY_WIDTHS, keptPage, keptTotals, type PageRead } from '../lib/daypages';
import { formatDateTime, ymd } from '../lib/time';
import { INCENSE_TYPES } from '../closure/constants';
import { PROFILE_PAGE_SIZE } from './constants';

const DAY_MS = 86_400_000;

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
  // Comment and offering counts and the incense sum: kept rows (entity_day_counts 'uc:' / 'ui:' / 'uis:').
  const kept = await keptTotals(db, [`uc:${id}`, `ui:${id}`, `uis:${id}`]);
  const joined = String(ymd(u.createdAt));
  return {
    id: u.id,
    username: u.username,
    logo: u.logo,
    company: u.company,
    position: u.position,
    joined: `${joined.slice(0, 4)}-${joined.slice(4, 6)}`,
    comment_num: kept.get(`uc:${id}`) ?? 0,
    incense_num: kept.get(`ui:${id}`) ?? 0,
    incense_total: kept.get(`uis:${id}`) ?? 0,
  };
}

/** The rows of a deep page start on its day: on or before it newest first, on or after it reversed (created_at is epoch ms). */
const dayBound = (col: SQLiteColumn, r: PageRead) => (r.day === undefined ? [] : [r.reverse ? gte(col, r.day * DAY_MS) : lt(col, (r.day + 1) * DAY_MS)]);

/** `rows` in the order of `ids` (a page read by id from its kept list). */
const inOrder = <T extends { id: number }>(ids: number[], rows: T[]) => {
  const byId = new Map(rows.map((x) => [x.id, x]));
  return ids.flatMap((i) => byId.get(i) ?? []);
};

/** The user's comments and replies on companies and closing reasons, newest first. */
export async function userComments(db: Db, id: number, page: number) {
  await requireUser(db, id);
  // The page's ids from the user's index (kept total, deep pages seek their day), then their rows.
  const { ids, total } = await keptPage(db, `uc:${id}`, DAY_WIDTHS, page, PROFILE_PAGE_SIZE, async (r) => {
    const rows = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.userId, id), ...dayBound(comments.createdAt, r)))
      .orderBy(...(r.reverse ? [asc(comments.createdAt), asc(comments.id)] : [desc(comments.createdAt), desc(comments.id)]))
      .limit(r.limit)
      .offset(r.offset);
    return rows.map((x) => x.id);
  });
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
          comName: sql<string | null>`${closures.comName}`.as('com_name'),
          reasonName: sql<string | null>`${closureTypes.name}`.as('reason_name'),
          reasonPid: sql<number | null>`${closureTypes.pId}`.as('reason_pid'),
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
  await requireUser(db, id);
  const { ids, total } = await keptPage(db, `ui:${id}`, DAY_WIDTHS, page, PROFILE_PAGE_SIZE, async (r) => {
    const rows = await db
      .select({ id: incenseRecords.id })
      .from(incenseRecords)
      .where(and(eq(incenseRecords.userId, id), ...dayBound(incenseRecords.createdAt, r)))
      .orderBy(...(r.reverse ? [asc(incenseRecords.createdAt), asc(incenseRecords.id)] : [desc(incenseRecords.createdAt), desc(incenseRecords.id)]))
      .limit(r.limit)
      .offset(r.offset);
    return rows.map((x) => x.id);
  });
  const found = !ids.length
    ? []
    : await db
        .select({
          id: incenseRecords.id,
          type: incenseRecords.type,
          itemId: incenseRecords.itemId,
          amount: incenseRecords.amount,
          createdAt: incenseRecords.createdAt,
          comName: sql<string | null>`${closures.comName}`.as('com_name'),
          reasonName: sql<string | null>`${closureTypes.name}`.as('reason_name'),
          reasonPid: sql<number | null>`${closureTypes.pId}`.as('reason_pid'),
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
