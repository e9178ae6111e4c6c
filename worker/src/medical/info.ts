/**
 * The information section (资讯): healthcare policies, news and financing events, of the area or of
 * a tag's companies, newest first, MEDICAL_PAGE_SIZE per page. Totals are kept counts (kept.ts);
 * a page in the far half of a list is read from its other end (pageWindow), so the last page
 * reads what the first does.
 */
import { and, asc, between, count, desc, eq, inArray } from 'drizzle-orm';
import { companies, investEventInvestors, investEvents, news, policies, rounds } from '../db';
import type { Db } from '../env';
import { offsetOf, pageWindow } from '../lib/pagination';
import { MEDICAL_PAGE_SIZE, MEDICAL_SCOPE } from './constants';
import { countOf, countQuery, eventSpan, eventTotalQuery } from './kept';
import { eventOrder, medicalEventWhere, medicalNewsWhere, newsOrder, type EventFilter } from './select';

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
  const rows = await windowed(total, page, (w) =>
    db
      .select({ id: policies.id, title: policies.title, put_time: policies.putTime, reference_number: policies.referenceNumber })
      .from(policies)
      .where(eq(policies.scope, MEDICAL_SCOPE))
      .orderBy(...(w.reverse ? [asc(policies.putTime), asc(policies.id)] : [desc(policies.putTime), desc(policies.id)]))
      .limit(w.limit)
      .offset(w.offset),
  );
  return pageOf(rows, total, page);
}

export async function listNews(db: Db, page: number, tagId?: number) {
  const where = medicalNewsWhere(tagId);
  const total = countOf(await (tagId === undefined ? countQuery(db, 'news') : countQuery(db, 'tag_news', tagId)));
  const rows = await windowed(total, page, (w) =>
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(...(w.reverse ? [asc(news.date), asc(news.id)] : newsOrder))
      .limit(w.limit)
      .offset(w.offset),
  );
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
  if (ids.length === 0) return [];
  const [events, investors, roundRows] = await db.batch([
    db
      .select({
        id: investEvents.id,
        time: investEvents.date,
        com_id: investEvents.comId,
        logo: companies.logo,
        com_name: companies.name,
        round_id: investEvents.roundId,
        money: investEvents.money,
        guess_money: investEvents.guessMoney,
      })
      .from(investEvents)
      .leftJoin(companies, eq(companies.id, investEvents.comId))
      .where(inArray(investEvents.id, ids)),
    db.select().from(investEventInvestors).where(inArray(investEventInvestors.eventId, ids)),
    // A separate read: D1 returns joined columns by position, and two columns called name collide.
    db.select({ id: rounds.id, name: rounds.name }).from(rounds),
  ]);
  const roundName = new Map(roundRows.map((r) => [r.id, r.name]));
  const byId = new Map(events.map((e) => [e.id, e]));
  return ids.flatMap((id) => {
    const e = byId.get(id);
    if (!e) return [];
    return [
      {
        ...e,
        logo: e.logo ?? '',
        com_name: e.com_name ?? '',
        round: roundName.get(e.round_id) ?? '未知轮次',
        invst: investors.filter((i) => i.eventId === id).map((i) => ({ id: i.invstId, name: i.invstName, type: i.invstType })),
      },
    ];
  });
}

export async function listEvents(db: Db, page: number, filter: EventFilter = {}) {
  const where = medicalEventWhere(filter);
  if (filter.roundId === undefined && filter.from === undefined) {
    // The area's or a tag's events: the total is one kept row, and the kept per-month counts place
    // the page inside one or two months, read from the nearer end of that span.
    const tagId = filter.tagId ?? 0;
    const total = countOf(await eventTotalQuery(db, tagId));
    const offset = offsetOf(page, MEDICAL_PAGE_SIZE);
    const limit = Math.min(MEDICAL_PAGE_SIZE, total - offset);
    const span = limit > 0 ? await eventSpan(db, tagId, offset, limit) : null;
    if (span) {
      const r = offset - span.before;
      const reverse = r > span.count - (r + limit);
      const inSpan = and(where, between(investEvents.date, span.from, span.to));
      const rows = await db
        .select({ id: investEvents.id })
        .from(investEvents)
        .where(inSpan)
        .orderBy(...(reverse ? [asc(investEvents.date), asc(investEvents.id)] : eventOrder))
        .limit(limit)
        .offset(reverse ? span.count - r - limit : r);
      if (reverse) rows.reverse();
      return pageOf(await hydrateEvents(db, rows.map((x) => x.id)), total, page);
    }
    const idRows = await windowed(total, page, (w) =>
      db
        .select({ id: investEvents.id })
        .from(investEvents)
        .where(where)
        .orderBy(...(w.reverse ? [asc(investEvents.date), asc(investEvents.id)] : eventOrder))
        .limit(w.limit)
        .offset(w.offset),
    );
    return pageOf(await hydrateEvents(db, idRows.map((r) => r.id)), total, page);
  }
  const [idRows, total] = await db.batch([
    db.select({ id: investEvents.id }).from(investEvents).where(where).orderBy(...eventOrder).limit(MEDICAL_PAGE_SIZE).offset(offsetOf(page, MEDICAL_PAGE_SIZE)),
    db.select({ n: count() }).from(investEvents).where(where),
  ]);
  return pageOf(await hydrateEvents(db, idRows.map((r) => r.id)), total[0]?.n ?? 0, page);
}
