/**
 * The healthcare area's kept counts and statistics (migration *_medical_kept_counts): tables the
 * triggers keep equal to the straightforward COUNT / SUM in the same transaction as every write,
 * so a total, a banner number, the firm ranking or the trend chart is a few rows instead of a
 * pass over the events. tests/worker/medical/kept.test.ts compares each with its COUNT.
 * (Raw SQL: the tables are the area's own, kept by hand-written triggers outside drizzle's schema.)
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../env';

/** medical_counts dims (see the migration for what each counts). */
export type CountDim = 'com' | 'prov' | 'band' | 'tag_com' | 'policy' | 'news' | 'tag_news' | 'broker' | 'ipo' | 'firms';

/** One kept total; no row means nothing was ever counted (0). */
export const countQuery = (db: Db, dim: CountDim, key: string | number = '') =>
  db.all<{ n: number }>(sql`SELECT n FROM medical_counts WHERE dim = ${dim} AND key = ${String(key)}`);

export const countOf = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);

/** Every key of a dim with its count (provinces, bands). */
export const countsOf = (db: Db, dim: CountDim) => db.all<{ key: string; n: number }>(sql`SELECT key, n FROM medical_counts WHERE dim = ${dim} AND n > 0`);

/** The area's (tag 0) or a tag's events: count and money, of every date and round. */
export const eventTotalQuery = (db: Db, tagId = 0) =>
  db.all<{ n: number; money: number }>(sql`SELECT n, money FROM medical_trend WHERE tag_id = ${tagId} AND year = 0 AND month = 0 AND round_id = 0`);

/**
 * Trend buckets: without a year one row per year (month 0) from `fromYear` to `toYear`; with a
 * year its months. round 0 = every round. Both are exact seeks of the key (tag_id, round_id, month, year).
 */
export function trendRows(db: Db, p: { tagId: number; roundId: number; year?: number; fromYear: number; toYear: number }) {
  return p.year === undefined
    ? db.all<{ k: number; n: number; money: number }>(
        sql`SELECT year AS k, n, money FROM medical_trend WHERE tag_id = ${p.tagId} AND round_id = ${p.roundId} AND month = 0 AND year BETWEEN ${p.fromYear} AND ${p.toYear}`,
      )
    : db.all<{ k: number; n: number; money: number }>(
        sql`SELECT month AS k, n, money FROM medical_trend WHERE tag_id = ${p.tagId} AND round_id = ${p.roundId} AND month IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) AND year = ${p.year}`,
      );
}

/** Event counts per year (month 0) or per month of some years, all rounds, of the area or a tag. */
export const yearCounts = (db: Db, tagId: number) =>
  db.all<{ year: number; n: number }>(sql`SELECT year, n FROM medical_trend WHERE tag_id = ${tagId} AND round_id = 0 AND month = 0 AND year > 0 AND n > 0 ORDER BY year DESC`);

export const monthCounts = (db: Db, tagId: number, years: number[]) =>
  db.all<{ year: number; month: number; n: number }>(
    sql`SELECT year, month, n FROM medical_trend WHERE tag_id = ${tagId} AND round_id = 0 AND month IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) AND year IN (${sql.join(
      years.map((y) => sql`${y}`),
      sql`, `,
    )}) AND n > 0 ORDER BY year DESC, month DESC`,
  );

/**
 * Where rows [offset, offset + limit) of a newest-first event list sit, from the kept per-year and
 * per-month counts: the date range of the months they fall in (yyyymmdd, inclusive), how many
 * events of the list are newer than that range (`before`) and how many it holds. A page then
 * reads inside one or two months instead of stepping over every newer event. Null when the counts
 * cannot place it (events without a date, or months that do not add up to their year).
 */
export async function eventSpan(db: Db, tagId: number, offset: number, limit: number) {
  const years = await yearCounts(db, tagId);
  const place = (pos: number, rows: { n: number }[]) => {
    let before = 0;
    for (let i = 0; i < rows.length; i++) {
      if (pos < before + Number(rows[i].n)) return { i, before };
      before += Number(rows[i].n);
    }
    return null;
  };
  const first = place(offset, years);
  const last = place(offset + limit - 1, years);
  if (!first || !last) return null;
  const ys = [...new Set([years[first.i].year, years[last.i].year])];
  const months = await monthCounts(db, tagId, ys);
  for (const y of ys) {
    const sum = months.filter((m) => m.year === y).reduce((s, m) => s + Number(m.n), 0);
    if (sum !== Number(years.find((r) => r.year === y)!.n)) return null;
  }
  const startInYear = (pos: number, at: { i: number; before: number }) => {
    const inYear = months.filter((m) => m.year === years[at.i].year);
    const p = place(pos - at.before, inYear);
    return p && { ...inYear[p.i], before: at.before + p.before };
  };
  const a = startInYear(offset, first);
  const b = startInYear(offset + limit - 1, last);
  if (!a || !b) return null;
  return {
    from: b.year * 10000 + b.month * 100,
    to: a.year * 10000 + a.month * 100 + 99,
    before: a.before,
    count: b.before + Number(b.n) - a.before,
  };
}
