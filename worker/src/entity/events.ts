/**
 * Financing events (融资事件): the row shared by a company's history, a firm's investments, the
 * /investevent list and an atlas tag's events; the event page; and the list's filters.
 * An event is one row with its company and its investors (a JSON column, with the person id of an
 * individual investor); a page near either end of a list is read with its kept total and its events
 * in one statement, a deeper page's ids are found first (keptStart, db/kept/read.ts) and hydrated in one more.
 */
import { and, asc, count, desc, eq, sql, type AnyColumn, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import {
  companies,
  investEventFirms as ief,
  investEventInvestors as iei,
  investEvents as ev,
  investEventTags as iet,
  listDayCounts as dc,
  personRoles,
  persons,
  rounds,
  sectors,
} from '../db';
import { namesOf } from '../lib/names';
import { dayBound, dayList, keptReads, nearEndPage, pageRows, YMD_CHUNKS, YMD_WIDTHS, type EndRead, type PageRead } from '../db/kept/read.ts';
import { ph, type RowOf } from '../lib/shaped';
import type { Db } from '../env';
import { perId } from '../lib/per-id';
import { ApiError } from '../lib/errors';
import { formatYmd } from '#shared/dates';
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

/**
 * An event's columns with its company and investors, one row an event: the investors as one JSON
 * array of [id, name, type, rowid, person id], sorted here by rowid (the order the event names them,
 * lead first; an ORDER BY inside the aggregate would sort in a temporary b-tree, which D1 counts as
 * rows read). An individual investor is matched to their person by event and name (an event names
 * each investor once); other investors read no person row.
 */
const eventColumns = {
  id: ev.id,
  date: ev.date,
  comId: ev.comId,
  money: ev.money,
  guess: ev.guessMoney,
  scope: ev.scope,
  roundId: ev.roundId,
  comName: sql<string | null>`${companies.name}`.as('com_name'),
  logo: sql<string | null>`${companies.logo}`.as('com_logo'),
  invst: sql<string>`(SELECT json_group_array(json_array(i.invst_id, i.invst_name, i.invst_type, i.rowid,
    CASE WHEN i.invst_type = 'person' THEN (SELECT pr.person_id FROM ${personRoles} pr JOIN ${persons} p ON p.id = pr.person_id
      WHERE pr.event_id = i.event_id AND p.name = i.invst_name LIMIT 1) END))
    FROM ${iei} i WHERE i.event_id = ${ev.id})`.as('invst'),
};

type EventBase = RowOf<ReturnType<typeof eventsById>>;
const eventsById = (db: Db, id: Placeholder) => db.select(eventColumns).from(ev).leftJoin(companies, eq(companies.id, ev.comId)).where(eq(ev.id, id));

/** The API rows of events read with eventColumns, round names from the isolate's kept names (lib/names.ts). */
async function eventRows(db: Db, events: EventBase[]): Promise<EventRow[]> {
  const { rounds } = await namesOf(db, { rounds: events.map((e) => e.roundId) });
  return events.map((b) => ({
    id: b.id,
    time: formatYmd(b.date),
    com_id: b.comId,
    com_name: b.comName ?? '',
    logo: b.logo ?? '',
    round: rounds.get(b.roundId) ?? '',
    money: b.money,
    guess_money: b.guess,
    scope: b.scope,
    invst: (JSON.parse(b.invst) as [number, string, InvestorType, number, number | null][])
      .sort((x, y) => x[3] - y[3])
      .map(([id, name, type, , person]) => ({ id, name, type, person_id: type === 'person' ? (person ?? 0) : 0 })),
  }));
}

/** The events of `ids`, in that order: one statement (a seek per id, lib/per-id.ts). */
export async function hydrateEvents(db: Db, ids: number[]): Promise<EventRow[]> {
  return eventRows(db, await perId(db, 'entity.events', ids, (id) => eventsById(db, id)));
}

/** A page of a kept event list read from its start or end (EndRead): the events' ids and dates, a subquery to join the events to. */
type PageSource = (r: EndRead) => Subquery & Record<'id' | 'date', AnyColumn>;

/**
 * A page starting within NEAR_ENDS rows of either end of a list_day_counts list (pages 1-3 of
 * ten) in one statement and one round trip: the kept total and the page's events, hydrated
 * (nearEndPage). An event reads about six rows (its row, its company, its investors), so pages
 * further from an end find their ids first and then read their events (keptReads), which keeps
 * every page within 3 x its rows + 100 rows read. `page` is null for a deeper page, with the total read.
 */
async function nearEvents(db: Db, shape: string, key: string, values: Record<string, unknown>, page: number, perPage: number, source: PageSource) {
  const found = await nearEndPage(
    db,
    `entity.events.near.${shape}`,
    () => ({
      total: sql`(SELECT ${dc.n} FROM ${dc} WHERE ${dc.k} = ${ph('key')} AND ${dc.level} = 0 AND ${dc.bucket} = 0)`,
      end: (r) => {
        const p = source(r);
        return db
          .select({ ...eventColumns, _id: sql<number>`${p.id}`.as('_id'), _date: sql<number>`${p.date}`.as('_date') })
          .from(p)
          .innerJoin(ev, eq(ev.id, p.id))
          .leftJoin(companies, eq(companies.id, ev.comId));
      },
    }),
    { ...values, key },
    { page, perPage, near: NEAR_ENDS },
  );
  if (!found.rows) return { total: found.total, page: null };
  // List order: newest first, the higher id first on a day.
  const rows = found.rows.sort((a, b) => b._date - a._date || b._id - a._id);
  return { total: found.total, page: { info: await eventRows(db, rows), total: found.total } };
}

/** An event list's kept levels: its deep pages walk them half a level at a time from the nearer end. */
const eventDays = (key: string) => dayList(key, YMD_WIDTHS, YMD_CHUNKS);

/** The tables a kept event list reads its order from: every event, an atlas tag's events, a firm's investments. */
const SOURCES = {
  events: { table: ev, id: ev.id, date: ev.date },
  tags: { table: iet, id: iet.eventId, date: iet.date },
  firms: { table: ief, id: ief.eventId, date: ief.date },
} as const;

/**
 * A page of an event list's ids and dates off its date index, newest first (oldest first when
 * reversed): rows matching `where`, from `day` on when set, `limit` after skipping `offset`. Values,
 * or placeholders and SQL for a shaped statement (nearEvents); keptStart's reads pass values.
 */
function idsPage(
  db: Db,
  s: (typeof SOURCES)[keyof typeof SOURCES],
  where: (SQL | undefined)[],
  r: { reverse: boolean; offset: number | SQL | Placeholder; limit: number | SQL | Placeholder; day?: number; bound?: PageRead['bound'] },
) {
  const day = dayBound(s.date, r as PageRead);
  return (
    db
      .select({ id: s.id, date: s.date })
      // The fields are the source's own columns; the cast only picks one of drizzle's table types.
      .from(s.table as typeof ev)
      .where(and(...where, day))
      .orderBy(...(r.reverse ? [asc(s.date), asc(s.id)] : [desc(s.date), desc(s.id)]))
      // An SQL LIMIT / OFFSET (pageWindowSql) is written as is; drizzle's types say number.
      .limit(r.limit as number)
      .offset(r.offset as number)
  );
}

/** The ids of a deep page's reads (keptReads) in list order, the reads in one round trip. */
async function readIds(db: Db, reads: PageRead[], query: (r: PageRead) => ReturnType<typeof idsPage>): Promise<number[]> {
  if (!reads.length) return [];
  const [first, ...rest] = reads.map(query);
  const results = await db.batch([first, ...rest]);
  return pageRows(reads, results).map((x) => x.id);
}

/** Rows from an end a page may start at and still be read in one statement with its events (nearEvents). */
const NEAR_ENDS = 21;

/**
 * The kept list an /investevent filter reads (list_day_counts key, worker/src/db/entity-kept.ts):
 * every event, a scope, an atlas tag, or both.
 */
export const eventListKey = (scope: string | undefined, tagId: number | undefined) =>
  tagId !== undefined ? (scope ? `st:${scope}:${tagId}` : `t:${tagId}`) : scope ? `s:${scope}` : 'all';

/**
 * The /investevent list: newest first, by scope (医疗健康) and/or atlas tag (by name or id). The
 * total is one kept row and a deep page seeks to its start day (keptStart, db/kept/read.ts): without a tag
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
  const key = eventListKey(scope, tagId);
  const source = tagId !== undefined ? SOURCES.tags : SOURCES.events;
  const filters = (v: { tag: number | Placeholder; scope: string | Placeholder }) =>
    tagId !== undefined ? [eq(iet.tagId, v.tag), scope ? eq(iet.scope, v.scope) : undefined] : [scope ? eq(ev.scope, v.scope) : undefined];
  const near = await nearEvents(db, `${tagId !== undefined ? 't' : ''}${scope ? 's' : ''}`, key, { tag: tagId ?? 0, scope: scope ?? '' }, q.page, perPage, (r) =>
    idsPage(db, source, filters({ tag: ph('tag'), scope: ph('scope') }), r).as('page'),
  );
  if (near.page) return near.page;
  const { total, reads } = await keptReads(db, eventDays(key), q.page, perPage, near.total);
  return { info: await hydrateEvents(db, await readIds(db, reads, (r) => idsPage(db, source, filters({ tag: tagId ?? 0, scope: scope ?? '' }), r))), total };
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
  const near = await nearEvents(db, 'firm', `f:${firmId}`, { firm: firmId }, page, ENTITY_PAGE_SIZE, (r) =>
    idsPage(db, SOURCES.firms, [eq(ief.invstId, ph('firm'))], r).as('page'),
  );
  if (near.page) return near.page;
  const { total, reads } = await keptReads(db, eventDays(`f:${firmId}`), page, ENTITY_PAGE_SIZE, near.total);
  return { info: await hydrateEvents(db, await readIds(db, reads, (r) => idsPage(db, SOURCES.firms, [eq(ief.invstId, firmId)], r))), total };
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
