/**
 * The top tabs (FA TOP20, IPO, 千里马, 独角兽) and the broker reports of /health.
 */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { brokerReports, companies, investEvents, investFirms, medicalIpos, rounds } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../lib/pagination';
import { FA_TOP, IPO_PLATFORMS, MEDICAL_PAGE_SIZE, MEDICAL_SCOPE, UNDISCLOSED } from './constants';
import { pageOf } from './info';
import { valuationBand } from './select';

export async function listBrokerReports(db: Db, page: number) {
  const [rows, total] = await db.batch([
    db
      .select({ id: brokerReports.id, name: brokerReports.name, title: brokerReports.title, url: brokerReports.url, time: brokerReports.time })
      .from(brokerReports)
      .orderBy(desc(brokerReports.time), desc(brokerReports.id))
      .limit(MEDICAL_PAGE_SIZE)
      .offset(offsetOf(page, MEDICAL_PAGE_SIZE)),
    db.select({ n: count() }).from(brokerReports),
  ]);
  return pageOf(rows, total[0]?.n ?? 0, page);
}

/**
 * FA institutions TOP20: financial-advisor firms (is_fa) by the healthcare events they took part in,
 * then by all their events. One page of FA_TOP; page 2+ is empty.
 * (Raw SQL: correlated counts per firm, each answered by iei_invst_idx.)
 */
export async function faTop(db: Db, page: number) {
  if (page > 1) return pageOf([], 0, page, FA_TOP);
  const rows = await db.all<{ id: number; logo: string; name: string; fa_total: number; medical_fa_total: number }>(sql`
    SELECT f.id, f.logo, f.name,
      (SELECT count(*) FROM invest_event_investors i WHERE i.invst_id = f.id) AS fa_total,
      (SELECT count(*) FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id
        WHERE i.invst_id = f.id AND e.scope = ${MEDICAL_SCOPE}) AS medical_fa_total
    FROM ${investFirms} f
    WHERE f.is_fa = 1
    ORDER BY medical_fa_total DESC, fa_total DESC, f.id
    LIMIT ${FA_TOP}`);
  return pageOf(rows, rows.length, page, FA_TOP);
}

/** Healthcare IPOs, largest raise first. */
export async function ipoRank(db: Db, page: number) {
  const [rows, total] = await db.batch([
    db
      .select({
        com_id: medicalIpos.comId,
        logo: companies.logo,
        name: companies.name,
        ipo_platform: medicalIpos.ipoPlatform,
        time: medicalIpos.time,
        money: medicalIpos.money,
        valuation: medicalIpos.valuation,
      })
      .from(medicalIpos)
      .leftJoin(companies, eq(companies.id, medicalIpos.comId))
      .orderBy(desc(medicalIpos.money), desc(medicalIpos.id))
      .limit(MEDICAL_PAGE_SIZE)
      .offset(offsetOf(page, MEDICAL_PAGE_SIZE)),
    db.select({ n: count() }).from(medicalIpos),
  ]);
  const data = rows.map((r) => ({
    ...r,
    logo: r.logo ?? '',
    name: r.name ?? '',
    ipo_platform_name: IPO_PLATFORMS[r.ipo_platform] ?? IPO_PLATFORMS[IPO_PLATFORMS.length - 1],
    valuation_text: r.valuation.trim() === '-' || r.valuation.trim() === '' ? UNDISCLOSED : r.valuation,
  }));
  return pageOf(data, total[0]?.n ?? 0, page);
}

/** 千里马 or 独角兽: healthcare companies in the valuation band, most valuable first, with their latest round. */
export async function valuedCompanies(db: Db, band: 'horse' | 'unicorn', page: number) {
  const where = valuationBand(band);
  const [rows, total] = await db.batch([
    db
      .select({ id: companies.id, logo: companies.logo, name: companies.name, valuation: companies.valuation })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.valuation), desc(companies.id))
      .limit(MEDICAL_PAGE_SIZE)
      .offset(offsetOf(page, MEDICAL_PAGE_SIZE)),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  const latest = await latestEvents(db, rows.map((r) => r.id));
  return pageOf(rows.map((r) => ({ ...r, event: latest.get(r.id) ?? null })), total[0]?.n ?? 0, page);
}

/** Each company's latest financing event (one index seek per company on invest_events_com_idx). */
async function latestEvents(db: Db, comIds: number[]) {
  const out = new Map<number, { time: number; round: string; money: number; guess_money: string }>();
  if (comIds.length === 0) return out;
  const rows = await db
    .select({ comId: investEvents.comId, time: investEvents.date, round: rounds.name, money: investEvents.money, guess_money: investEvents.guessMoney })
    .from(investEvents)
    .leftJoin(rounds, eq(rounds.id, investEvents.roundId))
    .where(
      inArray(
        investEvents.id,
        sql`(SELECT (SELECT e.id FROM invest_events e WHERE e.com_id = c.value ORDER BY e.date DESC, e.id DESC LIMIT 1) FROM json_each(${JSON.stringify(comIds)}) c)`,
      ),
    );
  for (const r of rows) out.set(r.comId, { time: r.time, round: r.round ?? '未知轮次', money: r.money, guess_money: r.guess_money });
  return out;
}
