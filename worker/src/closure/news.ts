/**
 * Closed-company news (news.is_closure = 1), 20 per page, newest first: filters by industry
 * (given by name), region (a province, or '海外' for news outside mainland China), year (the
 * current year down to 2012, or '2012以前') and company name.
 */
import { and, count, desc, eq, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { news, sectors } from '../db';
import { ID_SPAN } from '../db/kept/shape.ts';
import type { Db } from '../env';
import { dayStart, offsetOf, pageWindow, SKIP_DIRECTLY, totalOf, type DayBucket } from '../db/kept/read.ts';
import { newsDays } from '../entity/news';
import { ApiError } from '../lib/errors';
import { rawBatch } from '../lib/raw-batch';
import { ph, runShaped, shapedSql } from '../lib/shaped';
import { beijingDate, formatYmd } from '#shared/dates';
import { yearRange } from './format';
import { likeAnywhere } from '../lib/params';
import { FIRST_NEWS_YEAR, NEWS_BEFORE_2012 } from './constants';

export const OVERSEAS = '海外';

/**
 * A company-name total counted off the index (3+ characters, or with a year) is kept from this many
 * matches: a smaller count reads fewer rows than the rows budget of a page (3 x 20 + 100) allows.
 */
export const KEEP_TOTAL_FROM = 60;

export interface NewsParams {
  com_prov?: string;
  cat_id?: string;
  year?: string;
  keyword?: string;
  page: number;
  per_page: number;
}

export interface NewsItem {
  id: number;
  title: string;
  url: string;
  main_url: string;
  source: string;
  logo: string;
  com_id: number;
  com_name: string;
  cat_name: string;
  com_prov: string;
  time: string;
}

/** The year options: this year (Beijing time) down to 2012, then '2012以前'. */
export function newsYears(now = Date.now()): string[] {
  const years: string[] = [];
  for (let y = beijingDate(now).y; y >= FIRST_NEWS_YEAR; y--) years.push(String(y));
  return [...years, NEWS_BEFORE_2012];
}

function yearCondition(year: string): SQL {
  if (year === NEWS_BEFORE_2012) return lt(news.date, FIRST_NEWS_YEAR * 10000 + 101);
  if (!newsYears().includes(year)) throw new ApiError('BAD_REQUEST', `year：年份只能是 ${FIRST_NEWS_YEAR} 至今的年份或“${NEWS_BEFORE_2012}”`, { field: 'year' });
  const { from, to } = yearRange(Number(year));
  return sql`${news.date} BETWEEN ${from} AND ${to}`;
}

/**
 * The industry filter arrives as a sector name (a numeric id is accepted too); it covers the
 * sector and its sub-sectors. Resolved to ids first so the news query is one IN on its index.
 */
async function sectorIds(db: Db, nameOrId: string): Promise<number[]> {
  return (await sectorsOf(db, nameOrId)).map((s) => s.id);
}

/** The same, with the sectors' names (the news rows of an industry show them): the sector first, in one statement. */
async function sectorsOf(db: Db, nameOrId: string): Promise<{ id: number; name: string }[]> {
  const top = sql`(SELECT id FROM sectors WHERE ${/^\d+$/.test(nameOrId) ? sql`id = ${Number(nameOrId)}` : sql`name = ${nameOrId}`} ORDER BY parent_id LIMIT 1)`;
  const rows = await db.all<{ id: number; name: string; top: number }>(
    sql`SELECT id, name, id = ${top} AS top FROM sectors WHERE id = ${top} OR parent_id = ${top} ORDER BY top DESC, id`,
  );
  return rows.map(({ id, name }) => ({ id, name }));
}

const selectItems = (db: Db) =>
  db
    .select({
      id: news.id,
      title: news.title,
      url: news.url,
      mainUrl: news.mainUrl,
      source: news.source,
      logo: news.logo,
      comId: news.comId,
      comName: news.comName,
      catName: sectors.name,
      prov: news.prov,
      date: news.date,
    })
    .from(news)
    .leftJoin(sectors, eq(sectors.id, news.catId));

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['all']>>[number];

const itemOf = (r: ItemRow): NewsItem => ({
  id: r.id,
  title: r.title,
  url: r.url,
  main_url: r.mainUrl,
  source: r.source,
  logo: r.logo,
  com_id: r.comId,
  com_name: r.comName,
  cat_name: r.catName ?? '',
  com_prov: r.prov,
  time: formatYmd(r.date),
});

/** The year buckets (yyyy0000) a year filter covers: whole years, as the kept year rows need. */
function yearBuckets(year: string | undefined): { lo: number; hi: number } {
  if (year === undefined) return { lo: 0, hi: 99_999_999 };
  if (year === NEWS_BEFORE_2012) return { lo: 0, hi: FIRST_NEWS_YEAR * 10000 - 1 };
  yearCondition(year); // refuses a year outside the options
  return { lo: Number(year) * 10000, hi: Number(year) * 10000 + 9999 };
}

/** Rowids of news_closure_names: date * NEWS_KEY_SPAN + id (the list's order; keptNewsPacking guards it). */
const NEWS_KEY_SPAN = ID_SPAN;
/** Characters the per-character index matches exactly as LIKE does: ASCII letters and digits, 一-龥. */
const PLAIN_CHARS = /^[0-9A-Za-z\u4e00-\u9fa5]+$/;
/** A province the index keeps as a token (Chinese characters only, as the migration writes it). */
const PLAIN_PROV = /^[\u4e00-\u9fa5]+$/;

/** Integer rowids inlined (they come from the index, never from the request). */
const keyList = (keys: number[]) => sql.raw(keys.map((k) => String(Math.trunc(k))).join(', '));

/**
 * A company-name keyword, with any other filter, off news_closure_names (migration
 * *_search_rank_news_names; rowid = date * 10^7 + id, the list order): the name's characters are
 * tokens and the keyword a phrase, ANDed with the industry and province tokens inside FTS5, so the
 * index yields only matching news, in list order. For a name of plain characters (PLAIN_CHARS) the
 * phrase matches exactly when LIKE does; the few others (tagged d) are confirmed with LIKE. The total
 * of a one- or two-character keyword is kept (news_name_counts); a longer keyword's, or one with a
 * year, is a count of the matches, kept when there are KEEP_TOTAL_FROM or more (news_keyword_totals,
 * until the next write to closed-company news), so only the first page read after a write counts
 * them; the page is read from the nearer end. null when the keyword or province has characters the
 * index cannot answer exactly.
 */
async function listNewsByName(db: Db, p: NewsParams): Promise<{ info: NewsItem[]; total: number } | null> {
  const keyword = p.keyword!;
  if (!PLAIN_CHARS.test(keyword) || (p.com_prov !== undefined && !PLAIN_PROV.test(p.com_prov))) return null;
  const range = yearBuckets(p.year);
  const lo = range.lo * NEWS_KEY_SPAN;
  const hi = range.hi * NEWS_KEY_SPAN + NEWS_KEY_SPAN - 1;
  let names: Map<number, string> | undefined;
  let sec: number | undefined;
  const filters: string[] = [];
  if (p.cat_id !== undefined) {
    const secs = await sectorsOf(db, p.cat_id);
    if (secs.length === 0) return { info: [], total: 0 };
    if (secs[0].id === 0) return null;
    names = new Map(secs.map((x) => [x.id, x.name]));
    sec = secs[0].id;
    filters.push(`tags : "s${sec}"`);
  }
  if (p.com_prov !== undefined) filters.push(`tags : "p${p.com_prov}"`);
  const phrase = `chars : "${[...keyword].join(' ')}"`;
  const match = [phrase, ...filters].join(' AND ');
  // A long name (tagged l) has only its first 64 characters indexed: a candidate whatever its phrase.
  const unsure = [`(${phrase} OR tags : l)`, 'tags : d', ...filters].join(' AND ');
  // One statement: the plain names' count, then each unsure candidate with its LIKE verdict. A keyword
  // of one or two characters (the common ones) without a year has its count kept by triggers
  // (news_name_counts); a longer one's, or a year's, is kept by the first read that counts it
  // (news_keyword_totals; coalesce counts only when none is kept).
  const byGram = p.year === undefined && [...keyword].length <= 2;
  const filt = `${p.com_prov !== undefined ? `p${p.com_prov}` : ''}${sec !== undefined ? `s${sec}` : ''}`;
  const key = `${keyword.toLowerCase()} ${filt} ${range.lo}-${range.hi}`;
  const plainCount = sql`(SELECT count(*) FROM news_closure_names WHERE news_closure_names MATCH ${`${match} NOT tags : d`} AND rowid BETWEEN ${lo} AND ${hi})`;
  const counted = await db.all<{ k: number | null; n: number; kept: number | null; ver: number | null }>(sql`
    ${
      byGram
        ? sql`SELECT NULL AS k, coalesce((SELECT n FROM news_name_counts WHERE gram = ${keyword.toLowerCase()} AND filt = ${filt}), 0) AS n, NULL AS kept, NULL AS ver`
        : // A kept row is current (every write clears them); the version is read only to keep a new count.
          sql`SELECT NULL AS k, coalesce(t.kept, ${plainCount}) AS n, t.kept AS kept,
            CASE WHEN t.kept IS NULL THEN (SELECT ver FROM news_names_version WHERE id = 1) END AS ver
          FROM (SELECT (SELECT n FROM news_keyword_totals WHERE key = ${key}) AS kept) t`
    }
    UNION ALL
    SELECT f.rowid AS k, n.com_name LIKE ${likeAnywhere(keyword)} ESCAPE '\\' AS n, NULL, NULL
    FROM news_closure_names f CROSS JOIN news n ON n.id = f.rowid % ${NEWS_KEY_SPAN}
    WHERE news_closure_names MATCH ${unsure} AND f.rowid BETWEEN ${lo} AND ${hi}`);
  const head = counted.find((r) => r.k === null);
  const plain = head?.n ?? 0;
  // Counted just now, and many: kept at the version it was counted at, unless a write came in between.
  const keep =
    !byGram && head && head.kept === null && head.ver !== null && plain >= KEEP_TOTAL_FROM
      ? sql`INSERT INTO news_keyword_totals (key, n, ver) SELECT ${key}, ${plain}, ${head.ver} WHERE ${head.ver} = (SELECT ver FROM news_names_version WHERE id = 1)
          ON CONFLICT (key) DO UPDATE SET n = excluded.n, ver = excluded.ver`
      : null;
  const unsureRows = counted.filter((r) => r.k !== null);
  const rejected = unsureRows.filter((r) => !r.n).map((r) => r.k!);
  const total = plain + unsureRows.length - rejected.length;
  const w = pageWindow(p.page, p.per_page, total);
  if (!w.limit) {
    if (keep) await rawBatch(db, [keep]);
    return { info: [], total };
  }
  const way = sql.raw(w.reverse ? 'ASC' : 'DESC');
  // The page walks every candidate in list order (the phrase's, and the unsure ones: long names match
  // through their tail too) but those LIKE rejected, so its offset counts exact matches only.
  const pageSql = sql`
    SELECT n.id AS id, n.title AS title, n.url AS url, n.main_url AS mainUrl, n.source AS source, n.logo AS logo, n.com_id AS comId,
      n.com_name AS comName, n.cat_id AS catId, ${names ? sql`NULL` : sql`s.name`} AS catName, n.prov AS prov, n.date AS date, page.k AS k
    FROM (
      SELECT rowid AS k FROM news_closure_names WHERE news_closure_names MATCH ${`(${match}) OR (${unsure})`} AND rowid BETWEEN ${lo} AND ${hi}
        ${rejected.length ? sql`AND rowid NOT IN (${keyList(rejected)})` : sql``}
      ORDER BY rowid ${way} LIMIT ${w.limit} OFFSET ${w.offset}
    ) page CROSS JOIN news n ON n.id = page.k % ${NEWS_KEY_SPAN} ${names ? sql`` : sql`LEFT JOIN sectors s ON s.id = n.cat_id`}`;
  // The total kept in the page's round trip (its own statement first).
  const rows = keep ? ((await rawBatch(db, [keep, pageSql]))[1].results as (ItemRow & { catId: number; k: number })[]) : await db.all<ItemRow & { catId: number; k: number }>(pageSql);
  rows.sort((a, b) => b.k - a.k);
  return { info: rows.map(({ catId, k: _, ...r }) => itemOf({ ...r, catName: names ? (names.get(catId) ?? null) : r.catName })), total };
}

/**
 * A page of closed-company news. Without a keyword, the total and the day the page starts on come
 * from news_day_counts (kept by triggers per province, sector (covering its sub-sectors) and their
 * pair, migration *_news_policy_day_counts; an industry's rows come in list order from
 * news_closure_secs), so any page under any filter reads a few dozen kept rows and the rows it returns.
 * A company-name keyword is read off news_closure_names (listNewsByName), or by listNewsPlain when
 * its characters are ones that index cannot answer exactly.
 */
export async function listNews(db: Db, p: NewsParams): Promise<{ info: NewsItem[]; total: number }> {
  if (p.keyword) return (await listNewsByName(db, p)) ?? listNewsPlain(db, p);
  const range = yearBuckets(p.year);
  let sec: number | undefined;
  let names = new Map<number, string>();
  if (p.cat_id !== undefined) {
    const secs = await sectorsOf(db, p.cat_id);
    if (secs.length === 0) return { info: [], total: 0 };
    if (secs[0].id === 0) return listNewsPlain(db, p);
    names = new Map(secs.map((x) => [x.id, x.name]));
    sec = secs[0].id;
  }
  const [list, key] =
    p.com_prov !== undefined && sec !== undefined
      ? ['c_prov_sec', `${p.com_prov}|${sec}`]
      : p.com_prov !== undefined
        ? ['c_prov', p.com_prov]
        : sec !== undefined
          ? ['c_sec', String(sec)]
          : ['c', ''];
  // The page's rows in read order (newest first, or oldest first for a page read from the far end):
  // off news (its closing-news indexes) or, for an industry (a sector and its sub-sectors), in list
  // order off news_closure_secs (kept by triggers), each joined to its news row in the same
  // statement (a seek each; an IN list of the ids would read the list too).
  // `v` holds the province and sector values, or a shaped statement's placeholders for them.
  type Num = number | Placeholder;
  const pageSql = (w: { lo: Num; hi: Num; skip: Num; limit: Num; reverse: boolean }, v: { prov?: string | Placeholder; sec?: Num } = { prov: p.com_prov, sec }) => {
    const way = sql.raw(w.reverse ? 'ASC' : 'DESC');
    const columns = sql`n.id AS id, n.title AS title, n.url AS url, n.main_url AS mainUrl, n.source AS source, n.logo AS logo, n.com_id AS comId,
      n.com_name AS comName, n.cat_id AS catId, n.prov AS prov, n.date AS date`;
    const prov = (column: SQL) => (p.com_prov !== undefined ? sql`AND ${column} = ${v.prov}` : sql``);
    if (sec === undefined) {
      return sql`SELECT ${columns}, s.name AS catName FROM news n LEFT JOIN sectors s ON s.id = n.cat_id
        WHERE n.is_closure = 1 ${prov(sql`n.prov`)} AND n.date BETWEEN ${w.lo} AND ${w.hi} ORDER BY n.date ${way}, n.id ${way} LIMIT ${w.limit} OFFSET ${w.skip}`;
    }
    return sql`SELECT ${columns}, page.date AS at FROM (
        SELECT news_id, date FROM news_closure_secs WHERE sec = ${v.sec} ${prov(sql`prov`)} AND date BETWEEN ${w.lo} AND ${w.hi}
        ORDER BY date ${way}, news_id ${way} LIMIT ${w.limit} OFFSET ${w.skip}
      ) page JOIN news n ON n.id = page.news_id`;
  };
  type Found = Omit<ItemRow, 'catName'> & { catId: number; catName?: string | null; at?: number };
  /** A page's rows in list order (newest first) from its rows in read order. */
  const inListOrder = (found: Found[], reverse: boolean) => {
    const sign = reverse ? -1 : 1;
    // The industry's join comes back in any order: sort it back into read order first.
    if (sec !== undefined) found.sort((a, b) => sign * (b.at! - a.at! || b.id - a.id));
    const rows = found.map(({ catId, at: _, catName, ...r }): ItemRow => ({ ...r, catName: sec === undefined ? (catName ?? null) : (names.get(catId) ?? null) }));
    return reverse ? rows.reverse() : rows;
  };
  // A page within SKIP_DIRECTLY rows of the start (page 1 above all): the year rows and the page read
  // from the start in one round trip, kept when pageWindow, given the total, reads it from the start
  // (it does unless the list is shorter than about twice the offset). Gating the read in SQL on the
  // total, as the closure list does, would sum the year rows again in the statement: more rows than
  // the page. A page near the far end or deeper walks from the year rows (dayStart).
  // Shaped statements (lib/shaped.ts): their text is built once per isolate for each filter shape.
  const offset = offsetOf(p.page, p.per_page);
  const shape = `${p.com_prov !== undefined ? 'p' : ''}${sec !== undefined ? 's' : ''}`;
  const values = { list, key, prov: p.com_prov, sec, lo: range.lo, hi: range.hi, skip: offset, limit: p.per_page };
  const years = shapedSql<DayBucket>(
    db,
    'closure.news.years',
    () => sql`SELECT bucket, n FROM news_day_counts WHERE list = ${ph('list')} AND key = ${ph('key')} AND level = 1 AND bucket BETWEEN ${ph('lo')} AND ${ph('hi')}`,
    values,
  );
  const start = () =>
    shapedSql<Found>(
      db,
      `closure.news.start.${shape}`,
      () => pageSql({ lo: ph('lo'), hi: ph('hi'), skip: ph('skip'), limit: ph('limit'), reverse: false }, { prov: ph('prov'), sec: ph('sec') }),
      values,
    );
  const [yearRows, startRows] = offset <= SKIP_DIRECTLY ? await runShaped(db, [years, start()] as const) : [...(await runShaped(db, [years] as const)), undefined];
  const total = totalOf(yearRows);
  const near = pageWindow(p.page, p.per_page, total);
  if (startRows && near.limit && !near.reverse) return { info: inListOrder(startRows, false).slice(0, near.limit).map(itemOf), total };
  const w = await dayStart(db, newsDays(list, key), yearRows, p.page, p.per_page, range);
  if (w.empty) return { info: [], total: w.total };
  const found = await db.all<Found>(pageSql(w));
  return { info: inListOrder(found, w.reverse).map(itemOf), total: w.total };
}

/**
 * The straightforward query (COUNT(*) and OFFSET over every matching row): the tests' oracle, and the
 * answer to a company-name keyword, which no kept count can cover.
 */
export async function listNewsPlain(db: Db, p: NewsParams): Promise<{ info: NewsItem[]; total: number }> {
  const conds: SQL[] = [eq(news.isClosure, 1)];
  if (p.com_prov !== undefined) conds.push(eq(news.prov, p.com_prov));
  if (p.cat_id !== undefined) {
    const ids = await sectorIds(db, p.cat_id);
    if (ids.length === 0) return { info: [], total: 0 };
    conds.push(inArray(news.catId, ids));
  }
  if (p.year !== undefined) conds.push(yearCondition(p.year));
  if (p.keyword) conds.push(sql`${news.comName} LIKE ${likeAnywhere(p.keyword)} ESCAPE '\\'`);
  const where = and(...conds);
  const [rows, countRows] = await db.batch([
    selectItems(db)
      .where(where)
      .orderBy(desc(news.date), desc(news.id))
      .limit(p.per_page)
      .offset(offsetOf(p.page, p.per_page)),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { info: rows.map(itemOf), total: countRows[0]?.n ?? 0 };
}

