/**
 * Followed companies in the digest: the financing events and news logged since the last run whose
 * company a user follows (and followed before the change). Read in proportion to the changes: the
 * change log's new rows, those rows with their company, and the follows of those companies (by
 * the follows' item index).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { closures, companies, follows, investEvents, news, rounds } from '../db';
import type { Db } from '../env';
import { roundAmount } from '#shared/amounts';
import { formatYmd } from '#shared/dates';
import { changesBetween, WATCH_ITEMS_PER_SEARCH, type WatchItem, type WatchSection } from './matches';
import { watchFollowMail, watchFollowVisits } from './tables';

/** The section's place in an e-mail: not a saved search (search id 0). */
export const FOLLOWS_SECTION = { searchId: 0, name: '关注的公司', areaName: '关注的公司', listUrl: '/user-center/follows' } as const;

const IN_CHUNK = 90;

async function inChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) out.push(...(await read(ids.slice(i, i + IN_CHUNK))));
  return out;
}

interface Changed {
  item: WatchItem;
  comId: number;
}

/** Each user's new items of followed companies in (since, until], newest first; users who turned them off are left out. */
export async function matchFollows(db: Db, since: number, until: number): Promise<{ changesRead: number; sections: Map<number, WatchSection> }> {
  const [eventChanges, newsChanges] = await Promise.all([changesBetween(db, 'invest_events', since, until), changesBetween(db, 'news', since, until)]);
  const changed: Changed[] = [];
  const events = await inChunks([...eventChanges.keys()], (ids) =>
    db
      .select({ id: investEvents.id, comId: investEvents.comId, date: investEvents.date, money: investEvents.money, guess: investEvents.guessMoney, name: companies.name, round: rounds.name })
      .from(investEvents)
      .innerJoin(companies, eq(companies.id, investEvents.comId))
      .leftJoin(rounds, eq(rounds.id, investEvents.roundId))
      .where(inArray(investEvents.id, ids)),
  );
  for (const e of events) {
    const money = roundAmount(e.money, e.guess, '金额未透露');
    changed.push({
      comId: e.comId,
      item: { source: 'invest_events', id: e.id, changedAt: eventChanges.get(e.id)!, title: `${e.name} 完成${e.round || '新一轮'}融资`, summary: `${formatYmd(e.date)} · ${money}`, path: `/company/${e.comId}` },
    });
  }
  const items = await inChunks([...newsChanges.keys()], (ids) =>
    db.select({ id: news.id, comId: news.comId, title: news.title, source: news.source, date: news.date }).from(news).where(inArray(news.id, ids)),
  );
  for (const n of items) {
    if (n.comId <= 0) continue;
    changed.push({
      comId: n.comId,
      item: { source: 'news', id: n.id, changedAt: newsChanges.get(n.id)!, title: n.title, summary: [formatYmd(n.date), n.source].filter(Boolean).join(' · '), path: `/company/${n.comId}` },
    });
  }
  const sections = new Map<number, WatchSection>();
  if (!changed.length) return { changesRead: eventChanges.size + newsChanges.size, sections };
  const comIds = [...new Set(changed.map((c) => c.comId))];
  const followers = await inChunks(comIds, (ids) =>
    db.select({ userId: follows.userId, comId: follows.itemId, at: follows.createdAt }).from(follows).where(and(eq(follows.type, 1), inArray(follows.itemId, ids))),
  );
  const off = new Set(
    (await inChunks([...new Set(followers.map((f) => f.userId))], (ids) =>
      db.select({ userId: watchFollowMail.userId }).from(watchFollowMail).where(and(inArray(watchFollowMail.userId, ids), eq(watchFollowMail.mail, 0))),
    )).map((r) => r.userId),
  );
  const byCompany = new Map<number, Changed[]>();
  for (const c of changed) byCompany.set(c.comId, [...(byCompany.get(c.comId) ?? []), c]);
  const perUser = new Map<number, WatchItem[]>();
  for (const f of followers) {
    if (off.has(f.userId)) continue;
    const mine = (byCompany.get(f.comId) ?? []).filter((c) => c.item.changedAt > f.at).map((c) => c.item);
    if (mine.length) perUser.set(f.userId, [...(perUser.get(f.userId) ?? []), ...mine]);
  }
  for (const [userId, list] of perUser) {
    list.sort((a, b) => b.changedAt - a.changedAt);
    sections.set(userId, { ...FOLLOWS_SECTION, items: list.slice(0, WATCH_ITEMS_PER_SEARCH), total: list.length });
  }
  return { changesRead: eventChanges.size + newsChanges.size, sections };
}

/** Turns the followed companies' part of a user's digest on or off. */
export async function setFollowMail(db: Db, userId: number, on: boolean, now = Date.now()) {
  await db
    .insert(watchFollowMail)
    .values({ userId, mail: on ? 1 : 0, updatedAt: now })
    .onConflictDoUpdate({ target: watchFollowMail.userId, set: { mail: on ? 1 : 0, updatedAt: now } });
}

export interface FollowedCompany {
  com_id: number;
  name: string;
  logo: string;
  /** Financing events and news of the company logged since the later of the follow and the last visit. */
  new_count: number;
  followed_at: number;
  seen_at: number;
}

/**
 * A page of the user's followed companies (newest follow first) with their new matches, counted the
 * way the digest finds them: the company's own events and news (by their company index) whose
 * change-log entries (by row) are later than the follow and the user's last visit from the page.
 */
export async function followedPage(db: Db, userId: number, page: number, perPage: number): Promise<{ rows: FollowedCompany[]; total: number }> {
  const since = sql`max(${follows.createdAt}, coalesce(${watchFollowVisits.seenAt}, 0))`;
  const changedAfter = (source: string, id: unknown) =>
    sql`exists (select 1 from watch_changes w where w.source = ${source} and w.row_id = ${id} and w.changed_at > ${since})`;
  const [rows, total] = await Promise.all([
    db
      .select({
        com_id: follows.itemId,
        // A closed company may have no row in `companies`; its closure row then names it.
        name: sql<string>`coalesce(${companies.name}, ${closures.comName}, '')`,
        logo: sql<string>`coalesce(nullif(${companies.logo}, ''), ${closures.logo}, '')`,
        new_count: sql<number>`(select count(*) from invest_events e where e.com_id = ${follows.itemId} and ${changedAfter('invest_events', sql`e.id`)})
          + (select count(*) from news n where n.com_id = ${follows.itemId} and ${changedAfter('news', sql`n.id`)})`,
        followed_at: follows.createdAt,
        seen_at: sql<number>`${since}`,
      })
      .from(follows)
      .leftJoin(companies, eq(companies.id, follows.itemId))
      .leftJoin(closures, eq(closures.comId, follows.itemId))
      .leftJoin(watchFollowVisits, and(eq(watchFollowVisits.userId, follows.userId), eq(watchFollowVisits.comId, follows.itemId)))
      .where(and(eq(follows.userId, userId), eq(follows.type, 1)))
      .orderBy(sql`${follows.createdAt} desc`, sql`"follows".rowid desc`)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(follows).where(and(eq(follows.userId, userId), eq(follows.type, 1))),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Marks a followed company visited from the watchlist page; false when the user does not follow it. */
export async function markFollowSeen(db: Db, userId: number, comId: number, now = Date.now()): Promise<boolean> {
  const followed = await db.select({ at: follows.createdAt }).from(follows).where(and(eq(follows.userId, userId), eq(follows.type, 1), eq(follows.itemId, comId))).get();
  if (!followed) return false;
  await db
    .insert(watchFollowVisits)
    .values({ userId, comId, seenAt: now })
    .onConflictDoUpdate({ target: [watchFollowVisits.userId, watchFollowVisits.comId], set: { seenAt: now } });
  return true;
}
