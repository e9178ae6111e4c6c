/** The /news list: newest first, by scope (医疗健康) and/or atlas tag name (news of the tag's companies). */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { medicalCompanyTags, news } from '../db';
import type { Db } from '../env';
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

export async function listNews(db: Db, q: { scope?: string; tag?: string; page: number }) {
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
