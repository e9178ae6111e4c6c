/** What one day's e-mail says: the healthcare financing events and news of its window. */
import { and, asc, between, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { companies, investEventInvestors, investEvents, news, rounds } from '../db';
import type { Db } from '../env';
import { DIGEST_MAX_EVENTS, DIGEST_MAX_NEWS, DIGEST_SCOPE } from './constants';

export interface DigestInvestor {
  id: number;
  name: string;
  type: 'unstruct' | 'com' | 'invst' | 'person';
}

export interface DigestEvent {
  id: number;
  date: number;
  comId: number;
  comName: string;
  comDes: string;
  round: string;
  /** 万元; 0 when undisclosed (then guessMoney may say e.g. 数千万). */
  money: number;
  guessMoney: string;
  investors: DigestInvestor[];
}

export interface DigestNews {
  id: number;
  date: number;
  title: string;
  url: string;
  source: string;
  comId: number;
  comName: string;
}

export interface DigestContent {
  from: number;
  to: number;
  events: DigestEvent[];
  news: DigestNews[];
  /** All of the window's events / news; the e-mail lists the DIGEST_MAX_EVENTS largest events and the DIGEST_MAX_NEWS latest news. */
  eventTotal: number;
  newsTotal: number;
}

/** D1 binds at most 100 parameters a statement. */
const IN_CHUNK = 90;

export async function loadDigest(db: Db, from: number, to: number): Promise<DigestContent> {
  const inWindow = and(eq(investEvents.scope, DIGEST_SCOPE), between(investEvents.date, from, to));
  const newsInWindow = and(eq(news.scope, DIGEST_SCOPE), between(news.date, from, to));
  const [eventRows, newsRows, eventTotal, newsTotal] = await Promise.all([
    db
      .select({
        id: investEvents.id,
        date: investEvents.date,
        comId: investEvents.comId,
        comName: companies.name,
        comDes: companies.slogan,
        round: rounds.name,
        money: investEvents.money,
        guessMoney: investEvents.guessMoney,
      })
      .from(investEvents)
      .innerJoin(companies, eq(companies.id, investEvents.comId))
      .leftJoin(rounds, eq(rounds.id, investEvents.roundId))
      .where(inWindow)
      .orderBy(desc(investEvents.money), desc(investEvents.date), asc(investEvents.id))
      .limit(DIGEST_MAX_EVENTS),
    db
      .select({ id: news.id, date: news.date, title: news.title, url: news.url, source: news.source, comId: news.comId, comName: news.comName })
      .from(news)
      .where(newsInWindow)
      .orderBy(desc(news.date), desc(news.id))
      .limit(DIGEST_MAX_NEWS),
    db.select({ n: count() }).from(investEvents).where(inWindow),
    db.select({ n: count() }).from(news).where(newsInWindow),
  ]);
  const byEvent = new Map<number, DigestInvestor[]>();
  const ids = eventRows.map((e) => e.id);
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db
      .select({ eventId: investEventInvestors.eventId, id: investEventInvestors.invstId, name: investEventInvestors.invstName, type: investEventInvestors.invstType, seq: sql<number>`rowid` })
      .from(investEventInvestors)
      .where(inArray(investEventInvestors.eventId, ids.slice(i, i + IN_CHUNK)));
    // Sorted by rowid: the order the event names its investors (lead first), whatever index the query uses.
    rows.sort((a, b) => a.seq - b.seq);
    for (const r of rows) {
      const list = byEvent.get(r.eventId) ?? [];
      list.push({ id: r.id, name: r.name, type: r.type });
      byEvent.set(r.eventId, list);
    }
  }
  return {
    from,
    to,
    events: eventRows.map((e) => ({ ...e, round: e.round ?? '', investors: byEvent.get(e.id) ?? [] })),
    news: newsRows,
    eventTotal: eventTotal[0]?.n ?? 0,
    newsTotal: newsTotal[0]?.n ?? 0,
  };
}
