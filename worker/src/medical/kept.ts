/**
 * The healthcare area's kept counts and statistics (migration *_medical_kept_counts): tables the
 * triggers keep equal to the straightforward COUNT / SUM in the same transaction as every write,
 * so a total, a banner number, the firm ranking or the trend chart is a few rows instead of a
 * pass over the events. tests/worker/medical/kept.test.ts compares each with its COUNT.
 * (Raw SQL: the tables are the area's own, kept by hand-written triggers outside drizzle's schema.)
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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

/** The same total as a scalar subquery of the tag bound as `tag` (lib/shaped.ts placeholders). */
export const eventTotalSql = (tag: SQL | Placeholder) => sql`(SELECT n FROM medical_trend WHERE tag_id = ${tag} AND year = 0 AND month = 0 AND round_id = 0)`;

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
