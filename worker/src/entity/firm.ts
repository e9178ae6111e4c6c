/**
 * /investfirm/{id}: the firm, its investment and healthcare-event counts, and its closed-company
 * cases (closure_investors, biggest burns first, from the area's covering index).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { hydrateClosures } from '../closure/rows';
import { closureFirmStats, closureInvestors, investEventInvestors as iei, investEvents as ev, investFirms } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { ENTITY_PAGE_SIZE, MEDICAL_SCOPE } from './constants';

export async function requireFirm(db: Db, id: number) {
  const firm = await db.select().from(investFirms).where(eq(investFirms.id, id)).get();
  if (!firm) throw new ApiError('NOT_FOUND', '该投资机构不存在');
  return firm;
}

export async function firmDetail(db: Db, id: number) {
  const firm = await requireFirm(db, id);
  const [all, medical, closed] = await db.batch([
    db.select({ n: count() }).from(iei).where(eq(iei.invstId, id)),
    db
      .select({ n: count() })
      .from(iei)
      .innerJoin(ev, eq(ev.id, iei.eventId))
      .where(and(eq(iei.invstId, id), eq(ev.scope, MEDICAL_SCOPE))),
    db.select({ n: closureFirmStats.comCount }).from(closureFirmStats).where(eq(closureFirmStats.invstId, id)),
  ]);
  return {
    id: firm.id,
    name: firm.name,
    logo: firm.logo,
    des: firm.des,
    is_fa: firm.isFa === 1,
    invse_num: all[0]?.n ?? 0,
    medical_invse_num: medical[0]?.n ?? 0,
    closure_num: closed[0]?.n ?? 0,
  };
}

/** The closed companies the firm backed, biggest total funding first. */
export async function firmClosures(db: Db, id: number, page: number) {
  await requireFirm(db, id);
  const [idRows, total] = await db.batch([
    db
      .select({ id: closureInvestors.comId })
      .from(closureInvestors)
      .where(eq(closureInvestors.invstId, id))
      .orderBy(desc(closureInvestors.totalMoney), desc(closureInvestors.comId))
      .limit(ENTITY_PAGE_SIZE)
      .offset(offsetOf(page, ENTITY_PAGE_SIZE)),
    db.select({ n: closureFirmStats.comCount }).from(closureFirmStats).where(eq(closureFirmStats.invstId, id)),
  ]);
  const rows = await hydrateClosures(db, idRows.map((r) => r.id));
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
    total: total[0]?.n ?? 0,
  };
}
