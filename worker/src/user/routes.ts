/** The signed-in user: profile, coin balance and ledger, membership check. Mounted at /api/user. */
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { balanceOf } from '../coins';
import { coinLedger } from '../db';
import { list, ok } from '../lib/envelope';
import { keptRowsPage, usersRows } from '../lib/day-window';
import { pageParam, perPageParam } from '../lib/pagination';
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

/** The Chinese reason of a ledger row, as the user centre shows it. */
function reasonText(reason: string, refType: string, refId: string): string {
  switch (reason) {
    case 'recharge':
      return refType === 'order' ? `充值（订单 ${refId}）` : '充值';
    case 'incense':
      return refType === 'closure_type' ? '上香（关闭原因）' : '上香';
    case 'export':
      return '导出数据';
    case 'refund':
      return '导出失败退款';
    default:
      return refType === 'signup' ? '注册赠送' : '赠送';
  }
}

const ledger = defineRoute({
  method: 'get',
  path: '/ledger',
  access: 'login',
  summary: '桔子币流水（新的在前）',
  request: { query: z.object({ page: pageParam, per_page: perPageParam(20) }) },
  data: listOf(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      reason: z.enum(['grant', 'recharge', 'incense', 'export', 'refund']),
      ref_type: z.string(),
      ref_id: z.string(),
      reason_text: z.string().describe('中文原因'),
      created_at: z.number().int(),
    }),
  ),
});

export const userRoutes = createArea()
  .openapi(info, async (c) => {
    const user = currentUser(c);
    const juzibtc = await balanceOf(c.env.DB, user.id);
    return ok(c, { id: user.id, username: user.username, account: user.account, isVip: user.isVip, svip: user.svip, juzibtc });
  })
  .openapi(coins, async (c) => {
    const user = currentUser(c);
    return ok(c, { juzibtc: await balanceOf(c.env.DB, user.id) });
  })
  .openapi(vipCheck, (c) => ok(c, { isVip: currentUser(c).isVip }))
  .openapi(ledger, async (c) => {
    const user = currentUser(c);
    const { page, per_page } = c.req.valid('query');
    const db = c.get('db');
    // Newest first off (user_id, created_at) with the kept total and per-day counts ('ul:'), so a
    // page reads its own rows and a deep page starts on its day instead of skipping every newer row.
    const { rows, total } = await keptRowsPage(
      db,
      `ul:${user.id}`,
      page,
      per_page,
      (r) => {
        const q = usersRows(r, coinLedger.userId, user.id, coinLedger.createdAt, coinLedger.id);
        return db.select().from(coinLedger).where(q.where).orderBy(...q.orderBy).limit(r.limit).offset(r.offset);
      },
      (r) => r.id,
    );
    return list(
      c,
      rows.map((r) => ({ id: r.id, delta: r.delta, reason: r.reason, ref_type: r.refType, ref_id: r.refId, reason_text: reasonText(r.reason, r.refType, r.refId), created_at: r.createdAt })),
      { total, page, per_page },
    );
  });
