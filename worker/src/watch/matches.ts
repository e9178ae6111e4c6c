/**
 * Matches of a saved search: the rows of its list (under its query, within the pages a plain user
 * may see) that are new or changed since a time. Which rows changed comes from the change log
 * (watch_changes, written by triggers on the listed tables); a search whose source logged nothing
 * since then is answered from one index read, without running its list.
 */
import { and, desc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { AREAS, WATCH_MAX_PAGES, type AreaAdapter, type Prefilter, type WatchSource } from './areas';
import { listUrlOf, WATCH_AREA_NAMES, type WatchArea } from './constants';
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

// --- many searches at once: the digest, the webhooks and the watchlist's counts ---

/** Items per search in one alert (the e-mail lists these; the rest are a link away). */
export const WATCH_ITEMS_PER_SEARCH = 20;

export interface WatchItem {
  source: WatchSource;
  id: number;
  /** When the row last changed (the change log's time): with source and id, what makes an alert unique. */
  changedAt: number;
  title: string;
  summary: string;
  path: string;
}

export interface WatchSection {
  searchId: number;
  name: string;
  areaName: string;
  listUrl: string;
  items: WatchItem[];
  /** All its new matches (items holds the first WATCH_ITEMS_PER_SEARCH). */
  total: number;
}

/** Each logged row of `source` in (since, until] with its last change, at most CHANGED_ROWS_MAX (newest first). */
export async function changesBetween(db: Db, source: WatchSource, since: number, until: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: watchChanges.rowId, at: max(watchChanges.changedAt) })
    .from(watchChanges)
    .where(and(eq(watchChanges.source, source), gt(watchChanges.changedAt, since), lte(watchChanges.changedAt, until)))
    .groupBy(watchChanges.rowId)
    .orderBy(sql`2 desc`)
    .limit(CHANGED_ROWS_MAX);
  return new Map(rows.map((r) => [r.id, r.at ?? 0]));
}

/** The prefilter's columns of the changed rows (rows deleted since are absent), read once per source. */
async function changedAttributes(db: Db, p: Prefilter, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = (await db
      .select({ id: p.id, ...p.fields })
      .from(p.table)
      .where(inArray(p.id, ids.slice(i, i + 90)))) as ({ id: number } & Record<string, unknown>)[];
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** Whether a changed row may be in a search's list: it agrees with every equality filter the query sets. */
function mayMatch(p: Prefilter, q: Record<string, unknown>, row: Record<string, unknown> | undefined): boolean {
  if (!row) return false;
  return Object.keys(p.fields).every((k) => q[k] === undefined || q[k] === row[k]);
}

export interface MatchRun {
  /** Changed rows found in the change log (their filter columns are then read once from the source table). */
  changesRead: number;
  /** Distinct (list, query) pairs whose list was run. */
  listsRun: number;
  /** Each search's new matches, counted on its own (before the per-user merge). */
  counts: Map<number, number>;
  sections: Map<number, WatchSection[]>;
}

/**
 * The new matches of `searches` up to `until`; `markOf` is where each search's last run stopped (the
 * e-mail's mark, the webhooks', or the watchlist's last visit). Per source, the rows logged since the
 * earliest mark (one indexed range) and their equality-filter columns (one read); a source that
 * logged nothing costs one read and runs no list; searches with the same list and query run it once,
 * and only when a changed row newer than their mark fits their filters. Per user, a row found by
 * several searches stays only under the first (one alert).
 */
export async function matchSearches(db: Db, searches: SavedSearch[], until: number, markOf: (s: SavedSearch) => number = (s) => s.notifiedAt): Promise<MatchRun> {
  const run: MatchRun = { changesRead: 0, listsRun: 0, counts: new Map(), sections: new Map() };
  const bySource = new Map<WatchSource, SavedSearch[]>();
  for (const s of searches) {
    const src = AREAS[s.area as WatchArea].source;
    bySource.set(src, [...(bySource.get(src) ?? []), s]);
  }
  const found = new Map<number, WatchSection>();
  for (const [source, list] of bySource) {
    const since = Math.min(...list.map(markOf));
    const changes = await changesBetween(db, source, since, until);
    run.changesRead += changes.size;
    if (!changes.size) continue;
    const attrs = await changedAttributes(db, AREAS[list[0]!.area as WatchArea].prefilter, [...changes.keys()]);
    const groups = new Map<string, SavedSearch[]>();
    for (const s of list) groups.set(`${s.area}\n${s.query}`, [...(groups.get(`${s.area}\n${s.query}`) ?? []), s]);
    for (const group of groups.values()) {
      const groupSince = Math.min(...group.map(markOf));
      const { prefilter } = AREAS[group[0]!.area as WatchArea];
      const q = parsedQuery(group[0]!);
      const wanted = new Set(
        [...changes].filter(([id, at]) => at > groupSince && mayMatch(prefilter, q, attrs.get(id))).map(([id]) => id),
      );
      if (!wanted.size) continue;
      run.listsRun++;
      const { adapter, rows } = await matchesSince(db, group[0]!, groupSince, wanted);
      for (const s of group) {
        const mine = rows.filter((r) => (changes.get(adapter.id(r)) ?? 0) > markOf(s));
        if (!mine.length) continue;
        run.counts.set(s.id, mine.length);
        found.set(s.id, {
          searchId: s.id,
          name: s.name,
          areaName: WATCH_AREA_NAMES[s.area as WatchArea],
          listUrl: listUrlOf(s.area as WatchArea, JSON.parse(s.query) as Record<string, unknown>),
          items: mine.map((r) => ({ source, id: adapter.id(r), changedAt: changes.get(adapter.id(r)) ?? 0, ...adapter.entry(r) })),
          total: mine.length,
        });
      }
    }
  }
  // Per user, in the order the searches were saved; a row already alerted under an earlier search is dropped.
  const alerted = new Map<number, Set<string>>();
  for (const s of searches) {
    const section = found.get(s.id);
    if (!section) continue;
    const seen = alerted.get(s.userId) ?? new Set<string>();
    alerted.set(s.userId, seen);
    section.items = section.items.filter((i) => !seen.has(`${i.source}:${i.id}`));
    for (const i of section.items) seen.add(`${i.source}:${i.id}`);
    section.total = section.items.length;
    section.items = section.items.slice(0, WATCH_ITEMS_PER_SEARCH);
    if (section.items.length) run.sections.set(s.userId, [...(run.sections.get(s.userId) ?? []), section]);
  }
  return run;
}
