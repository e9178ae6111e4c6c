/**
 * Financing events (融资事件): the row shared by a company's history, a firm's investments, the
 * /investevent list and an atlas tag's events; the event page; and the list's filters.
 * A page is hydrated from its ids: one query for the events with their company and round, one for
 * their investors (with the person id of an individual investor), never one per row.
 */
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  investEventFirms as ief,
  investEventInvestors as iei,
  investEvents as ev,
  investEventTags as iet,
  personRoles,
  persons,
  rounds,
  sectors,
} from '../db';
import { keptPage, YMD_WIDTHS } from '../lib/day-window';
import type { Db } from '../env';
import { perId } from '../lib/perId';
import { ApiError } from '../lib/errors';
import { formatYmd } from '../lib/time';
import { ENTITY_PAGE_SIZE } from './constants';
import { tagIdByName } from './atlas';

export type InvestorType = 'unstruct' | 'com' | 'invst' | 'person';

export interface EventRow {
  id: number;
  time: string;
  com_id: number;
  com_name: string;
  logo: string;
  round: string;
  money: number;
  guess_money: string;
  scope: string;
  invst: { id: number; name: string; type: InvestorType; person_id: number }[];
}

/** The events of `ids`, in that order. */
export async function hydrateEvents(db: Db, ids: number[]): Promise<EventRow[]> {
  if (!ids.length) return [];
  // One seek per id (D1 counts `id IN (...)` as about twice the rows it returns); two batches at once.
  const [base, investors] = await Promise.all([
    perId(db, 'entity.events', ids, (id) =>
      db
        .select({
          id: ev.id,
          date: ev.date,
          comId: ev.comId,
          money: ev.money,
          guess: ev.guessMoney,
          scope: ev.scope,
          comName: sql<string | null>`${companies.name}`.as('com_name'),
          logo: sql<string | null>`${companies.logo}`.as('com_logo'),
          round: sql<string | null>`${rounds.name}`.as('round_name'),
        })
        .from(ev)
        .leftJoin(companies, eq(companies.id, ev.comId))
        .leftJoin(rounds, eq(rounds.id, ev.roundId))
        .where(eq(ev.id, id)),
    ),
    perId(db, 'entity.eventInvestors', ids, (id) => db.select({ ...getTableColumns(iei), seq: sql<number>`rowid` }).from(iei).where(eq(iei.eventId, id))),
  ]);
  // Sorted by rowid: the order the event names its investors (lead first), whatever index the query uses.
  investors.sort((a, b) => a.seq - b.seq);
  // Person ids only for the events that name an individual investor (most name none).
  const withPeople = [...new Set(investors.filter((i) => i.invstType === 'person').map((i) => i.eventId))];
  const people = !withPeople.length
    ? []
    : await db
        .select({ eventId: personRoles.eventId, personId: personRoles.personId, name: persons.name })
        .from(personRoles)
        .innerJoin(persons, eq(persons.id, personRoles.personId))
        .where(inArray(personRoles.eventId, withPeople));
  // An individual investor is matched to their person by event and name (an event names each investor once).
  const personOf = new Map(people.map((p) => [`${p.eventId}:${p.name}`, p.personId]));
  const byEvent = new Map<number, EventRow['invst']>();
  for (const i of investors) {
    const list = byEvent.get(i.eventId) ?? [];
    list.push({
      id: i.invstId,
      name: i.invstName,
      type: i.invstType,
      person_id: i.invstType === 'person' ? (personOf.get(`${i.eventId}:${i.invstName}`) ?? 0) : 0,
    });
    byEvent.set(i.eventId, list);
  }
  const rows = new Map(base.map((b) => [b.id, b]));
  return ids.flatMap((id) => {
    const b = rows.get(id);
    if (!b) return [];
    return [
      {
        id: b.id,
        time: formatYmd(b.date),
        com_id: b.comId,
        com_name: b.comName ?? '',
        logo: b.logo ?? '',
        round: b.round ?? '',
        money: b.money,
        guess_money: b.guess,
        scope: b.scope,
        invst: byEvent.get(id) ?? [],
      },
    ];
  });
}

/**
 * The kept list an /investevent filter reads (entity_day_counts key, worker/src/db/entity-kept.ts):
 * every event, a scope, an atlas tag, or both.
 */
export const eventListKey = (scope: string | undefined, tagId: number | undefined) =>
  tagId !== undefined ? (scope ? `st:${scope}:${tagId}` : `t:${tagId}`) : scope ? `s:${scope}` : 'all';

/**
 * The /investevent list: newest first, by scope (医疗健康) and/or atlas tag (by name or id). The
 * total is one kept row and a deep page seeks to its start day (lib/day-window.ts): without a tag
 * the events' own date indexes, with one invest_event_tags (the events of the tag's companies).
 */
export async function listEvents(
  db: Db,
  q: {
    scope?: string;
    tag?: string;
    tagId?: number;
    page: number;
    perPage?: number;
  },
) {
  const perPage = q.perPage ?? ENTITY_PAGE_SIZE;
  const tagId = q.tagId ?? (q.tag !== undefined ? await tagIdByName(db, q.tag) : undefined);
  if (tagId === null) return { info: [], total: 0 };
  const scope = q.scope || undefined;
  const { ids, total } = await keptPage(db, eventListKey(scope, tagId), YMD_WIDTHS, q.page, perPage, async (r) => {
    if (tagId !== undefined) {
      const where = [eq(iet.tagId, tagId)];
      if (scope) where.push(eq(iet.scope, scope));
      if (r.day !== undefined) where.push(r.reverse ? gte(iet.date, r.day) : lte(iet.date, r.day));
      const rows = await db
        .select({ id: iet.eventId })
        .from(iet)
        .where(and(...where))
        .orderBy(...(r.reverse ? [asc(iet.date), asc(iet.eventId)] : [desc(iet.date), desc(iet.eventId)]))
        .limit(r.limit)
        .offset(r.offset);
      return rows.map((x) => x.id);
    }
    const where: SQL[] = [];
    if (scope) where.push(eq(ev.scope, scope));
    if (r.day !== undefined) where.push(r.reverse ? gte(ev.date, r.day) : lte(ev.date, r.day));
    const rows = await db
      .select({ id: ev.id })
      .from(ev)
      .where(where.length ? and(...where) : undefined)
      .orderBy(...(r.reverse ? [asc(ev.date), asc(ev.id)] : [desc(ev.date), desc(ev.id)]))
      .limit(r.limit)
      .offset(r.offset);
    return rows.map((x) => x.id);
  });
  return { info: await hydrateEvents(db, ids), total };
}

/** A company's financing history, newest first; `limit` is what the viewer may see. */
export async function companyEvents(db: Db, comId: number, limit: number) {
  const [idRows, countRows] = await db.batch([
    db.select({ id: ev.id }).from(ev).where(eq(ev.comId, comId)).orderBy(desc(ev.date), desc(ev.id)).limit(limit),
    db.select({ n: count() }).from(ev).where(eq(ev.comId, comId)),
  ]);
  return {
    info: await hydrateEvents(
      db,
      idRows.map((r) => r.id),
    ),
    total: countRows[0]?.n ?? 0,
  };
}

/**
 * A firm's investments, newest first: one row per investor row of the firm (invest_event_firms,
 * kept by triggers with its event's date), the total one kept row, a deep page seeking its start day.
 */
export async function firmEvents(db: Db, firmId: number, page: number) {
  const { ids, total } = await keptPage(db, `f:${firmId}`, YMD_WIDTHS, page, ENTITY_PAGE_SIZE, async (r) => {
    const where = [eq(ief.invstId, firmId)];
    if (r.day !== undefined) where.push(r.reverse ? gte(ief.date, r.day) : lte(ief.date, r.day));
    const rows = await db
      .select({ id: ief.eventId })
      .from(ief)
      .where(and(...where))
      .orderBy(...(r.reverse ? [asc(ief.date), asc(ief.eventId)] : [desc(ief.date), desc(ief.eventId)]))
      .limit(r.limit)
      .offset(r.offset);
    return rows.map((x) => x.id);
  });
  return { info: await hydrateEvents(db, ids), total };
}

/** /investevent/{id}: the event, its company's card fields and the company's other rounds. */
export async function eventDetail(db: Db, id: number) {
  const [row] = await hydrateEvents(db, [id]);
  if (!row) throw new ApiError('NOT_FOUND', '该融资事件不存在');
  const [com, others] = await db.batch([
    db
      .select({
        slogan: companies.slogan,
        prov: companies.prov,
        catName: sql<string | null>`${sectors.name}`.as('cat_name'),
      })
      .from(companies)
      .leftJoin(sectors, eq(sectors.id, companies.catId))
      .where(eq(companies.id, row.com_id)),
    db
      .select({
        id: ev.id,
        date: ev.date,
        money: ev.money,
        guess: ev.guessMoney,
        round: sql<string | null>`${rounds.name}`.as('round_name'),
      })
      .from(ev)
      .leftJoin(rounds, eq(rounds.id, ev.roundId))
      .where(eq(ev.comId, row.com_id))
      .orderBy(asc(ev.date), asc(ev.id))
      .limit(100),
  ]);
  return {
    ...row,
    slogan: com[0]?.slogan ?? '',
    prov: com[0]?.prov ?? '',
    cat_name: com[0]?.catName ?? '',
    others: others.map((o) => ({
      id: o.id,
      time: formatYmd(o.date),
      round: o.round ?? '',
      money: o.money,
      guess_money: o.guess,
    })),
  };
}
