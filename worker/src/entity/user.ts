/**
 * /user/{id}: a user's public profile: name, avatar, the company and position they chose to show,
 * when they joined, and their comments and incense offerings. Never the account (e-mail or phone),
 * balance, membership or orders.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { closures, closureTypes, comments, incenseRecords, users } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { formatDateTime, ymd } from '../lib/time';
import { INCENSE_TYPES } from '../closure/constants';
import { PROFILE_PAGE_SIZE } from './constants';

async function requireUser(db: Db, id: number) {
  const u = await db
    .select({ id: users.id, username: users.username, logo: users.logo, company: users.company, position: users.position, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id))
    .get();
  if (!u) throw new ApiError('NOT_FOUND', '该用户不存在');
  return u;
}

export async function userProfile(db: Db, id: number) {
  const u = await requireUser(db, id);
  const [c, inc] = await db.batch([
    db.select({ n: count() }).from(comments).where(eq(comments.userId, id)),
    db.select({ n: count(), total: sql<number>`coalesce(sum(${incenseRecords.amount}), 0)` }).from(incenseRecords).where(eq(incenseRecords.userId, id)),
  ]);
  const joined = String(ymd(u.createdAt));
  return {
    id: u.id,
    username: u.username,
    logo: u.logo,
    company: u.company,
    position: u.position,
    joined: `${joined.slice(0, 4)}-${joined.slice(4, 6)}`,
    comment_num: c[0]?.n ?? 0,
    incense_num: inc[0]?.n ?? 0,
    incense_total: inc[0]?.total ?? 0,
  };
}

/** The user's comments and replies on companies and closing reasons, newest first. */
export async function userComments(db: Db, id: number, page: number) {
  await requireUser(db, id);
  const [rows, total] = await db.batch([
    db
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
      .where(eq(comments.userId, id))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offsetOf(page, PROFILE_PAGE_SIZE)),
    db.select({ n: count() }).from(comments).where(eq(comments.userId, id)),
  ]);
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
    total: total[0]?.n ?? 0,
  };
}

/** The user's incense offerings, newest first. */
export async function userIncense(db: Db, id: number, page: number) {
  await requireUser(db, id);
  const [rows, total] = await db.batch([
    db
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
      .where(eq(incenseRecords.userId, id))
      .orderBy(desc(incenseRecords.createdAt), desc(incenseRecords.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offsetOf(page, PROFILE_PAGE_SIZE)),
    db.select({ n: count() }).from(incenseRecords).where(eq(incenseRecords.userId, id)),
  ]);
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
    total: total[0]?.n ?? 0,
  };
}
