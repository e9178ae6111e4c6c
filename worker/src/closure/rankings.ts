/**
 * Burn rankings (/deathRank) and incense rankings. Every ranking is a top 100 read from the
 * head of an index: financing total, valuation (all, 千里马 or unicorn), the firms with the most
 * closed companies (closure_firm_stats, kept by triggers), and incense totals. The company
 * rankings can show their 100 in another order (closing, founding or survival time).
 */
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { closureCards, closureFirmStats, closureInvestors, closures, firmEventCounts, investFirms } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../lib/pagination';
import { closureConditions, SORT_COLUMNS } from './select';
import { FIRM_CASES, RANKING_SIZE } from './constants';
import { BASE_SELECT, closureRowsOf, type BaseRow, type ClosureRow } from './rows';

export interface RankingParams {
  cat_id?: number;
  com_prov?: string;
  /** Absent: by the measure; 1 closing date, 2 founding date, 3 survival time (the list's sorts). */
  sort?: 1 | 2 | 3;
  page: number;
  per_page: number;
}

/** A ranked company: `rank` is its place by the measure, `serial` its place in the returned order (序号). */
export type RankedClosure = ClosureRow & { rank: number; serial: number };

/** The slice of a top-100 a page covers: nothing past the 100th. */
function window(page: number, perPage: number) {
  const offset = offsetOf(page, perPage);
  return { offset, limit: Math.max(0, Math.min(perPage, RANKING_SIZE - offset)) };
}

/**
 * A company ranking. Its members are always the top 100 by the measure, read from the head of the
 * measure's index (LIMIT 100); `sort` only orders those 100, so the work after the index read is
 * a sort of at most 100 rows in the worker, whatever the table's size. By the measure, the page is
 * a slice of the index's head read whole with its cards in one statement, and the total (at most
 * 100) comes from the page itself when it is short or ends at the 100th, else from counting the
 * head. In another order every member's sort key is needed, so the 100 are read whole with their
 * cards in one statement (total and ranks from that read) and the page is cut from them.
 */
async function rankCompanies(
  db: Db,
  measure: typeof closures.totalMoney | typeof closures.valuation,
  p: RankingParams,
  extra: SQL[] = [],
): Promise<{ info: RankedClosure[]; total: number }> {
  const where = and(gt(measure, 0), ...extra, ...closureConditions({ cat_id: p.cat_id, com_prov: p.com_prov }));
  const { offset, limit } = window(p.page, p.per_page);
  let page: { row: ClosureRow; rank: number }[];
  let total: number;
  if (p.sort) {
    const key = SORT_COLUMNS[p.sort];
    const base = await db.all<BaseRow & { sort_key: number }>(sql`${BASE_SELECT}, ${key} AS sort_key
      FROM ${closures} LEFT JOIN ${closureCards} ON ${closureCards}.com_id = ${closures}.com_id
      WHERE ${where} ORDER BY ${measure} DESC, ${closures.comId} DESC LIMIT ${RANKING_SIZE}`);
    total = base.length;
    const rankOf = new Map(base.map((b, i) => [b.com_id, i + 1]));
    const ordered = [...base].sort((a, b) => b.sort_key - a.sort_key || b.com_id - a.com_id).slice(offset, offset + limit);
    page = (await closureRowsOf(db, ordered)).map((row) => ({ row, rank: rankOf.get(row.com_id) ?? 0 }));
  } else {
    // By the measure the page is a slice of the index's head, read whole with its cards.
    const base = limit
      ? await db.all<BaseRow>(sql`${BASE_SELECT}
          FROM ${closures} LEFT JOIN ${closureCards} ON ${closureCards}.com_id = ${closures}.com_id
          WHERE ${where} ORDER BY ${measure} DESC, ${closures.comId} DESC LIMIT ${limit} OFFSET ${offset}`)
      : [];
    // A short page, or a full one that ends at the 100th, tells the total; otherwise count the head.
    if ((base.length > 0 && base.length < limit) || (base.length === limit && limit > 0 && offset + limit >= RANKING_SIZE)) total = offset + base.length;
    else {
      const head = db.select({ one: sql`1` }).from(closures).where(where).orderBy(desc(measure), desc(closures.comId)).limit(RANKING_SIZE).as('head');
      total = (await db.select({ n: sql<number>`count(*)` }).from(head))[0]?.n ?? 0;
    }
    page = (await closureRowsOf(db, base)).map((row, i) => ({ row, rank: offset + i + 1 }));
  }
  return { info: page.map(({ row, rank }, i) => ({ rank, serial: offset + i + 1, ...row })), total };
}

/** 融资总额 TOP100 */
export const amountTop = (db: Db, p: RankingParams) => rankCompanies(db, closures.totalMoney, p);

/** 估值 TOP100; horse_unicorn 1 gives 千里马, 2 unicorn (独角兽). */
export const valuationTop = (db: Db, p: RankingParams & { horse_unicorn?: number }) =>
  rankCompanies(db, closures.valuation, p, p.horse_unicorn ? [eq(closures.horseUnicorn, p.horse_unicorn)] : []);

export interface FirmRow {
  rank: number;
  invst_id: number;
  invst_name: string;
  invst_logo: string;
  /** Investment events the firm took part in (all of its recorded financing events). */
  count: number;
  /** Closed companies the firm invested in: the ranking measure. */
  closed_count: number;
  com: { com_id: number; com_name: string }[];
}

type Case = { invst_id: number; com_id: number; com_name: string; total_money: number };

/**
 * The representative cases of a page of firms: each firm's FIRM_CASES companies with the largest
 * financing total, read off closure_investors_invst_money_idx (a few index rows per firm, however
 * many companies a firm backed). The ids travel as one JSON parameter: a page of 100 firms plus
 * the limit would pass D1's 100 bound parameters.
 */
async function firmCases(db: Db, ids: number[]): Promise<Map<number, { com_id: number; com_name: string }[]>> {
  const out = new Map<number, { com_id: number; com_name: string }[]>();
  if (!ids.length) return out;
  const rows = await db.all<Case>(sql`
    SELECT f.value AS invst_id, c.com_id, c.com_name, c.total_money
    FROM json_each(${JSON.stringify(ids)}) f
    JOIN ${closures} c ON c.com_id IN (
      SELECT j.com_id FROM ${closureInvestors} j WHERE j.invst_id = f.value ORDER BY j.total_money DESC, j.com_id DESC LIMIT ${FIRM_CASES}
    )`);
  rows.sort((a, b) => a.invst_id - b.invst_id || b.total_money - a.total_money || b.com_id - a.com_id);
  for (const r of rows) out.set(r.invst_id, [...(out.get(r.invst_id) ?? []), { com_id: r.com_id, com_name: r.com_name }]);
  return out;
}

/**
 * 机构 TOP100: firms by the number of closed companies they backed, each with its
 * FIRM_CASES largest burns (by financing total) as representative cases.
 */
export async function firmTop(db: Db, p: { page: number; per_page: number }): Promise<{ info: FirmRow[]; total: number }> {
  const { offset, limit } = window(p.page, p.per_page);
  const ranked = and(gt(closureFirmStats.invstId, 0), gt(closureFirmStats.comCount, 0));
  const top = db.select({ one: sql`1` }).from(closureFirmStats).where(ranked).orderBy(desc(closureFirmStats.comCount)).limit(RANKING_SIZE).as('top');
  const [firms, countRows] = await db.batch([
    db
      .select({
        invstId: closureFirmStats.invstId,
        closedCount: closureFirmStats.comCount,
        // The firm's event count kept by triggers on invest_event_investors (one row per firm).
        eventCount: sql<number>`coalesce((SELECT ${firmEventCounts.n} FROM ${firmEventCounts} WHERE ${firmEventCounts.invstId} = ${closureFirmStats.invstId}), 0)`,
        name: investFirms.name,
        logo: investFirms.logo,
        // A firm outside the firm database still has the name its investments were recorded with.
        recordedName: sql<string>`(SELECT ${closureInvestors.invstName} FROM ${closureInvestors} WHERE ${closureInvestors.invstId} = ${closureFirmStats.invstId} LIMIT 1)`,
      })
      .from(closureFirmStats)
      .leftJoin(investFirms, eq(investFirms.id, closureFirmStats.invstId))
      .where(ranked)
      .orderBy(desc(closureFirmStats.comCount), desc(closureFirmStats.invstId))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(top),
  ]);
  const cases = await firmCases(db, firms.map((f) => f.invstId));
  return {
    info: firms.map((f, i) => ({
      rank: offset + i + 1,
      invst_id: f.invstId,
      invst_name: f.name ?? f.recordedName ?? '',
      invst_logo: f.logo ?? '',
      count: f.eventCount,
      closed_count: f.closedCount,
      com: cases.get(f.invstId) ?? [],
    })),
    total: countRows[0]?.n ?? 0,
  };
}

/** Companies ranked by incense (for the floating ranking panel). */
export async function companyIncenseTop(db: Db, limit: number) {
  return db
    .select({ com_id: closures.comId, com_name: closures.comName, logo: closures.logo, total: closures.incenseTotal })
    .from(closures)
    .where(gt(closures.incenseTotal, 0))
    .orderBy(desc(closures.incenseTotal), desc(closures.comId))
    .limit(limit);
}
