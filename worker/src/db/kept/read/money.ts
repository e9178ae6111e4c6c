/**
 * Pages of a list ordered by total funding (万元, largest first) from kept bucket counts
 * (entity_money_counts, kept by triggers; migration *_entity_money_counts): a page near either end
 * is read straight off the list's index (the far half from the smallest end, pageWindow); a deep
 * page walks the kept buckets to the amount and id its first row has (startDay, a few dozen kept
 * rows) and seeks there, so a middle page reads about what the first does however long the list is.
 *
 * Each row has a sort key that orders the list (largest key first): the amount's code, then the id
 * (ties on the amount: the lower id first, or the higher). The code of an amount m > 0 is
 * digits(m) * 10^8 + m padded with zeros to 8 digits, so the key's leading digits are the amount's
 * magnitude and significant digits: the kept levels (MONEY_WIDTHS) split the log-normal amounts
 * into buckets of similar size where powers of ten of the amount itself would not.
 */
import type { Db } from '../../../env';
import { MONEY_WIDTHS } from '../closure.ts';
import { ID_SPAN } from '../shape.ts';
import { levelTotal, startDay, type KeptLevels } from './levels.ts';
import { pageWindow, type Window } from './window.ts';

// The widths the declarations count by (db/kept/closure.ts), walked here.
export { MONEY_WIDTHS };

const CODE_DIGITS = 8;
const CODE_SPAN = 10 ** CODE_DIGITS;

/** The kept bucket rows of a level are read this many at a time (seven levels, some wide), stopping at the bucket the offset falls in. */
const CHUNK = 4;

/** How a list orders rows with the same amount. */
export type Ties = 'lowerIdFirst' | 'higherIdFirst';

/** The list kept under `k` in entity_money_counts. */
export const moneyList = (k: string): KeptLevels => ({ table: 'entity_money_counts', key: { k }, widths: MONEY_WIDTHS, chunks: MONEY_WIDTHS.map(() => CHUNK) });

/** The code of an amount (order-preserving), null for one the keys cannot hold (not an integer in 0..10^8-1). */
export function moneyCode(money: number): number | null {
  if (!Number.isInteger(money) || money < 0 || money >= CODE_SPAN) return null;
  if (money === 0) return 0;
  const digits = String(money).length;
  return digits * CODE_SPAN + money * 10 ** (CODE_DIGITS - digits);
}

/** A row's sort key (the triggers' formula), null when it has none (its list then pages by OFFSET). */
export function sortKey(money: number, id: number, ties: Ties): number | null {
  const code = moneyCode(money);
  if (code === null || !Number.isInteger(id) || id < 0 || id >= ID_SPAN) return null;
  return code * ID_SPAN + (ties === 'lowerIdFirst' ? ID_SPAN - 1 - id : id);
}

/** The amount and id a sort key stands for. */
export function keyRow(key: number, ties: Ties): { money: number; id: number } {
  const code = Math.floor(key / ID_SPAN);
  const low = key % ID_SPAN;
  const digits = Math.floor(code / CODE_SPAN);
  const money = code === 0 ? 0 : (code % CODE_SPAN) / 10 ** (CODE_DIGITS - digits);
  return { money, id: ties === 'lowerIdFirst' ? ID_SPAN - 1 - low : low };
}

/** Up to this many rows to skip, a page is read straight off the list's index (cheaper than the walk). */
const SKIP_DIRECTLY = 40;

/** Which rows to read: `limit` rows after skipping `offset` in list order (or reversed), from `from` on when set. */
export interface MoneyRead extends Window {
  /** Start at this amount and id: the rows at or after it in read order (list order, or reversed). */
  from?: { money: number; id: number };
}

/**
 * Where page `page` of the list kept under `key`, whose row count is `total`, starts: the read that
 * gives its rows (null past the end); the caller puts a reversed read's rows in list order
 * (inListOrder). The walk is used only while the kept count of rows with a key equals `total` (a row
 * with an amount the keys cannot hold, or a write between the reads, falls back to the plain OFFSET).
 */
export async function moneyStart(db: Db, key: string, ties: Ties, page: number, perPage: number, total: number): Promise<MoneyRead | null> {
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return null;
  if (w.offset <= SKIP_DIRECTLY) return w;
  const list = moneyList(key);
  // The kept count is checked alongside the walk (one round trip fewer); the walk counts only when it matches.
  const [kept, walk] = await Promise.all([levelTotal(db, list), startDay(db, list, w.reverse, w.offset, total)]);
  if (kept[0]?.n !== total || !walk) return w;
  // The walk ends on a bucket of the last level: a read in list order starts at its largest key, a reversed one at its smallest.
  const edge = w.reverse ? walk.day : walk.day + MONEY_WIDTHS[MONEY_WIDTHS.length - 1] - 1;
  return { ...w, offset: walk.skip, from: keyRow(edge, ties) };
}
