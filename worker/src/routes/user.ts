import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { balanceOf } from '../coins';
import { coinLedger } from '../db';
import type { AppEnv } from '../env';
import { list, ok } from '../lib/envelope';
import { offsetOf, pageParam, perPageParam } from '../lib/pagination';
import { zv } from '../lib/validate';

export const userRoutes = new Hono<AppEnv>()
  .get('/info', async (c) => {
    const user = currentUser(c);
    const juzibtc = await balanceOf(c.env.DB, user.id);
    return ok(c, { id: user.id, username: user.username, account: user.account, isVip: user.isVip, svip: user.svip, juzibtc });
  })
  .get('/coins', async (c) => {
    const user = currentUser(c);
    return ok(c, { juzibtc: await balanceOf(c.env.DB, user.id) });
  })
  .get('/vip_check', (c) => ok(c, { isVip: currentUser(c).isVip }))
  .get('/ledger', zv('query', z.object({ page: pageParam, per_page: perPageParam(20) })), async (c) => {
    const user = currentUser(c);
    const { page, per_page } = c.req.valid('query');
    const db = c.get('db');
    const rows = await db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, user.id))
      .orderBy(desc(coinLedger.id))
      .limit(per_page)
      .offset(offsetOf(page, per_page));
    const total = await db.$count(coinLedger, eq(coinLedger.userId, user.id));
    return list(
      c,
      rows.map((r) => ({ id: r.id, delta: r.delta, reason: r.reason, ref_type: r.refType, ref_id: r.refId, created_at: r.createdAt })),
      { total, page, per_page },
    );
  });
