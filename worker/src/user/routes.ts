/** The signed-in user: profile, coin balance and ledger, membership check. Mounted at /api/user. */
import { z } from 'zod';
import { currentUser, freshUser } from '../auth/access';
import { balanceOf } from '../coins';
import { ledgerObjects, objectOf, reasonText } from '../coins/ledger';
import { list, ok } from '../lib/envelope';
import { ledgerPage } from './ledger';
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
