/**
 * Closed-company news (news.is_closure = 1), 20 per page, newest first: filters by industry
 * (given by name), region (a province, or '海外' for news outside mainland China), year (the
 * current year down to 2012, or '2012以前') and company name.
 */
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { news, sectors } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { beijingDate, formatYmd } from '../lib/time';
import { yearRange } from './format';
import { likeAnywhere } from '../lib/params';
import { countQuery } from './counts';
import { FIRST_NEWS_YEAR, NEWS_BEFORE_2012 } from './constants';

export const OVERSEAS = '海外';

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
  const id = /^\d+$/.test(nameOrId)
    ? Number(nameOrId)
    : (await db.select({ id: sectors.id }).from(sectors).where(eq(sectors.name, nameOrId)).orderBy(sectors.parentId).get())?.id;
  if (id === undefined) return [];
  const children = await db.select({ id: sectors.id }).from(sectors).where(eq(sectors.parentId, id));
  return [id, ...children.map((c) => c.id)];
}

export async function listNews(db: Db, p: NewsParams): Promise<{ info: NewsItem[]; total: number }> {
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
      .leftJoin(sectors, eq(sectors.id, news.catId))
      .where(where)
      .orderBy(desc(news.date), desc(news.id))
      .limit(p.per_page)
      .offset(offsetOf(p.page, p.per_page)),
    // Unfiltered, the total is the trigger-kept count instead of a pass over every news row.
    conds.length === 1 ? countQuery(db, 'news', '') : db.select({ n: count() }).from(news).where(where),
  ]);
  return {
    info: rows.map((r) => ({
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
    })),
    total: countRows[0]?.n ?? 0,
  };
}

