/**
 * The /news list: newest first, by scope (医疗健康) and/or atlas tag name (news of the tag's companies).
 * Totals and page positions come from news_day_counts and tag pages from news_tags (both kept by
 * triggers, migration *_news_policy_day_counts): a page reads a few dozen kept rows and the rows of the
 * days it spans, at any depth. listNewsPlain is the straightforward query, kept as the tests' oracle.
 */
import { and, asc, between, count, desc, eq, getTableColumns, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { medicalCompanyTags, news } from '../db';
import type { Db } from '../env';
import { ANY_DAY, dayStart, offsetOf, pageWindow, SKIP_DIRECTLY, YMD_WIDTHS, type DayBucket, type KeptLevels } from '../db/kept/read.ts';
import { partRows, ph, runShaped, shapedParts, shapedSql } from '../lib/shaped';
import { formatYmd, ymdParts } from '#shared/dates';
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
  year: ymdParts(n.date).y,
  month: ymdParts(n.date).m,
  day: ymdParts(n.date).d,
});

export interface NewsListQuery {
  scope?: string;
  tag?: string;
  page: number;
}

/** One list of news_day_counts (years, months, days of yyyymmdd dates). */
export const newsDays = (list: string, key: string): KeptLevels => ({ table: 'news_day_counts', key: { list, key }, widths: YMD_WIDTHS });

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

/** news_tags, for building queries (migration 0038 creates it, outside drizzle's schema): each news item x its company's atlas tags. */
const newsTags = sqliteTable('news_tags', {
  tagId: integer('tag_id').notNull(),
  newsId: integer('news_id').notNull(),
  date: integer('date').notNull(),
  scope: text('scope').notNull(),
});

type Num = number | Placeholder;

/**
 * The news of a page read off its list's index in read order (newest first, oldest first when
 * reversed): `skip` then `limit` rows dated lo..hi, of a scope and / or a tag (its companies' news,
 * news_tags). Values or the placeholders of a shaped statement.
 */
function pageSelect(db: Db, w: { lo: Num; hi: Num; skip: Num; limit: Num; reverse: boolean }, f: { tag?: Num; scope?: string | Placeholder }) {
  const dir = w.reverse ? asc : desc;
  // drizzle types LIMIT / OFFSET as number | Placeholder.
  const [limit, skip] = [w.limit as number, w.skip as number];
  if (f.tag === undefined) {
    return db
      .select()
      .from(news)
      .where(and(f.scope === undefined ? undefined : eq(news.scope, f.scope), between(news.date, w.lo, w.hi)))
      .orderBy(dir(news.date), dir(news.id))
      .limit(limit)
      .offset(skip);
  }
  const page = db
    .select({ id: newsTags.newsId })
    .from(newsTags)
    .where(and(eq(newsTags.tagId, f.tag), f.scope === undefined ? undefined : eq(newsTags.scope, f.scope), between(newsTags.date, w.lo, w.hi)))
    .orderBy(dir(newsTags.date), dir(newsTags.newsId))
    .limit(limit)
    .offset(skip)
    .as('page');
  return db.select(getTableColumns(news)).from(page).innerJoin(news, eq(news.id, page.id));
}

export async function listNews(db: Db, q: NewsListQuery) {
  let tagId: number | null = null;
  if (q.tag !== undefined) {
    tagId = await tagIdByName(db, q.tag);
    if (tagId === null) return { info: [], total: 0 };
  }
  const scope = q.scope || '';
  const [list, key] = tagId !== null ? (scope ? ['scope_tag', `${scope}|${tagId}`] : ['tag', String(tagId)]) : scope ? ['scope', scope] : ['all', ''];
  /** Rows in read order (a join comes back in any order), then list order. */
  const inListOrder = (rows: NewsRecord[], reverse: boolean) => {
    rows.sort((a, b) => (reverse ? a.date - b.date || a.id - b.id : b.date - a.date || b.id - a.id));
    return reverse ? rows.reverse() : rows;
  };
  // A page within SKIP_DIRECTLY rows of the start (pages 1-3): the total (the sum of the year rows)
  // and the page read from the start in one statement (lib/shaped.ts), kept when pageWindow, given
  // the total, reads it from the start, as the closed-company news do (closure/news.ts). Any other
  // page reads the year rows and walks down from them.
  const offset = offsetOf(q.page, NEWS_LIST_PAGE_SIZE);
  const shape = `${tagId !== null ? 't' : ''}${scope ? 's' : ''}`;
  const values = { list, key, tag: tagId ?? 0, scope, lo: ANY_DAY.lo, hi: ANY_DAY.hi, skip: offset, limit: NEWS_LIST_PAGE_SIZE };
  if (offset <= SKIP_DIRECTLY) {
    const [found] = await runShaped(db, [
      shapedParts(
        db,
        `entity.news.start.${shape}`,
        () => ({
          parts: [pageSelect(db, { lo: ph('lo'), hi: ph('hi'), skip: ph('skip'), limit: ph('limit'), reverse: false }, { tag: tagId !== null ? ph('tag') : undefined, scope: scope ? ph('scope') : undefined })],
          total: sql`coalesce((SELECT sum(max(0, n)) FROM news_day_counts WHERE list = ${ph('list')} AND key = ${ph('key')} AND level = 1), 0)`,
        }),
        values,
      ),
    ] as const);
    const total = found[0]?.total ?? 0;
    const near = pageWindow(q.page, NEWS_LIST_PAGE_SIZE, total);
    if (!near.limit) return { info: [], total };
    const startRows = partRows(found);
    if (!near.reverse) return { info: inListOrder(startRows, false).slice(0, near.limit).map(newsRowOf), total };
  }
  const [yearRows] = await runShaped(db, [
    shapedSql<DayBucket>(db, 'entity.news.years', () => sql`SELECT bucket, n FROM news_day_counts WHERE list = ${ph('list')} AND key = ${ph('key')} AND level = 1`, values),
  ] as const);
  const p = await dayStart(db, newsDays(list, key), yearRows, q.page, NEWS_LIST_PAGE_SIZE, ANY_DAY);
  if (p.empty) return { info: [], total: p.total };
  const rows = await pageSelect(db, p, { tag: tagId ?? undefined, scope: scope || undefined });
  return { info: inListOrder(rows, p.reverse).map(newsRowOf), total: p.total };
}
