export * from './users';
export * from './common';
export * from './closure';
export * from './starmarket';
export * from './medical';
export * from './exports';
export * from './saas';
export * from './group';
export * from './follows';
export * from './entity';
export * from './apikeys';
export * from './ratelimit';

import { drizzle } from 'drizzle-orm/d1';

/** The cookie that carries a user's D1 Sessions bookmark between requests (read-your-writes). */
export const BOOKMARK_COOKIE = 'juzi_d1b';
/** The same bookmark as a request / response header, for clients that do not keep cookies. */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

const BOOKMARK = /^[A-Za-z0-9._:+/=-]{1,200}$/;

/**
 * The one way a request reads D1: through the D1 Sessions API, so reads may be served by a read
 * replica while a user still reads their own writes. The bookmark the user's previous response
 * carried (cookie or header) makes every query of this request see at least that state; without
 * one, the first query may go to any replica ('first-unconstrained'). `bookmark()` is the state
 * after this request, to hand back to the user. A malformed bookmark is ignored, never an error.
 */
export function sessionDb(d1: D1Database, incoming: string | undefined) {
  const session = d1.withSession(incoming && BOOKMARK.test(incoming) ? incoming : 'first-unconstrained');
  // drizzle needs prepare() and batch(), both of which a session has.
  const db = drizzleDb(session as unknown as D1Database);
  return { db, bookmark: () => session.getBookmark() };
}

/**
 * A drizzle instance for one request. Without the schema: given one, drizzle rebuilds the
 * relational-query config of every table and a query builder per table on each call, a large share
 * of a list request's CPU, and nothing here uses `db.query`.
 */
export function drizzleDb(d1: D1Database) {
  return drizzle(d1);
}
export * from './entity-kept';
