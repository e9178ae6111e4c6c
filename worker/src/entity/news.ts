/**
 * The /news list: newest first, by scope (医疗健康) and/or atlas tag name (news of the tag's companies).
 * Totals and page positions come from news_day_counts and tag pages from news_tags (both kept by
 * triggers, migration *_news_policy_day_counts): a page reads a few dozen kept rows and the rows of the
 * days it spans, at any depth. listNewsPlain is the straightforward query, kept as the tests' oracle.
 */
import { and, asc, between, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { medicalCompanyTags, news } from '../db';
import type { Db } from '../env';
import { ANY_DAY, dayStart, type DayBucket } from '../lib/day-window';
import { offsetOf } from '../lib/pagination';
import { formatYmd } from '../lib/time';
import { tagIdByName } from './atlas';
import { NEWS_LIST_PAGE_SIZE } from './constants';

type NewsRecord = typeof news.$inferSelect;

export const newsRowOf = (n: NewsRecord) => ({
  id: n.id,
  title: n.title,
  url: n.url,
  source: n.source,
  com_id: n.comId,
  com_name: n.comName,
  logo: n.logo,
  scope: n.scope,
  prov: n.prov,
  time: formatYmd(n.date),
  year: Math.floor(n.date / 10000),
  month: Math.floor(n.date / 100) % 100,
  day: n.date % 100,
});

export interface NewsListQuery {
  scope?: string;
  tag?: string;
  page: number;
}

/** The kept rows of one list of news_day_counts at a level within [lo, hi]. */
export const newsDayRows = (db: Db, list: string, key: string, level: 1 | 2 | 3, lo = 0, hi = 99_999_999) =>
  db.all<DayBucket>(sql`SELECT bucket, n FROM news_day_counts WHERE list = ${list} AND key = ${key} AND level = ${level} AND bucket BETWEEN ${lo} AND ${hi}`);

/** The straightforward query (COUNT(*) and OFFSET over every matching row): the tests' oracle. */
export async function listNewsPlain(db: Db, q: NewsListQuery) {
  const where: SQL[] = [];
  if (q.scope) where.push(eq(news.scope, q.scope));
  if (q.tag !== undefined) {
    const tagId = await tagIdByName(db, q.tag);
    if (tagId === null) return { info: [], total: 0 };
    where.push(inArray(news.comId, db.select({ id: medicalCompanyTags.comId }).from(medicalCompanyTags).where(eq(medicalCompanyTags.tagId, tagId))));
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, total] = await db.batch([
    db.select().from(news).where(cond).orderBy(desc(news.date), desc(news.id)).limit(NEWS_LIST_PAGE_SIZE).offset(offsetOf(q.page, NEWS_LIST_PAGE_SIZE)),
    db.select({ n: count() }).from(news).where(cond),
  ]);
  return { info: rows.map(newsRowOf), total: total[0]?.n ?? 0 };
}

export async function listNews(db: Db, q: NewsListQuery) {
  let tagId: number | null = null;
  if (q.tag !== undefined) {
    tagId = await tagIdByName(db, q.tag);
    if (tagId === null) return { info: [], total: 0 };
  }
  const scope = q.scope || '';
  const [list, key] = tagId !== null ? (scope ? ['scope_tag', `${scope}|${tagId}`] : ['tag', String(tagId)]) : scope ? ['scope', scope] : ['all', ''];
  const years = await newsDayRows(db, list, key, 1);
  const p = await dayStart(years, (level, lo, hi) => newsDayRows(db, list, key, level, lo, hi), q.page, NEWS_LIST_PAGE_SIZE, ANY_DAY);
  if (p.empty) return { info: [], total: p.total };
  const dir = p.reverse ? asc : desc;
  let rows: NewsRecord[];
  if (tagId !== null) {
    const ids = await db.all<{ id: number }>(sql`
      SELECT news_id AS id FROM news_tags WHERE tag_id = ${tagId} ${scope ? sql`AND scope = ${scope}` : sql``} AND date BETWEEN ${p.lo} AND ${p.hi}
      ORDER BY date ${sql.raw(p.reverse ? 'ASC' : 'DESC')}, news_id ${sql.raw(p.reverse ? 'ASC' : 'DESC')} LIMIT ${p.limit} OFFSET ${p.skip}`);
    const found = ids.length ? await db.select().from(news).where(inArray(news.id, ids.map((r) => r.id))) : [];
    rows = found.sort((a, b) => (p.reverse ? a.date - b.date || a.id - b.id : b.date - a.date || b.id - a.id));
  } else {
    rows = await db
      .select()
      .from(news)
      .where(and(scope ? eq(news.scope, scope) : undefined, between(news.date, p.lo, p.hi)))
      .orderBy(dir(news.date), dir(news.id))
      .limit(p.limit)
      .offset(p.skip);
  }
  if (p.reverse) rows.reverse();
  return { info: rows.map(newsRowOf), total: p.total };
}
