/**
 * The information section (资讯): healthcare policies, news and financing events, of the area or of
 * a tag's companies, newest first, MEDICAL_PAGE_SIZE per page. Totals are kept counts (kept.ts);
 * a page's ids come from the kept list order (pages.ts), so a middle or last page reads what the
 * first does; the rows are then fetched by id.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { companies, investEventInvestors, investEvents, news, policies, rounds } from '../db';
import type { Db } from '../env';
import { pageWindow } from '../lib/pagination';
import { MEDICAL_PAGE_SIZE } from './constants';
import { countOf, countQuery, eventTotalQuery } from './kept';
import { LIST, pageIds } from './pages';
import { perId } from '../lib/perId';

export interface Paged<T> {
  data: T[];
  page: { total: number; page: number; per_page: number };
}

export const pageOf = <T>(data: T[], total: number, page: number, perPage = MEDICAL_PAGE_SIZE): Paged<T> => ({ data, page: { total, page, per_page: perPage } });

export type Window = { reverse: boolean; offset: number; limit: number };

/**
 * One page of a list whose total is known: `read` gets the window (in reversed order for a page in
 * the far half) and the rows come back in the list's order.
 */
export async function windowed<T>(total: number, page: number, read: (w: Window) => Promise<T[]>, perPage = MEDICAL_PAGE_SIZE): Promise<T[]> {
  const w = pageWindow(page, perPage, total);
  if (w.limit === 0) return [];
  const rows = await read(w);
  return w.reverse ? rows.reverse() : rows;
}

/** Healthcare policies: a tag page lists the area's policies too (policies carry a scope, not tags). */
export async function listPolicies(db: Db, page: number): Promise<Paged<{ id: number; title: string; put_time: number; reference_number: string }>> {
  const total = countOf(await countQuery(db, 'policy'));
  const ids = await pageIds(db, { list: LIST.policy, page, total });
  const rows = await perId(db, 'medical.policies', ids, (id) =>
    db.select({ id: policies.id, title: policies.title, put_time: policies.putTime, reference_number: policies.referenceNumber }).from(policies).where(eq(policies.id, id)),
  );
  return pageOf(rows, total, page);
}

export async function listNews(db: Db, page: number, tagId?: number) {
  const total = countOf(await (tagId === undefined ? countQuery(db, 'news') : countQuery(db, 'tag_news', tagId)));
  const ids = await pageIds(db, { list: LIST.news, tagId, page, total });
  const rows = await perId(db, 'medical.news', ids, (id) => db.select().from(news).where(eq(news.id, id)));
  const data = rows.map((n) => ({
    id: n.id,
    url: n.url,
    title: n.title,
    source: n.source,
    com_id: n.comId,
    com_name: n.comName,
    scope: n.scope,
    prov: n.prov,
    year: Math.floor(n.date / 10000),
    month: Math.floor(n.date / 100) % 100,
    day: n.date % 100,
    logo: n.logo,
  }));
  return pageOf(data, total, page);
}

/** Events by id with company, round name and investors, in the order of `ids`. */
export async function hydrateEvents(db: Db, ids: number[]) {
  const [events, investors] = await Promise.all([
    perId(db, 'medical.events', ids, (id) =>
      db
        .select({
          id: investEvents.id,
          time: investEvents.date,
          com_id: investEvents.comId,
          logo: companies.logo,
          com_name: companies.name,
          round_id: investEvents.roundId,
          // A scalar read: D1 returns joined columns by position, and two columns called name collide.
          round: sql<string | null>`(SELECT ${rounds.name} FROM ${rounds} WHERE ${rounds.id} = ${investEvents.roundId})`,
          money: investEvents.money,
          guess_money: investEvents.guessMoney,
        })
        .from(investEvents)
        .leftJoin(companies, eq(companies.id, investEvents.comId))
        .where(eq(investEvents.id, id)),
    ),
    perId(db, 'medical.eventInvestors', ids, (id) => db.select({ ...getTableColumns(investEventInvestors), seq: sql<number>`rowid` }).from(investEventInvestors).where(eq(investEventInvestors.eventId, id))),
  ]);
  // Sorted by rowid: the order the event names its investors (lead first), whatever index the query uses.
  investors.sort((a, b) => a.seq - b.seq);
  return events.map((e) => ({
    ...e,
    logo: e.logo ?? '',
    com_name: e.com_name ?? '',
    round: e.round ?? '未知轮次',
    invst: investors.filter((i) => i.eventId === e.id).map((i) => ({ id: i.invstId, name: i.invstName, type: i.invstType })),
  }));
}

/** The area's (scope 医疗健康) or a tag's companies' financing events, newest first. */
export async function listEvents(db: Db, page: number, tagId?: number) {
  const total = countOf(await eventTotalQuery(db, tagId ?? 0));
  const ids = await pageIds(db, { list: LIST.event, tagId, page, total });
  return pageOf(await hydrateEvents(db, ids), total, page);
}
