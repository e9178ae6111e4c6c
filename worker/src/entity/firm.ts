/**
 * /investfirm/{id}: the firm, its investment and healthcare-event counts, and its closed-company
 * cases (closure_investors, biggest burns first, from the area's covering index).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { hydrateClosures } from '../closure/rows';
import { closureFirmStats, closureInvestors, investFirms } from '../db';
import { inListOrder, keptTotals, moneyStart } from '../db/kept/read.ts';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { ENTITY_PAGE_SIZE, MEDICAL_SCOPE } from './constants';

export async function requireFirm(db: Db, id: number) {
  const firm = await db.select().from(investFirms).where(eq(investFirms.id, id)).get();
  if (!firm) throw new ApiError('NOT_FOUND', '该投资机构不存在');
  return firm;
}

export async function firmDetail(db: Db, id: number) {
  const firm = await requireFirm(db, id);
  // Investor rows of the firm, all and of healthcare events: kept totals (list_day_counts 'f:' / 'fs:').
  const [kept, closed] = await Promise.all([
    keptTotals(db, [`f:${id}`, `fs:${id}:${MEDICAL_SCOPE}`]),
    db.select({ n: closureFirmStats.comCount }).from(closureFirmStats).where(eq(closureFirmStats.invstId, id)),
  ]);
  return {
    id: firm.id,
    name: firm.name,
    logo: firm.logo,
    des: firm.des,
    is_fa: firm.isFa === 1,
    invse_num: kept.get(`f:${id}`) ?? 0,
    medical_invse_num: kept.get(`fs:${id}:${MEDICAL_SCOPE}`) ?? 0,
    closure_num: closed[0]?.n ?? 0,
  };
}

/**
 * The closed companies the firm backed, biggest total funding first (ties: the higher id first).
 * The total is the kept firm row; a page in the far half is read from the smallest end, and a deep
 * page seeks to the amount and id it starts at, found from the kept counts of entity_money_counts
 * 'c:<firm>' (moneyStart), so every page costs about what the first does.
 */
export async function firmClosures(db: Db, id: number, page: number) {
  await requireFirm(db, id);
  const kept = await db.select({ n: closureFirmStats.comCount }).from(closureFirmStats).where(eq(closureFirmStats.invstId, id));
  const total = kept[0]?.n ?? 0;
  const r = await moneyStart(db, `c:${id}`, 'higherIdFirst', page, ENTITY_PAGE_SIZE, total);
  const dir = r?.reverse ? asc : desc;
  // Amount and id both descend, so the rows from a start row on are one range of the index (total_money, com_id).
  const from = !r?.from ? undefined : sql`(${closureInvestors.totalMoney}, ${closureInvestors.comId}) ${sql.raw(r.reverse ? '>=' : '<=')} (${r.from.money}, ${r.from.id})`;
  const ids = !r
    ? []
    : await db
        .select({ id: closureInvestors.comId })
        .from(closureInvestors)
        .where(and(eq(closureInvestors.invstId, id), from))
        .orderBy(dir(closureInvestors.totalMoney), dir(closureInvestors.comId))
        .limit(r.limit)
        .offset(r.offset);
  const rows = await hydrateClosures(db, inListOrder(r, ids.map((x) => x.id)));
  return {
    info: rows.map((r) => ({
      com_id: r.com_id,
      com_name: r.com_name,
      logo: r.logo,
      cat_name: r.cat_name,
      com_prov: r.com_prov,
      born: r.born,
      com_change_close_date: r.com_change_close_date,
      total_money: r.total_money,
      closure_type: r.closure_type,
    })),
    total,
  };
}
