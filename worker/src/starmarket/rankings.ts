/**
 * /kcb/rank: 融资 TOP (financing total over every STAR company), 开盘市值 TOP (listed companies by
 * opening market value) and 机构榜 (firms by their financing events in STAR companies, with their
 * STAR case companies). Top 10 on the page; `limit` up to 100 for the fuller ranking.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { investEventInvestors as iei, investFirms, starmarketCompanies as m, starmarketFirmStats } from '../db';
import type { Db } from '../env';
import { ph, runShaped, shapedSelect } from '../lib/shaped';
import { FIRM_CASES } from './constants';
import { selectStarRows, toStarRows } from './rows';

/** Read from the head of smc_money_idx: at most `limit` index entries. */
export async function amountTop(db: Db, limit: number) {
  const [rows] = await runShaped(db, [
    shapedSelect(db, 'star.rank.amount', () => selectStarRows(db).where(gt(m.totalMoney, 0)).orderBy(desc(m.totalMoney), desc(m.mComId)).limit(ph('limit')), { limit }),
  ] as const);
  return (await toStarRows(db, rows)).map((r, i) => ({ rank: i + 1, ...r }));
}

/** Read from the head of smc_count_money_idx (only listed companies have an opening market value). */
export async function valuationTop(db: Db, limit: number) {
  const [rows] = await runShaped(db, [
    shapedSelect(
      db,
      'star.rank.valuation',
      () =>
        selectStarRows(db)
          // The unary + keeps SQLite on smc_count_money_idx instead of reading every listed company and sorting.
          .where(and(gt(m.countMoney, 0), sql`+${m.isListed} = 1`))
          .orderBy(desc(m.countMoney), desc(m.mComId))
          .limit(ph('limit')),
      { limit },
    ),
  ] as const);
  return (await toStarRows(db, rows)).map((r, i) => ({ rank: i + 1, ...r }));
}

/**
 * Firms ranked by their financing events in STAR-market companies (firms outside the firm
 * database, invst_id 0, are not ranked), read from the head of starmarket_firm_stats with each
 * firm's FIRM_CASES case companies (largest financing total first) as kept JSON: all kept by
 * triggers on the events, their investors and the STAR companies, so the ranking reads one kept
 * row and one firm row per firm however many events it has.
 */
export async function firmTop(db: Db, limit: number) {
  const [firms] = await runShaped(db, [
    shapedSelect(
      db,
      'star.rank.firms',
      () =>
        db
          .select({ invstId: starmarketFirmStats.invstId, n: starmarketFirmStats.n, cases: starmarketFirmStats.cases, name: investFirms.name, logo: investFirms.logo })
          .from(starmarketFirmStats)
          .leftJoin(investFirms, eq(investFirms.id, starmarketFirmStats.invstId))
          .where(gt(starmarketFirmStats.n, 0))
          .orderBy(desc(starmarketFirmStats.n), desc(starmarketFirmStats.invstId))
          .limit(ph('limit')),
      { limit },
    ),
  ] as const);
  if (!firms.length) return [];
  const casesOf = (json: string) => (JSON.parse(json) as { com_id: number; com_name: string }[]).slice(0, FIRM_CASES);
  // A firm outside the firm database keeps the name its investments were recorded with.
  const unnamed = firms.filter((f) => f.name == null).map((f) => f.invstId);
  const recorded = unnamed.length
    ? await db.all<{ id: number; name: string }>(
        sql`SELECT f.value AS id, (SELECT ${iei.invstName} FROM ${iei} WHERE ${iei.invstId} = f.value LIMIT 1) AS name FROM json_each(${JSON.stringify(unnamed)}) f`,
      )
    : [];
  const recordedName = new Map(recorded.map((r) => [r.id, r.name]));
  return firms.map((f, i) => ({
    rank: i + 1,
    invst_id: f.invstId,
    invst_logo: f.logo ?? '',
    invst_name: f.name ?? recordedName.get(f.invstId) ?? '',
    count: f.n,
    com: casesOf(f.cases),
  }));
}
