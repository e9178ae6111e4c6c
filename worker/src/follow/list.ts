/** A user's follows of one type, newest first: the kept total and per-day counts ('uf:<user>:<type>') find the page. */
import { and, eq, sql } from 'drizzle-orm';
import { closures, companies, follows } from '../db';
import { inListOrder, keptStart, userList, usersRows } from '../db/kept/read.ts';
import type { Db } from '../env';

/** The page's rows off (user_id, type, created_at), a deep page from its day. */
export async function listFollows(db: Db, userId: number, type: number, page: number, perPage: number) {
  const { total, read: r } = await keptStart(db, userList(`uf:${userId}:${type}`), page, perPage);
  if (!r) return { rows: [], total };
  // rowid breaks ties of the same millisecond: the later follow first.
  const q = usersRows(r, follows.userId, userId, follows.createdAt, sql`"follows".rowid`);
  const rows = await db
    .select({
      item_id: follows.itemId,
      type: follows.type,
      // A closed company may have no row in `companies`; its closure row then names it.
      name: sql<string>`coalesce(${companies.name}, ${closures.comName}, '')`,
      logo: sql<string>`coalesce(nullif(${companies.logo}, ''), ${closures.logo}, '')`,
      created_at: follows.createdAt,
    })
    .from(follows)
    .leftJoin(companies, eq(companies.id, follows.itemId))
    .leftJoin(closures, eq(closures.comId, follows.itemId))
    .where(and(q.where, eq(follows.type, type)))
    .orderBy(...q.orderBy)
    .limit(r.limit)
    .offset(r.offset);
  return { rows: inListOrder(r, rows), total };
}
