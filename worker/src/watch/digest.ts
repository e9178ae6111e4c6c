/**
 * The watchlist digest in the 10:00 job (working days, the healthcare digest's calendar): one e-mail
 * per user with the new matches of their saved searches, fanned out through the digest queue with
 * one delivery row per user per day (watch_digests), like the healthcare digest.
 *
 * The matching step (matches.ts matchSearches) reads the change log, not the lists; a row found by
 * several searches of one user is one alert, under the first search that found it.
 */
import { EmailMessage } from 'cloudflare:email';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzleDb, users } from '../db';
import { digestWindow } from '../digest/calendar';
import { digestSecret } from '../digest/signing';
import type { Env } from '../env';
import { DAY_MS, ymd } from '#shared/dates';
import { mailboxOf } from './mailbox';
import { matchSearches, type WatchSection } from './matches';
import { renderWatchDigest } from './render';
import { savedSearches, watchDigests, watchMarks } from './tables';
import { FOLLOWS_SECTION, matchFollows } from './follows';
import { unsubscribeUrl } from './tokens';

/** Users per queue message, items per search and searches per e-mail. */
export const WATCH_CHUNK = 50;
export const WATCH_MAX_ATTEMPTS = 4;
export const WATCH_LEASE_MS = 10 * 60_000;
export const WATCH_RETRY_AFTER_MS = 5 * 60_000;

/** A message on the digest queue for the watchlist digest (the healthcare digest's carry subscription ids). */
export interface WatchMessage {
  kind: 'watch';
  day: number;
  userIds: number[];
}

export const isWatchMessage = (b: unknown): b is WatchMessage => typeof b === 'object' && b !== null && (b as { kind?: unknown }).kind === 'watch';


export interface WatchRun {
  day: number;
  workday: boolean;
  searches: number;
  changesRead: number;
  listsRun: number;
  planned: number;
  messages: number;
}

/**
 * The D1 half of the cron's step: on a working day, match every active mailed search, write one
 * queued row per user with matches and an address (a rerun keeps the first row), and move the
 * searches' high-water mark.
 */
export async function planWatchDigest(env: Env, scheduledTime: number, now = Date.now()): Promise<WatchRun> {
  const db = drizzleDb(env.DB);
  const day = ymd(scheduledTime);
  const empty = { day, workday: false, searches: 0, changesRead: 0, listsRun: 0, planned: 0, messages: 0 };
  if (!(await digestWindow(db, day))) return empty;
  const searches = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.paused, 0), eq(savedSearches.mail, 1)))
    .orderBy(savedSearches.userId, savedSearches.id);
  const run = await matchSearches(db, searches, now);
  // Followed companies: since the last working day's run (a first run looks back one day).
  const mark = await db.select({ at: watchMarks.at }).from(watchMarks).where(eq(watchMarks.name, FOLLOWS_MARK)).get();
  const followed = await matchFollows(db, mark?.at ?? now - DAY_MS, now);
  run.changesRead += followed.changesRead;
  for (const [userId, section] of followed.sections) {
    // A row a saved search of the user already carries is not repeated under the followed companies.
    const mine = run.sections.get(userId) ?? [];
    const alerted = new Set(mine.flatMap((x) => x.items.map((i) => `${i.source}:${i.id}`)));
    const listed = section.items.length;
    section.items = section.items.filter((i) => !alerted.has(`${i.source}:${i.id}`));
    section.total -= listed - section.items.length;
    if (section.items.length) run.sections.set(userId, [...mine, section]);
  }
  let planned = 0;
  for (const [userId, sections] of run.sections) {
    const user = await db.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, userId)).get();
    const email = user ? await mailboxOf(db, user) : null;
    if (!email) continue;
    const r = await db
      .insert(watchDigests)
      .values({ userId, day, email, status: 'queued', matches: sections.reduce((n, s) => n + s.total, 0), payload: JSON.stringify(sections), touchedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: watchDigests.userId });
    planned += r.length;
  }
  // Matched up to `now`: the next run starts there (a search saved or resumed later keeps its own later mark).
  const ids = searches.map((s) => s.id);
  for (let i = 0; i < ids.length; i += 90) {
    await db
      .update(savedSearches)
      .set({ notifiedAt: now })
      .where(and(inArray(savedSearches.id, ids.slice(i, i + 90)), sql`${savedSearches.notifiedAt} < ${now}`));
  }
  await db.insert(watchMarks).values({ name: FOLLOWS_MARK, at: now }).onConflictDoUpdate({ target: watchMarks.name, set: { at: now } });
  return { day, workday: true, searches: searches.length, changesRead: run.changesRead, listsRun: run.listsRun, planned, messages: 0 };
}

const FOLLOWS_MARK = 'follows';

/** The cron's step: plan, then send the day's due rows to the digest queue. */
export async function runWatchDigest(env: Env, scheduledTime: number, now = Date.now()): Promise<WatchRun> {
  const run = await planWatchDigest(env, scheduledTime, now);
  if (!run.workday) return run;
  run.messages = await enqueue(env, run.day, await dueWatchMessages(env, run.day, now, false), now);
  console.log(`watch digest ${run.day}: ${run.searches} searches, ${run.changesRead} changed rows read, ${run.listsRun} lists run, ${run.planned} planned`);
  return run;
}

/** Messages for `day`'s due rows: all queued ones, or (the reconciler) only those that waited too long. */
export async function dueWatchMessages(env: Env, day: number, now: number, settled: boolean): Promise<WatchMessage[]> {
  const db = drizzleDb(env.DB);
  const queuedBefore = settled ? now - WATCH_LEASE_MS : Number.MAX_SAFE_INTEGER;
  const failedBefore = settled ? now - WATCH_RETRY_AFTER_MS : Number.MAX_SAFE_INTEGER;
  const due = await db
    .select({ userId: watchDigests.userId })
    .from(watchDigests)
    .where(
      and(
        eq(watchDigests.day, day),
        sql`((${watchDigests.status} = 'queued' and ${watchDigests.touchedAt} < ${queuedBefore})
          or (${watchDigests.status} = 'failed' and ${watchDigests.attempts} < ${WATCH_MAX_ATTEMPTS} and ${watchDigests.touchedAt} < ${failedBefore})
          or (${watchDigests.status} = 'sending' and ${watchDigests.touchedAt} < ${now - WATCH_LEASE_MS}))`,
      ),
    );
  const userIds = due.map((d) => d.userId);
  const messages: WatchMessage[] = [];
  for (let i = 0; i < userIds.length; i += WATCH_CHUNK) messages.push({ kind: 'watch', day, userIds: userIds.slice(i, i + WATCH_CHUNK) });
  return messages;
}

/** Sends the messages and restarts their rows' lease. */
async function enqueue(env: Env, day: number, messages: WatchMessage[], now: number): Promise<number> {
  const db = drizzleDb(env.DB);
  const userIds = messages.flatMap((m) => m.userIds);
  // The digest queue's messages are typed for the healthcare digest; this one is told apart by `kind`.
  const queue = env.DIGEST_QUEUE as unknown as Queue<WatchMessage>;
  for (let i = 0; i < messages.length; i += 100) await queue.sendBatch(messages.slice(i, i + 100).map((body) => ({ body })));
  for (let i = 0; i < userIds.length; i += 90) {
    await db
      .update(watchDigests)
      .set({ touchedAt: now })
      .where(and(eq(watchDigests.day, day), inArray(watchDigests.userId, userIds.slice(i, i + 90)), inArray(watchDigests.status, ['queued', 'failed'])));
  }
  return messages.length;
}

/** The reconciler's part: today's watch rows that waited too long go back to the queue. */
export async function reconcileWatchDigest(env: Env, now = Date.now()): Promise<number> {
  const day = ymd(now);
  return enqueue(env, day, await dueWatchMessages(env, day, now, true), now);
}

const nonce = () => [...crypto.getRandomValues(new Uint8Array(12))].map((x) => x.toString(16).padStart(2, '0')).join('');

/** One queue message: claim its users' rows, send each one e-mail, settle each row (conditional on the claim). */
export async function sendWatchChunk(env: Env, msg: WatchMessage, now = Date.now()): Promise<{ userId: number; status: 'sent' | 'failed' }[]> {
  if (!digestSecret(env)) throw new Error('DIGEST_SECRET is not set: the watchlist digest cannot sign its unsubscribe links');
  const db = drizzleDb(env.DB);
  const claim = nonce();
  const claimed = await db
    .update(watchDigests)
    .set({ status: 'sending', claim, attempts: sql`${watchDigests.attempts} + 1`, touchedAt: now, error: '' })
    .where(
      and(
        eq(watchDigests.day, msg.day),
        inArray(watchDigests.userId, msg.userIds),
        sql`(${watchDigests.status} = 'queued'
          or (${watchDigests.status} = 'failed' and ${watchDigests.attempts} < ${WATCH_MAX_ATTEMPTS})
          or (${watchDigests.status} = 'sending' and ${watchDigests.touchedAt} < ${now - WATCH_LEASE_MS}))`,
      ),
    )
    .returning({ userId: watchDigests.userId, email: watchDigests.email, payload: watchDigests.payload });
  const out: { userId: number; status: 'sent' | 'failed' }[] = [];
  const settle = async (userId: number, set: Partial<typeof watchDigests.$inferInsert>) =>
    db
      .update(watchDigests)
      .set({ ...set, touchedAt: Date.now() })
      .where(and(eq(watchDigests.day, msg.day), eq(watchDigests.userId, userId), eq(watchDigests.status, 'sending'), eq(watchDigests.claim, claim)));
  // Loaded on first use, once per batch: the worker starts without the MIME builder.
  const { buildMime } = await import('../digest/mime');
  for (const row of claimed) {
    try {
      const sections = JSON.parse(row.payload) as WatchSection[];
      const links = await Promise.all(
        sections.map((s) => unsubscribeUrl(env, s.searchId === FOLLOWS_SECTION.searchId ? { follows: row.userId } : { search: s.searchId })),
      );
      // The header's one-click stops all of the user's watchlist e-mail; each section's link, its own search's.
      const all = await unsubscribeUrl(env, { user: row.userId });
      const body = renderWatchDigest(env.APP_ORIGIN, msg.day, sections, links as string[], { email: row.email, unsubscribeAll: all! });
      const { raw, messageId } = buildMime({
        from: { name: '桔子订阅', address: env.MAIL_FROM },
        to: row.email,
        subject: body.subject,
        text: body.text,
        html: body.html,
        headers: {
          'List-Unsubscribe': `<${all}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `<watchlist.${env.MAIL_FROM.slice(env.MAIL_FROM.lastIndexOf('@') + 1)}>`,
        },
      });
      const sent = (await env.EMAIL.send(new EmailMessage(env.MAIL_FROM, row.email, raw))) as { messageId?: string } | undefined;
      await settle(row.userId, { status: 'sent', messageId: sent?.messageId ?? messageId, sentAt: Date.now() });
      out.push({ userId: row.userId, status: 'sent' });
    } catch (e) {
      await settle(row.userId, { status: 'failed', error: (e instanceof Error ? e.message : String(e)).slice(0, 500) });
      out.push({ userId: row.userId, status: 'failed' });
    }
  }
  return out;
}
