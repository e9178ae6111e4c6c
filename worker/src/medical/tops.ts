/**
 * The top tabs (FA TOP20, IPO, 千里马, 独角兽) and the broker reports of /health.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { brokerReports, companies, investEvents, investFirms, medicalIpos, rounds } from '../db';
import { DEALS_SPAN, FA_FLAG } from '../db/kept/medical.ts';
import type { Db } from '../env';
import { FA_TOP, IPO_PLATFORMS } from './constants';
import { pageOf, windowed } from './info';
import { countOf, countQuery } from './kept';
import { countTotal, LIST, listPage } from './pages';
import { amountText } from '#shared/amounts';
import { perId } from '../lib/per-id';

const reportColumns = { id: brokerReports.id, name: brokerReports.name, title: brokerReports.title, url: brokerReports.url, time: brokerReports.time };

export async function listBrokerReports(db: Db, page: number) {
  const { total, rows, items } = await listPage(
    db,
    { key: 'medical.page.broker', list: LIST.broker, page, total: countTotal('broker') },
    (p) => db.select({ ...reportColumns, _id: p.id, _k: p.k }).from(p).innerJoin(brokerReports, eq(brokerReports.id, p.id)),
  );
  return pageOf(rows ?? (await perId(db, 'medical.brokerReports', items.map((i) => i.id), (id) => db.select(reportColumns).from(brokerReports).where(eq(brokerReports.id, id)))), total, page);
}

/**
 * FA institutions TOP20 (type fa_rand): the FA_TOP financial-advisor firms (is_fa) with the most
 * healthcare deals, ties by all their deals, then by id, so every call shows the same ranking.
 * medical_fa_ranks keeps one packed number per firm (db/kept/medical.ts) whose order is this one,
 * FA firms above every other, so the ranking is the first FA_TOP rows of its index and the names
 * of the firms shown. One page; page 2+ is empty.
 * (Raw SQL: the kept table is outside drizzle's schema.)
 */
export async function faTop(db: Db, page: number) {
  if (page > 1) return pageOf([], 0, page, FA_TOP);
  const ranked = await db.all<{ id: number; logo: string; name: string; n: number }>(sql`
    SELECT f.id, f.logo, f.name, r.n
    FROM (SELECT invst_id, n FROM medical_fa_ranks WHERE n >= ${FA_FLAG} ORDER BY n DESC, invst_id LIMIT ${FA_TOP}) r
    JOIN ${investFirms} f ON f.id = r.invst_id
    ORDER BY r.n DESC, r.invst_id`);
  const rows = ranked.map(({ n, ...f }) => ({ ...f, fa_total: n % DEALS_SPAN, medical_fa_total: Math.floor((n - FA_FLAG) / DEALS_SPAN) }));
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
    valuation_text: amountText(r.valuation),
  }));
  return pageOf(data, total, page);
}

/**
 * A company's latest financing event as JSON [date, round name, money, guess_money] (one seek on
 * invest_events_com_idx), or null. The company's id is written out in full: drizzle leaves the
 * table name off the columns of a one-table select, and the subquery's own tables have an id too.
 */
const latestEvent = sql<string | null>`(SELECT json_array(e.date, r.name, e.money, e.guess_money) FROM ${investEvents} e LEFT JOIN ${rounds} r ON r.id = e.round_id
  WHERE e.com_id = ${sql.identifier('companies')}.${sql.identifier('id')} ORDER BY e.date DESC, e.id DESC LIMIT 1)`;

const valuedColumns = { id: companies.id, logo: companies.logo, name: companies.name, valuation: companies.valuation, latest: latestEvent };

const eventOf = (latest: string | null) => {
  if (latest === null) return null;
  const [time, round, money, guess_money] = JSON.parse(latest) as [number, string | null, number, string];
  return { time, round: round ?? '未知轮次', money, guess_money };
};

/** 千里马 or 独角兽: healthcare companies in the valuation band, most valuable first, with their latest round. */
export async function valuedCompanies(db: Db, band: 'horse' | 'unicorn', page: number) {
  const found = await listPage(
    db,
    { key: 'medical.page.valued', list: band === 'horse' ? LIST.horse : LIST.unicorn, page, total: countTotal('band', band) },
    (p) => db.select({ ...valuedColumns, _id: p.id, _k: p.k }).from(p).innerJoin(companies, eq(companies.id, p.id)),
  );
  const { total, items } = found;
  const rows = found.rows ?? (await perId(db, 'medical.valued', items.map((i) => i.id), (id) => db.select(valuedColumns).from(companies).where(eq(companies.id, id))));
  return pageOf(rows.map(({ latest, ...r }) => ({ ...r, event: eventOf(latest) })), total, page);
}
