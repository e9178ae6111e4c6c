/**
 * The closed-company row (spec §3) shared by every company list of the area: the home list,
 * a reason's companies, a track's or album's companies and the burn rankings.
 * A page is hydrated from its ids in one D1 batch: the rows with their sector and round names,
 * and their related lists from closure_cards (JSON kept by triggers), one row per company.
 */
import { inArray } from 'drizzle-orm';
import { closureCards, closures, rounds, sectors } from '../db';
import type { Db } from '../env';
import { formatYmd } from '../lib/time';
import { formatMonth, liveDays, survival } from './format';

export interface ClosureRow {
  com_id: number;
  com_name: string;
  logo: string;
  com_des: string;
  com_prov: string;
  cat_id: number;
  cat_name: string;
  se_cat_name: string;
  /** Founding month, 'YYYY-MM'. */
  born: string;
  com_change_close_date: string;
  com_fund_status_name: string;
  survival: { years: number; months: number };
  /** Survival in days, founding to closing (the field scripts such as akshare's death_company() read). */
  live_time: number;
  operating_status: string;
  /** 万元 */
  total_money: number;
  /** 万元 */
  valuation: number;
  incense_total: number;
  closure_type: { id: number; p_id: number; name: string }[];
  com_team: { id: number; name: string; position: string }[];
  com_tag: { tag_id: number; tag_name: string }[];
  com_invst: { invst_id: number; invst_name: string }[];
}

/** The rows of `ids`, in the order of `ids`. */
export async function hydrateClosures(db: Db, ids: number[]): Promise<ClosureRow[]> {
  if (ids.length === 0) return [];
  const [base, cards] = await db.batch([
    db
      .select({
        comId: closures.comId,
        comName: closures.comName,
        logo: closures.logo,
        comDes: closures.comDes,
        comProv: closures.comProv,
        catId: closures.catId,
        seCatId: closures.seCatId,
        fundStatusId: closures.fundStatusId,
        bornDate: closures.bornDate,
        closeDate: closures.closeDate,
        survivalMonths: closures.survivalMonths,
        operatingStatus: closures.operatingStatus,
        totalMoney: closures.totalMoney,
        valuation: closures.valuation,
        incenseTotal: closures.incenseTotal,
      })
      .from(closures)
      .where(inArray(closures.comId, ids)),
    // The four related lists, kept as JSON per company by triggers: one row per company.
    db.select().from(closureCards).where(inArray(closureCards.comId, ids)),
  ]);
  // Sector and round names once per distinct id (a page shares a few), not one lookup per row and column.
  const sectorIds = [...new Set(base.flatMap((b) => [b.catId, b.seCatId]))];
  const roundIds = [...new Set(base.map((b) => b.fundStatusId))];
  const [sectorRows, roundRows] = await db.batch([
    db.select({ id: sectors.id, name: sectors.name }).from(sectors).where(inArray(sectors.id, sectorIds.length ? sectorIds : [-1])),
    db.select({ id: rounds.id, name: rounds.name }).from(rounds).where(inArray(rounds.id, roundIds.length ? roundIds : [-1])),
  ]);
  const sectorName = new Map(sectorRows.map((r) => [r.id, r.name]));
  const roundName = new Map(roundRows.map((r) => [r.id, r.name]));
  const cardOf = new Map(cards.map((c) => [c.comId, c]));
  const list = <T>(id: number, field: 'types' | 'team' | 'tags' | 'investors'): T[] => JSON.parse(cardOf.get(id)?.[field] ?? '[]') as T[];
  const byId = new Map(base.map((b) => [b.comId, b]));
  return ids.flatMap((id) => {
    const b = byId.get(id);
    if (!b) return [];
    return [
      {
        com_id: b.comId,
        com_name: b.comName,
        logo: b.logo,
        com_des: b.comDes,
        com_prov: b.comProv,
        cat_id: b.catId,
        cat_name: sectorName.get(b.catId) ?? '',
        se_cat_name: sectorName.get(b.seCatId) ?? '',
        born: formatMonth(b.bornDate),
        com_change_close_date: formatYmd(b.closeDate),
        com_fund_status_name: roundName.get(b.fundStatusId) ?? '',
        survival: survival(b.survivalMonths ?? 0),
        live_time: liveDays(b.bornDate, b.closeDate),
        operating_status: b.operatingStatus,
        total_money: b.totalMoney,
        valuation: b.valuation,
        incense_total: b.incenseTotal,
        closure_type: list<ClosureRow['closure_type'][number]>(id, 'types'),
        com_team: list<ClosureRow['com_team'][number]>(id, 'team'),
        com_tag: list<ClosureRow['com_tag'][number]>(id, 'tags'),
        com_invst: list<ClosureRow['com_invst'][number]>(id, 'investors'),
      },
    ];
  });
}
