/**
 * /investfirm/{id}: the firm, its investment and healthcare-event counts, and its closed-company
 * cases (closure_investors, biggest burns first, from the area's covering index).
 */
import { asc, desc, eq } from 'drizzle-orm';
import { hydrateClosures } from '../closure/rows';
import { closureFirmStats, closureInvestors, investFirms } from '../db';
import { keptTotals } from '../lib/daypages';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { pageWindow } from '../lib/pagination';
import { ENTITY_PAGE_SIZE, MEDICAL_SCOPE } from './constants';

export async function requireFirm(db: Db, id: number) {
  const firm = await db.select().from(investFirms).where(eq(investFirms.id, id)).get();
  if (!firm) throw new ApiError('NOT_FOUND', '该投资机构不存在');
  return firm;
}

export async function firmDetail(db: Db, id: number) {
  const firm = await requireFirm(db, id);
  // Investor rows of the firm, all and of healthcare events: kept totals (entity_day_counts 'f:' / 'fs:').
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
 * The closed companies the firm backed, biggest total funding first. The total is the kept firm
 * row; a page in the far half is read from the smallest end (pageWindow), so the last page costs
 * what the first does.
 */
export async function firmClosures(db: Db, id: number, page: number) {
  await requireFirm(db, id);
  const kept = await db.select({ n: closureFirmStats.comCount }).from(closureFirmStats).where(eq(closureFirmStats.invstId, id));
  const total = kept[0]?.n ?? 0;
  const w = pageWindow(page, ENTITY_PAGE_SIZE, total);
  const idRows = !w.limit
    ? []
    : await db
        .select({ id: closureInvestors.comId })
        .from(closureInvestors)
        .where(eq(closureInvestors.invstId, id))
        .orderBy(
          ...(w.reverse ? [asc(closureInvestors.totalMoney), asc(closureInvestors.comId)] : [desc(closureInvestors.totalMoney), desc(closureInvestors.comId)]),
        )
        .limit(w.limit)
        .offset(w.offset);
  if (w.reverse) idRows.reverse();
  const rows = await hydrateClosures(
    db,
    idRows.map((r) => r.id),
  );
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
