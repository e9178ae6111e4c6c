/**
 * Burn rankings (/deathRank) and incense rankings. Every ranking is a top 100 read from the
 * head of an index: financing total, valuation (all, 千里马 or unicorn), the firms with the most
 * closed companies (closure_firm_stats, kept by triggers), and incense totals. The company
 * rankings can show their 100 in another order (closing, founding or survival time).
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { closureCards, closureFirmStats, closureInvestors, closureRankCounts, closures, firmEventCounts, investFirms } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../db/kept/read.ts';
import { partRows, ph, runShaped, shapedParts } from '../lib/shaped';
import { closureConditions, closureWhereShape, SORT_COLUMNS } from './select';
import { RANKING_SIZE } from './constants';
import { BASE_COLUMNS, BASE_SELECT, closureRowsOf, type BaseRow, type ClosureRow } from './rows';

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
 * 100) is min(100, n) from the kept row of closure_rank_counts for the filters. In another order
 * every member's sort key is needed, so the 100 are read whole with their cards in one statement
 * (total and ranks from that read) and the page is cut from them.
 */
async function rankCompanies(
  db: Db,
  measure: typeof closures.totalMoney | typeof closures.valuation,
  p: RankingParams,
  hu = 0,
): Promise<{ info: RankedClosure[]; total: number }> {
  const { offset, limit } = window(p.page, p.per_page);
  let page: { row: ClosureRow; rank: number }[];
  let total: number;
  if (p.sort) {
    const where = and(gt(measure, 0), ...(hu ? [eq(closures.horseUnicorn, hu)] : []), ...closureConditions({ cat_id: p.cat_id, com_prov: p.com_prov }));
    const key = SORT_COLUMNS[p.sort];
    const base = await db.all<BaseRow & { sort_key: number }>(sql`${BASE_SELECT}, ${key} AS sort_key
      FROM ${closures} LEFT JOIN ${closureCards} ON ${closureCards}.com_id = ${closures}.com_id
      WHERE ${where} ORDER BY ${measure} DESC, ${closures.comId} DESC LIMIT ${RANKING_SIZE}`);
    total = base.length;
    const rankOf = new Map(base.map((b, i) => [b.com_id, i + 1]));
    const ordered = [...base].sort((a, b) => b.sort_key - a.sort_key || b.com_id - a.com_id).slice(offset, offset + limit);
    page = (await closureRowsOf(db, ordered)).map((row) => ({ row, rank: rankOf.get(row.com_id) ?? 0 }));
  } else {
    // By the measure the page is a slice of the index's head, read whole with its cards, and how
    // many the ranking can hold under these filters is one kept row: both in one statement, shaped
    // (lib/shaped.ts: its text is built once per isolate per measure and filters).
    const name = measure === closures.totalMoney ? 'money' : 'valuation';
    const f = closureWhereShape({ cat_id: p.cat_id, com_prov: p.com_prov });
    const shape = `${name}.${hu ? 'h' : ''}${f.shape}`;
    const values = { ...f.values, measure: name, hu, kprov: p.com_prov ?? '', kcat: p.cat_id ?? 0, limit, offset };
    const kept = sql`(SELECT ${closureRankCounts.n} FROM ${closureRankCounts} WHERE ${and(
      eq(closureRankCounts.measure, ph('measure')),
      eq(closureRankCounts.hu, ph('hu')),
      eq(closureRankCounts.prov, ph('kprov')),
      eq(closureRankCounts.cat, ph('kcat')),
    )})`;
    const head = () =>
      db
        .select(BASE_COLUMNS)
        .from(closures)
        .leftJoin(closureCards, eq(closureCards.comId, closures.comId))
        .where(and(gt(measure, 0), ...(hu ? [eq(closures.horseUnicorn, ph('hu'))] : []), f.where()))
        .orderBy(desc(measure), desc(closures.comId))
        .limit(ph('limit'))
        .offset(ph('offset'));
    // One statement: the kept count beside the page's rows (alone when the page is past the 100).
    const [rows] = await runShaped(db, [shapedParts(db, `closure.rank.head.${shape}`, () => ({ parts: [head()], total: sql`coalesce(${kept}, 0)` }), values)] as const);
    // A join's rows carry no order of their own: by the measure again, as the index read them.
    const by = name === 'money' ? 'total_money' : 'valuation';
    const base = partRows(rows).sort((a, b) => b[by] - a[by] || b.com_id - a.com_id);
    const n = rows[0]?.total;
    total = Math.min(RANKING_SIZE, Math.max(0, n ?? 0));
    page = (await closureRowsOf(db, base)).map((row, i) => ({ row, rank: offset + i + 1 }));
  }
  return { info: page.map(({ row, rank }, i) => ({ rank, serial: offset + i + 1, ...row })), total };
}

/** 融资总额 TOP100 */
export const amountTop = (db: Db, p: RankingParams) => rankCompanies(db, closures.totalMoney, p);

/** 估值 TOP100; horse_unicorn (HORSE_UNICORN) gives 千里马 or 独角兽 only. */
export const valuationTop = (db: Db, p: RankingParams & { horse_unicorn?: number }) =>
  rankCompanies(db, closures.valuation, p, p.horse_unicorn ?? 0);

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

/**
 * 机构 TOP100: firms by the number of closed companies they backed, each with its FIRM_CASES
 * largest burns (by financing total) as representative cases. One row per firm: the cases are the
 * JSON kept in closure_firm_stats.cases, the event count the kept firm_event_counts row, and the
 * total min(100, the kept number of ranked firms in closure_rank_counts).
 */
export async function firmTop(db: Db, p: { page: number; per_page: number }): Promise<{ info: FirmRow[]; total: number }> {
  const { offset, limit } = window(p.page, p.per_page);
  const ranked = and(gt(closureFirmStats.invstId, 0), gt(closureFirmStats.comCount, 0));
  const [firms, countRows] = await db.batch([
    db
      .select({
        invstId: closureFirmStats.invstId,
        closedCount: closureFirmStats.comCount,
        cases: closureFirmStats.cases,
        // The firm's event count kept by triggers on invest_event_investors (one row per firm).
        eventCount: sql<number>`coalesce((SELECT ${firmEventCounts.n} FROM ${firmEventCounts} WHERE ${firmEventCounts.invstId} = ${closureFirmStats.invstId}), 0)`,
        // A firm outside the firm database still has the name its investments were recorded with
        // (coalesce evaluates the lookup only when the firm has no row).
        name: sql<string>`coalesce(${investFirms.name}, (SELECT ${closureInvestors.invstName} FROM ${closureInvestors} WHERE ${closureInvestors.invstId} = ${closureFirmStats.invstId} LIMIT 1), '')`,
        logo: investFirms.logo,
      })
      .from(closureFirmStats)
      .leftJoin(investFirms, eq(investFirms.id, closureFirmStats.invstId))
      .where(ranked)
      .orderBy(desc(closureFirmStats.comCount), desc(closureFirmStats.invstId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: closureRankCounts.n })
      .from(closureRankCounts)
      .where(and(eq(closureRankCounts.measure, 'firms'), eq(closureRankCounts.hu, 0), eq(closureRankCounts.prov, ''), eq(closureRankCounts.cat, 0))),
  ]);
  return {
    info: firms.map((f, i) => ({
      rank: offset + i + 1,
      invst_id: f.invstId,
      invst_name: f.name,
      invst_logo: f.logo ?? '',
      count: f.eventCount,
      closed_count: f.closedCount,
      com: JSON.parse(f.cases) as { com_id: number; com_name: string }[],
    })),
    total: Math.min(RANKING_SIZE, Math.max(0, countRows[0]?.n ?? 0)),
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
