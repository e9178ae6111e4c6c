/**
 * The top tabs (FA TOP20, IPO, 千里马, 独角兽) and the broker reports of /health.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { brokerReports, companies, investEvents, investFirms, medicalIpos, rounds } from '../db';
import type { Db } from '../env';
import { FA_TOP, IPO_PLATFORMS, UNDISCLOSED } from './constants';
import { pageOf, windowed } from './info';
import { countOf, countQuery } from './kept';
import { valuationBand } from './select';

export async function listBrokerReports(db: Db, page: number) {
  const total = countOf(await countQuery(db, 'broker'));
  const rows = await windowed(total, page, (w) =>
    db
      .select({ id: brokerReports.id, name: brokerReports.name, title: brokerReports.title, url: brokerReports.url, time: brokerReports.time })
      .from(brokerReports)
      .orderBy(...(w.reverse ? [asc(brokerReports.time), asc(brokerReports.id)] : [desc(brokerReports.time), desc(brokerReports.id)]))
      .limit(w.limit)
      .offset(w.offset),
  );
  return pageOf(rows, total, page);
}

/**
 * FA institutions TOP20: financial-advisor firms (is_fa) by the healthcare events they took part in,
 * then by all their events. One page of FA_TOP; page 2+ is empty. Both counts are kept rows
 * (medical_firm_counts of the area, firm_event_counts), a few per FA firm.
 * (Raw SQL: correlated reads of the kept tables.)
 */
export async function faTop(db: Db, page: number) {
  if (page > 1) return pageOf([], 0, page, FA_TOP);
  const rows = await db.all<{ id: number; logo: string; name: string; fa_total: number; medical_fa_total: number }>(sql`
    SELECT f.id, f.logo, f.name,
      coalesce((SELECT c.n FROM firm_event_counts c WHERE c.invst_id = f.id), 0) AS fa_total,
      coalesce((SELECT sum(m.n) FROM medical_firm_counts m WHERE m.tag_id = 0 AND m.invst_id = f.id), 0) AS medical_fa_total
    FROM ${investFirms} f
    WHERE f.is_fa = 1
    ORDER BY medical_fa_total DESC, fa_total DESC, f.id
    LIMIT ${FA_TOP}`);
  return pageOf(rows, rows.length, page, FA_TOP);
}

/** Healthcare IPOs, largest raise first. */
export async function ipoRank(db: Db, page: number) {
  const total = countOf(await countQuery(db, 'ipo'));
  const rows = await windowed(total, page, (w) =>
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
      .orderBy(...(w.reverse ? [asc(medicalIpos.money), asc(medicalIpos.id)] : [desc(medicalIpos.money), desc(medicalIpos.id)]))
      .limit(w.limit)
      .offset(w.offset),
  );
  const data = rows.map((r) => ({
    ...r,
    logo: r.logo ?? '',
    name: r.name ?? '',
    ipo_platform_name: IPO_PLATFORMS[r.ipo_platform] ?? IPO_PLATFORMS[IPO_PLATFORMS.length - 1],
    valuation_text: r.valuation.trim() === '-' || r.valuation.trim() === '' ? UNDISCLOSED : r.valuation,
  }));
  return pageOf(data, total, page);
}

/** 千里马 or 独角兽: healthcare companies in the valuation band, most valuable first, with their latest round. */
export async function valuedCompanies(db: Db, band: 'horse' | 'unicorn', page: number) {
  const total = countOf(await countQuery(db, 'band', band));
  const rows = await windowed(total, page, (w) =>
    db
      .select({ id: companies.id, logo: companies.logo, name: companies.name, valuation: companies.valuation })
      .from(companies)
      .where(valuationBand(band))
      .orderBy(...(w.reverse ? [asc(companies.valuation), asc(companies.id)] : [desc(companies.valuation), desc(companies.id)]))
      .limit(w.limit)
      .offset(w.offset),
  );
  const latest = await latestEvents(db, rows.map((r) => r.id));
  return pageOf(rows.map((r) => ({ ...r, event: latest.get(r.id) ?? null })), total, page);
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
