/**
 * The healthcare lists in list order, kept by triggers (migration *_medical_list_pages):
 * medical_list_items holds one row per item of each list (area or tag), keyed so the list's order
 * (k DESC, item_id DESC) is its primary key read backwards; medical_list_levels counts the items per
 * bucket of k at a few widths (for a date: its decade, year, month, ten days, day). A page near either end is an index
 * seek with a short OFFSET; a deep page walks the kept buckets to the k it starts at and skips only
 * that k's earlier items, so every page reads about what the first does.
 * (Raw SQL: the tables are the area's own, kept by hand-written triggers outside drizzle's schema.)
 * tests/worker/medical/pages.test.ts compares every list with the straightforward query.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../env';
import { pageWindow } from '../lib/pagination';
import { MEDICAL_PAGE_SIZE } from './constants';

/** List codes of medical_list_items (see the migration). */
export const LIST = { event: 1, news: 2, policy: 3, broker: 4, money: 5, born: 6, invse: 7, horse: 8, unicorn: 9, firm: 10 } as const;
export type ListCode = (typeof LIST)[keyof typeof LIST];

/** The kept list of a block sort (排序方式 1 total funding, 2 founding time, 3 latest funding). */
export const COMPANY_LIST = { 1: LIST.money, 2: LIST.born, 3: LIST.invse } as const;

/** Up to this many rows to skip, a page seeks directly; deeper, it starts from the kept buckets. */
const SKIP_DIRECTLY = 40;
const DATE_WIDTHS = [100_000, 10_000, 1_000, 100, 10, 1];
const MONEY_WIDTHS = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1];
/**
 * The bucket widths of each list's levels 1, 2, ... (medical_list_widths, which the migration fills
 * with these numbers; pages.test.ts checks they agree): a level's bucket is k / width * width, and
 * each splits a bucket of the level above into at most about ten.
 */
export const LIST_WIDTHS: Record<ListCode, readonly number[]> = {
  [LIST.event]: DATE_WIDTHS,
  [LIST.news]: DATE_WIDTHS,
  [LIST.policy]: DATE_WIDTHS,
  [LIST.broker]: DATE_WIDTHS,
  [LIST.invse]: DATE_WIDTHS,
  [LIST.born]: [1_000, 100, 10, 1],
  [LIST.money]: MONEY_WIDTHS,
  [LIST.horse]: MONEY_WIDTHS,
  [LIST.unicorn]: MONEY_WIDTHS,
  [LIST.firm]: [1e10, 1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1],
};

/** The firm ranking's key: most healthcare events first, then the lower firm id (ids stay below 10^7). */
export const FIRM_KEY_SPAN = 10_000_000;
export const firmEvents = (k: number) => Math.floor(k / FIRM_KEY_SPAN);

/**
 * The k a page starts at and how many of that k's items (in the read direction) come before it:
 * the list's level-1 buckets, then the level-2 buckets inside the one the offset falls in, and so
 * on down to width 1 (k itself). Null when the counts do not place it (keys below 0, which no list has).
 */
async function startKey(db: Db, list: ListCode, tagId: number, reverse: boolean, offset: number): Promise<{ k: number; skip: number } | null> {
  let rest = offset;
  let [lo, hi] = [0, Number.MAX_SAFE_INTEGER];
  for (const [i, width] of LIST_WIDTHS[list].entries()) {
    const level = i + 1;
    const buckets = await db.all<{ bucket: number; n: number }>(sql`
      SELECT bucket, n FROM medical_list_levels
      WHERE list = ${list} AND tag_id = ${tagId} AND level = ${level} AND bucket BETWEEN ${lo} AND ${hi}
      ORDER BY bucket ${sql.raw(reverse ? 'ASC' : 'DESC')}`);
    const hit = buckets.find((b) => {
      if (rest < b.n) return true;
      rest -= Math.max(0, b.n);
      return false;
    });
    if (!hit) return null;
    [lo, hi] = [hit.bucket, hit.bucket + width - 1];
  }
  return { k: lo, skip: rest };
}

/**
 * Item ids of one page of a kept list whose total is known, in list order (newest / largest first,
 * the higher id first on a tie), `perPage` rows a page.
 */
export async function pageIds(db: Db, p: PageParams): Promise<number[]> {
  return (await pageItems(db, p)).map((r) => r.id);
}

type PageParams = { list: ListCode; tagId?: number; page: number; total: number; perPage?: number };

/** The same page as pageIds, with each item's key k. */
export async function pageItems(db: Db, p: PageParams): Promise<{ id: number; k: number }[]> {
  const tagId = p.tagId ?? 0;
  const w = pageWindow(p.page, p.perPage ?? MEDICAL_PAGE_SIZE, p.total);
  if (w.limit === 0) return [];
  const dir = sql.raw(w.reverse ? 'ASC' : 'DESC');
  const start = w.offset > SKIP_DIRECTLY ? await startKey(db, p.list, tagId, w.reverse, w.offset) : null;
  const from = start ? (w.reverse ? sql`AND k >= ${start.k}` : sql`AND k <= ${start.k}`) : sql``;
  const rows = await db.all<{ id: number; k: number }>(sql`
    SELECT item_id AS id, k FROM medical_list_items
    WHERE list = ${p.list} AND tag_id = ${tagId} ${from}
    ORDER BY k ${dir}, item_id ${dir}
    LIMIT ${w.limit} OFFSET ${start ? start.skip : w.offset}`);
  return w.reverse ? rows.reverse() : rows;
}
