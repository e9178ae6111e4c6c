/** Saved searches: checking a query against its list's schema, the per-role limit, reads and changes. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { randomHex } from '../auth/password';
import type { Db, Env, SessionUser } from '../env';
import { ApiError } from '../lib/errors';
import { issueError } from '../lib/route';
import { AREAS, PAGING_FIELDS } from './areas';
import { WATCH_LIMITS, WATCH_MESSAGES, WATCH_ROLE_NAMES, type WatchArea } from './constants';
import { savedSearches } from './tables';
import { feedHashOf } from './tokens';

export type SavedSearch = typeof savedSearches.$inferSelect;

/**
 * The query as it is kept: the caller's own fields minus paging, after the list's schema accepted
 * them (the first issue is refused with the list call's own message, naming the field).
 */
export function checkQuery(area: WatchArea, raw: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(raw).filter(([k, v]) => !(PAGING_FIELDS as readonly string[]).includes(k) && v !== undefined && v !== null && v !== ''));
  const known = new Set(Object.keys(AREAS[area].schema.shape));
  const unknown = Object.keys(kept).find((k) => !known.has(k));
  if (unknown) throw new ApiError('BAD_REQUEST', `query.${unknown}：该列表没有这个筛选条件`, { field: `query.${unknown}` });
  const r = AREAS[area].schema.safeParse(kept);
  if (!r.success) throw issueError(r.error, 'query');
  return kept;
}

/** The query, parsed by its list's schema (defaults filled in) for a run. */
export function parsedQuery(s: Pick<SavedSearch, 'area' | 'query'>): Record<string, unknown> {
  return AREAS[s.area as WatchArea].schema.parse(JSON.parse(s.query)) as Record<string, unknown>;
}

export const roleOf = (u: Pick<SessionUser, 'isVip' | 'svip'>) => (u.svip ? 'svip' : u.isVip ? 'vip' : 'user');

/**
 * Saves a search unless the user is at their role's limit: one INSERT ... SELECT ... WHERE count < limit,
 * so two saves at once never pass the limit together (the builder has no conditional insert).
 */
export async function createSearch(db: Db, env: Env, user: SessionUser, input: { name: string; area: WatchArea; query: Record<string, unknown> }, now = Date.now()) {
  const role = roleOf(user);
  const max = WATCH_LIMITS[role];
  const salt = randomHex(16);
  const hash = await feedHashOf(env, salt);
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO saved_searches (user_id, name, area, query, paused, mail, feed_salt, feed_hash, seen_at, notified_at, hooked_at, created_at, updated_at)
    SELECT ${user.id}, ${input.name}, ${input.area}, ${JSON.stringify(input.query)}, 0, 1, ${salt}, ${hash}, ${now}, ${now}, ${now}, ${now}, ${now}
    WHERE (SELECT count(*) FROM saved_searches WHERE user_id = ${user.id}) < ${max}
    RETURNING id`);
  const id = rows[0]?.id;
  // A plain user past the limit is shown the membership prompt (a VIP keeps 100); a member at theirs is told to delete.
  if (!id) throw new ApiError(role === 'user' ? 'VIP_REQUIRED' : 'CONFLICT', WATCH_MESSAGES.limit(max, WATCH_ROLE_NAMES[role]), { limit: max });
  return (await searchOf(db, user.id, id))!;
}

/** The user's own search, or undefined (another user's search is as absent as a deleted one). */
export const searchOf = (db: Db, userId: number, id: number) =>
  db.select().from(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).get();

export async function requireSearch(db: Db, userId: number, id: number): Promise<SavedSearch> {
  const s = await searchOf(db, userId, id);
  if (!s) throw new ApiError('NOT_FOUND', WATCH_MESSAGES.notFound);
  return s;
}

export async function searchPage(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export interface SearchChange {
  name?: string;
  paused?: boolean;
  mail?: boolean;
  seen?: boolean;
  revoke_feed?: boolean;
}

export async function updateSearch(db: Db, env: Env, s: SavedSearch, change: SearchChange, now = Date.now()): Promise<SavedSearch> {
  const set: Partial<SavedSearch> = { updatedAt: now };
  if (change.name !== undefined) set.name = change.name;
  if (change.paused !== undefined) set.paused = change.paused ? 1 : 0;
  if (change.mail !== undefined) set.mail = change.mail ? 1 : 0;
  if (change.seen) set.seenAt = now;
  if (change.revoke_feed) {
    set.feedSalt = randomHex(16);
    set.feedHash = await feedHashOf(env, set.feedSalt);
  }
  // Resuming does not replay what happened while paused.
  if (change.paused === false && s.paused === 1) {
    set.notifiedAt = now;
    set.hookedAt = now;
  }
  const [row] = await db.update(savedSearches).set(set).where(and(eq(savedSearches.id, s.id), eq(savedSearches.userId, s.userId))).returning();
  return row!;
}

export async function deleteSearch(db: Db, s: SavedSearch) {
  await db.delete(savedSearches).where(and(eq(savedSearches.id, s.id), eq(savedSearches.userId, s.userId)));
}
