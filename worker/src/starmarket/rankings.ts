/**
 * /kcb/rank: 融资 TOP (financing total over every STAR company), 开盘市值 TOP (listed companies by
 * opening market value) and 机构榜 (firms by their financing events in STAR companies, with their
 * STAR case companies). Top 10 on the page; `limit` up to 100 for the fuller ranking.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { investEventInvestors as iei, investEvents as ev, investFirms, starmarketCompanies as m } from '../db';
import type { Db } from '../env';
import { FIRM_CASES } from './constants';
import { selectStarRows, toStarRows } from './rows';

/** Read from the head of smc_money_idx: at most `limit` index entries. */
export async function amountTop(db: Db, limit: number) {
  const rows = await selectStarRows(db).where(gt(m.totalMoney, 0)).orderBy(desc(m.totalMoney), desc(m.mComId)).limit(limit);
  return (await toStarRows(db, rows)).map((r, i) => ({ rank: i + 1, ...r }));
}

/** Read from the head of smc_count_money_idx (only listed companies have an opening market value). */
export async function valuationTop(db: Db, limit: number) {
  const rows = await selectStarRows(db)
    // The unary + keeps SQLite on smc_count_money_idx instead of reading every listed company and sorting.
    .where(and(gt(m.countMoney, 0), sql`+${m.isListed} = 1`))
    .orderBy(desc(m.countMoney), desc(m.mComId))
    .limit(limit);
  return (await toStarRows(db, rows)).map((r, i) => ({ rank: i + 1, ...r }));
}

/**
 * Firms ranked by their financing events in STAR-market companies (firms outside the firm
 * database, invst_id 0, are not ranked). The count walks the STAR companies through smc_com_idx,
 * their events through invest_events_com_idx and the investors through iei_event_idx.
 */
export async function firmTop(db: Db, limit: number) {
  const firms = await db
    .select({
      invstId: iei.invstId,
      n: sql<number>`count(*)`.as('n'),
      name: sql<string>`max(${iei.invstName})`,
    })
    .from(m)
    .innerJoin(ev, eq(ev.comId, m.comId))
    .innerJoin(iei, eq(iei.eventId, ev.id))
    .where(gt(iei.invstId, 0))
    .groupBy(iei.invstId)
    .orderBy(desc(sql`n`), desc(iei.invstId))
    .limit(limit);
  if (!firms.length) return [];
  const ids = JSON.stringify(firms.map((f) => f.invstId));
  // Case companies and firm details for the page's firms; ids travel as one JSON parameter
  // (100 firms would pass D1's bound-parameter limit).
  const [cases, details] = await Promise.all([
    db.all<{ invst_id: number; com_id: number; com_name: string; k: number }>(sql`
      SELECT invst_id, com_id, com_name, k FROM (
        SELECT invst_id, com_id, com_name,
          row_number() OVER (PARTITION BY invst_id ORDER BY total_money DESC, com_id DESC) AS k
        FROM (
          SELECT DISTINCT i.invst_id AS invst_id, s.com_id AS com_id, s.com_name AS com_name, s.total_money AS total_money
          FROM json_each(${ids}) f
          JOIN ${iei} i ON i.invst_id = f.value
          JOIN ${ev} e ON e.id = i.event_id
          JOIN ${m} s ON s.com_id = e.com_id
        )
      ) WHERE k <= ${FIRM_CASES}`),
    db.all<{ id: number; name: string; logo: string }>(
      sql`SELECT ${investFirms.id} AS id, ${investFirms.name} AS name, ${investFirms.logo} AS logo FROM ${investFirms} WHERE ${investFirms.id} IN (SELECT value FROM json_each(${ids}))`,
    ),
  ]);
  const firmOf = new Map(details.map((d) => [d.id, d]));
  const casesOf = new Map<number, { com_id: number; com_name: string; k: number }[]>();
  for (const c of cases) casesOf.set(c.invst_id, [...(casesOf.get(c.invst_id) ?? []), c]);
  return firms.map((f, i) => ({
    rank: i + 1,
    invst_id: f.invstId,
    invst_logo: firmOf.get(f.invstId)?.logo ?? '',
    invst_name: firmOf.get(f.invstId)?.name ?? f.name,
    count: f.n,
    com: (casesOf.get(f.invstId) ?? []).sort((a, b) => a.k - b.k).map(({ com_id, com_name }) => ({ com_id, com_name })),
  }));
}
