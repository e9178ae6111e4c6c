/** The signed-in user: profile, coin balance and ledger, membership check. Mounted at /api/user. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { currentUser, freshUser } from '../auth/access';
import { balanceOf } from '../coins';
import { ledgerObjects, objectOf, reasonText } from '../coins/ledger';
import { coinLedger, listDayCounts as dc } from '../db';
import { list, ok } from '../lib/envelope';
import { inListOrder, keptStart, nearEndPage, userList, usersRows, type EndRead } from '../db/kept/read.ts';
import type { Db } from '../env';
import { pageParam, perPageParam } from '../lib/pagination';
import { ph } from '../lib/shaped';
import { createArea, defineRoute, listOf } from '../lib/route';

const info = defineRoute({
  method: 'get',
  path: '/info',
  access: 'login',
  summary: '当前用户信息：username、isVip、svip、juzibtc',
  data: z.object({ id: z.number().int(), username: z.string(), account: z.string(), isVip: z.boolean(), svip: z.boolean(), juzibtc: z.number().int() }),
});

const coins = defineRoute({ method: 'get', path: '/coins', access: 'login', summary: '桔子币余额 juzibtc', data: z.object({ juzibtc: z.number().int() }) });

const vipCheck = defineRoute({ method: 'get', path: '/vip_check', access: 'login', summary: '会员检查，返回 isVip', data: z.object({ isVip: z.boolean() }) });

const ledger = defineRoute({
  method: 'get',
  path: '/ledger',
  access: 'login',
  summary: '桔子币流水（新的在前），每行带对象（公司、关闭原因、导出文件、订单）的名称与页面',
  request: { query: z.object({ page: pageParam, per_page: perPageParam(20) }) },
  data: listOf(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      reason: z.enum(['grant', 'recharge', 'incense', 'export', 'refund']),
      ref_type: z.string(),
      ref_id: z.string(),
      reason_text: z.string().describe('中文原因'),
      ref_name: z.string().describe("这笔流水的对象：公司名、关闭原因名、导出文件名、订单；无对象为 ''"),
      link: z.string().nullable().describe('对象所在的页面（站内路径：公司页、关闭原因页、个人下载中心、我的订单），无则为 null'),
      created_at: z.number().int(),
    }),
  ),
});

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
async function ledgerPage(db: Db, userId: number, page: number, perPage: number) {
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

export const userRoutes = createArea()
  .openapi(info, async (c) => {
    // The user's own status: read from D1, not from a session kept in this isolate (freshUser).
    await freshUser(c);
    const user = currentUser(c);
    const juzibtc = await balanceOf(c.get('db'), user.id);
    return ok(c, { id: user.id, username: user.username, account: user.account, isVip: user.isVip, svip: user.svip, juzibtc });
  })
  .openapi(coins, async (c) => {
    const user = currentUser(c);
    return ok(c, { juzibtc: await balanceOf(c.get('db'), user.id) });
  })
  .openapi(vipCheck, async (c) => {
    await freshUser(c);
    return ok(c, { isVip: currentUser(c).isVip });
  })
  .openapi(ledger, async (c) => {
    const user = currentUser(c);
    const { page, per_page } = c.req.valid('query');
    const db = c.get('db');
    const { total, rows } = await ledgerPage(db, user.id, page, per_page);
    const objects = await ledgerObjects(db, user.id, rows);
    return list(
      c,
      rows.map((r) => {
        const o = objectOf(objects, r);
        return { id: r.id, delta: r.delta, reason: r.reason, ref_type: r.refType, ref_id: r.refId, reason_text: reasonText(r), ref_name: o.name, link: o.link, created_at: r.createdAt };
      }),
      { total, page, per_page },
    );
  });
