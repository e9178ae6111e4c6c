/** A page of the signed-in user's coin ledger (GET /api/user/ledger), read off (user_id, created_at) with the kept total. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { coinLedger, listDayCounts as dc } from '../db';
import { inListOrder, keptStart, nearEndPage, userList, usersRows, type EndRead } from '../db/kept/read.ts';
import type { Db } from '../env';
import { ph } from '../lib/shaped';

/** Rows from either end a ledger page may start at and still be read with its total in one statement. */
const LEDGER_NEAR_ENDS = 60;

/** A user's ledger rows from the start (newest first) or the end of their ledger, off (user_id, created_at). */
const ledgerEnd = (db: Db, r: EndRead) => {
  const dir = r.reverse ? asc : desc;
  return (
    db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, ph('user')))
      .orderBy(dir(coinLedger.createdAt), dir(coinLedger.id))
      // An SQL LIMIT / OFFSET (pageWindowSql) is written as is; drizzle's types say number.
      .limit(r.limit as unknown as number)
      .offset(r.offset as number)
  );
};

/**
 * A page of the user's ledger, newest first, with its kept total ('ul:' in list_day_counts). A page
 * near either end is one statement with the total; a deeper one starts on its day from the kept
 * per-day counts instead of skipping every newer row.
 */
export async function ledgerPage(db: Db, userId: number, page: number, perPage: number) {
  const key = `ul:${userId}`;
  const near = await nearEndPage(
    db,
    'user.ledger.near',
    () => ({ total: sql`(SELECT ${dc.n} FROM ${dc} WHERE ${dc.k} = ${ph('key')} AND ${dc.level} = 0 AND ${dc.bucket} = 0)`, end: (r) => ledgerEnd(db, r) }),
    { key, user: userId },
    { page, perPage, near: LEDGER_NEAR_ENDS },
  );
  if (near.rows) return { total: near.total, rows: near.rows.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id) };
  const { total, read: r } = await keptStart(db, userList(key), page, perPage, near.total);
  const q = r && usersRows(r, coinLedger.userId, userId, coinLedger.createdAt, coinLedger.id);
  const rows = r && q ? inListOrder(r, await db.select().from(coinLedger).where(q.where).orderBy(...q.orderBy).limit(r.limit).offset(r.offset)) : [];
  return { total, rows };
}
