/**
 * The information section (资讯): healthcare policies, news and financing events, of the area or of
 * a tag's companies, newest first, MEDICAL_PAGE_SIZE per page. Totals are kept counts (kept.ts);
 * a page's items come from the kept list order (pages.ts), so a middle or last page reads what the
 * first does; a page near either end is read with its total and its rows in one statement, a deeper
 * one fetches its rows by id (pages.ts listPage).
 */
import { eq, getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import { companies, investEventInvestors, investEvents, news, policies } from '../db';
import type { Db } from '../env';
import { pageWindow } from '../db/kept/read.ts';
import { ymdParts } from '#shared/dates';
import { MEDICAL_PAGE_SIZE } from './constants';
import { eventTotalSql } from './kept';
import { countTotal, LIST, listPage } from './pages';
import { perId } from '../lib/per-id';
import { namesOf } from '../lib/names';
import { ph, type RowOf } from '../lib/shaped';

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

const policyColumns = { id: policies.id, title: policies.title, put_time: policies.putTime, reference_number: policies.referenceNumber };

/** Healthcare policies: a tag page lists the area's policies too (policies carry a scope, not tags). */
export async function listPolicies(db: Db, page: number): Promise<Paged<{ id: number; title: string; put_time: number; reference_number: string }>> {
  const { total, rows, items } = await listPage(
    db,
    { key: 'medical.page.policy', list: LIST.policy, page, total: countTotal('policy') },
    (p) => db.select({ ...policyColumns, _id: p.id, _k: p.k }).from(p).innerJoin(policies, eq(policies.id, p.id)),
  );
  return pageOf(rows ?? (await perId(db, 'medical.policies', items.map((i) => i.id), (id) => db.select(policyColumns).from(policies).where(eq(policies.id, id)))), total, page);
}

export async function listNews(db: Db, page: number, tagId?: number) {
  const found = await listPage(
    db,
    { key: 'medical.page.news', list: LIST.news, tagId, page, total: tagId === undefined ? countTotal('news') : countTotal('tag_news', tagId) },
    (p) => db.select({ ...getTableColumns(news), _id: p.id, _k: p.k }).from(p).innerJoin(news, eq(news.id, p.id)),
  );
  const { total, items } = found;
  const rows = found.rows ?? (await perId(db, 'medical.news', items.map((i) => i.id), (id) => db.select().from(news).where(eq(news.id, id))));
  const data = rows.map((n) => ({
    id: n.id,
    url: n.url,
    title: n.title,
    source: n.source,
    com_id: n.comId,
    com_name: n.comName,
    scope: n.scope,
    prov: n.prov,
    year: ymdParts(n.date).y,
    month: ymdParts(n.date).m,
    day: ymdParts(n.date).d,
    logo: n.logo,
  }));
  return pageOf(data, total, page);
}

/**
 * An event's columns with its company and investors: the investors as one JSON array of
 * [id, name, type, rowid], sorted here by rowid (the order the event names them, lead first; an
 * ORDER BY inside the aggregate would sort in a temporary b-tree, which D1 counts as rows read).
 */
const eventColumns = {
  id: investEvents.id,
  time: investEvents.date,
  com_id: investEvents.comId,
  logo: companies.logo,
  com_name: companies.name,
  round_id: investEvents.roundId,
  money: investEvents.money,
  guess_money: investEvents.guessMoney,
  invst: sql<string>`(SELECT json_group_array(json_array(i.invst_id, i.invst_name, i.invst_type, i.rowid)) FROM ${investEventInvestors} i WHERE i.event_id = ${investEvents.id})`,
};

type EventBase = RowOf<ReturnType<typeof eventsById>>;
const eventsById = (db: Db, id: Placeholder) => db.select(eventColumns).from(investEvents).leftJoin(companies, eq(companies.id, investEvents.comId)).where(eq(investEvents.id, id));

/** The API rows of events read with eventColumns, round names from the isolate's kept names (lib/names.ts). */
async function eventRows(db: Db, events: EventBase[]) {
  const { rounds } = await namesOf(db, { rounds: events.map((e) => e.round_id) });
  type Investor = [number, string, (typeof investEventInvestors.$inferSelect)['invstType'], number];
  return events.map(({ invst, ...e }) => ({
    ...e,
    logo: e.logo ?? '',
    com_name: e.com_name ?? '',
    round: rounds.get(e.round_id) ?? '未知轮次',
    invst: (JSON.parse(invst) as Investor[]).sort((a, b) => a[3] - b[3]).map(([id, name, type]) => ({ id, name, type })),
  }));
}

/** Events by id with company, round name and investors, in the order of `ids` (one statement). */
export async function hydrateEvents(db: Db, ids: number[]) {
  return eventRows(db, await perId(db, 'medical.events', ids, (id) => eventsById(db, id)));
}

/** The area's (scope 医疗健康) or a tag's companies' financing events, newest first. */
export async function listEvents(db: Db, page: number, tagId?: number) {
  const { total, rows, items } = await listPage(
    db,
    { key: 'medical.page.event', list: LIST.event, tagId, page, total: { sql: () => eventTotalSql(ph('tag')), values: {} } },
    (p) => db.select({ ...eventColumns, _id: p.id, _k: p.k }).from(p).innerJoin(investEvents, eq(investEvents.id, p.id)).leftJoin(companies, eq(companies.id, investEvents.comId)),
  );
  return pageOf(await eventRows(db, rows ?? (await perId(db, 'medical.events', items.map((i) => i.id), (id) => eventsById(db, id)))), total, page);
}
