/**
 * The top tabs (FA TOP20, IPO, 千里马, 独角兽) and the broker reports of /health.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { brokerReports, companies, investEvents, investFirms, medicalIpos, rounds } from '../db';
import type { Db } from '../env';
import { FA_TOP, IPO_PLATFORMS, UNDISCLOSED } from './constants';
import { pageOf, windowed } from './info';
import { countOf, countQuery } from './kept';
import { LIST, pageIds } from './pages';
import { perId } from '../lib/perId';

export async function listBrokerReports(db: Db, page: number) {
  const total = countOf(await countQuery(db, 'broker'));
  const ids = await pageIds(db, { list: LIST.broker, page, total });
  const rows = await perId(db, 'medical.brokerReports', ids, (id) =>
    db.select({ id: brokerReports.id, name: brokerReports.name, title: brokerReports.title, url: brokerReports.url, time: brokerReports.time }).from(brokerReports).where(eq(brokerReports.id, id)),
  );
  return pageOf(rows, total, page);
}

/** `n` distinct positions drawn uniformly from 1..size (all of them when size <= n). */
export function samplePositions(size: number, n: number, random: () => number = Math.random): number[] {
  if (size <= n) return Array.from({ length: size }, (_, i) => i + 1);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(1 + Math.floor(random() * size));
  return [...picked];
}

/**
 * FA institutions TOP20 (fa_rand): FA_TOP financial-advisor firms (is_fa) drawn at random without
 * repeats, a new draw on every request, shown by the healthcare events they took part in, then by
 * all their events. The draw picks positions in medical_fa_positions, where triggers keep every FA
 * firm at a dense position 1..N, so it reads the 20 it shows instead of every FA firm. Both counts
 * are kept rows (medical_firm_counts of the area, firm_event_counts). One page; page 2+ is empty.
 * (Raw SQL: the kept tables are outside drizzle's schema.)
 */
export async function faTop(db: Db, page: number) {
  if (page > 1) return pageOf([], 0, page, FA_TOP);
  const [last] = await db.all<{ n: number | null }>(sql`SELECT max(pos) AS n FROM medical_fa_positions`);
  const positions = samplePositions(Number(last?.n ?? 0), FA_TOP);
  if (positions.length === 0) return pageOf([], 0, page, FA_TOP);
  const rows = await db.all<{ id: number; logo: string; name: string; fa_total: number; medical_fa_total: number }>(sql`
    SELECT f.id, f.logo, f.name,
      coalesce((SELECT c.n FROM firm_event_counts c WHERE c.invst_id = f.id), 0) AS fa_total,
      coalesce((SELECT sum(m.n) FROM medical_firm_counts m WHERE m.tag_id = 0 AND m.invst_id = f.id), 0) AS medical_fa_total
    FROM medical_fa_positions p JOIN ${investFirms} f ON f.id = p.invst_id
    WHERE p.pos IN (${sql.join(positions.map((x) => sql`${x}`), sql`, `)})
    ORDER BY medical_fa_total DESC, fa_total DESC, f.id`);
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
  const ids = await pageIds(db, { list: band === 'horse' ? LIST.horse : LIST.unicorn, page, total });
  const rows = await perId(db, 'medical.topCompanies', ids, (id) =>
    db.select({ id: companies.id, logo: companies.logo, name: companies.name, valuation: companies.valuation }).from(companies).where(eq(companies.id, id)),
  );
  const latest = await latestEvents(db, rows.map((r) => r.id));
  return pageOf(rows.map((r) => ({ ...r, event: latest.get(r.id) ?? null })), total, page);
}

/** Each company's latest financing event (one index seek per company on invest_events_com_idx). */
async function latestEvents(db: Db, comIds: number[]) {
  const out = new Map<number, { time: number; round: string; money: number; guess_money: string }>();
  const rows = await perId(db, 'medical.latestEvents', comIds, (comId) =>
    db
      .select({ comId: investEvents.comId, time: investEvents.date, round: rounds.name, money: investEvents.money, guess_money: investEvents.guessMoney })
      .from(investEvents)
      .leftJoin(rounds, eq(rounds.id, investEvents.roundId))
      .where(eq(investEvents.comId, comId))
      .orderBy(desc(investEvents.date), desc(investEvents.id))
      .limit(1),
  );
  for (const r of rows) out.set(r.comId, { time: r.time, round: r.round ?? '未知轮次', money: r.money, guess_money: r.guess_money });
  return out;
}
