/**
 * Matches of a saved search: the rows of its list (under its query, within the pages a plain user
 * may see) that are new or changed since a time. Which rows changed comes from the change log
 * (watch_changes, written by triggers on the listed tables); a search whose source logged nothing
 * since then is answered from one index read, without running its list.
 */
import { and, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { AREAS, WATCH_MAX_PAGES, type AreaAdapter, type WatchSource } from './areas';
import type { WatchArea } from './constants';
import { parsedQuery, type SavedSearch } from './searches';
import { watchChanges } from './tables';

/** Changed rows one run looks for at most; a source changing more than this in a window is read up to it, newest first. */
export const CHANGED_ROWS_MAX = 5000;

/** Row ids of `source` logged after `since` (newest change first), at most CHANGED_ROWS_MAX. */
export async function changedSince(db: Db, source: WatchSource, since: number): Promise<number[]> {
  const rows = await db
    .select({ id: watchChanges.rowId, at: max(watchChanges.changedAt) })
    .from(watchChanges)
    .where(and(eq(watchChanges.source, source), gt(watchChanges.changedAt, since)))
    .groupBy(watchChanges.rowId)
    .orderBy(desc(max(watchChanges.changedAt)))
    .limit(CHANGED_ROWS_MAX);
  return rows.map((r) => r.id);
}

/** Whether `source` logged anything after `since` (one index probe). */
export async function anyChangeSince(db: Db, source: WatchSource, since: number): Promise<boolean> {
  const r = await db
    .select({ one: sql<number>`1` })
    .from(watchChanges)
    .where(and(eq(watchChanges.source, source), gt(watchChanges.changedAt, since)))
    .limit(1);
  return r.length > 0;
}

/** The last logged change of each row (for a feed entry's `updated`). */
export async function lastChanges(db: Db, source: WatchSource, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: watchChanges.rowId, at: max(watchChanges.changedAt) })
      .from(watchChanges)
      .where(and(eq(watchChanges.source, source), inArray(watchChanges.rowId, ids.slice(i, i + 90))))
      .groupBy(watchChanges.rowId);
    for (const r of rows) out.set(r.id, r.at ?? 0);
  }
  return out;
}

export interface Matches {
  adapter: AreaAdapter;
  rows: object[];
}

/**
 * The search's rows new or changed after `since`, in the list's order and row shape; `since` 0 gives
 * the list's first page (what a new feed or a new search starts with).
 */
export async function matchesSince(db: Db, s: Pick<SavedSearch, 'area' | 'query'>, since: number, changed?: Set<number>): Promise<Matches> {
  const adapter = AREAS[s.area as WatchArea];
  const q = parsedQuery(s);
  if (since <= 0) return { adapter, rows: (await adapter.page(db, q, 1)).info };
  const wanted = changed ?? new Set(await changedSince(db, adapter.source, since));
  const rows: object[] = [];
  if (!wanted.size) return { adapter, rows };
  for (let page = 1; page <= WATCH_MAX_PAGES; page++) {
    const r = await adapter.page(db, q, page);
    for (const row of r.info) if (wanted.has(adapter.id(row))) rows.push(row);
    if (page * adapter.perPage >= r.total || r.info.length < adapter.perPage || rows.length >= wanted.size) break;
  }
  return { adapter, rows };
}

/** How many matches since `since` (the watchlist's "new" count); 0 from one probe when the source is quiet. */
export async function newMatchCount(db: Db, s: Pick<SavedSearch, 'area' | 'query'>, since: number): Promise<number> {
  if (!(await anyChangeSince(db, AREAS[s.area as WatchArea].source, since))) return 0;
  return (await matchesSince(db, s, since)).rows.length;
}
