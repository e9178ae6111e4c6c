/**
 * The one definition of the STAR-market selection: the filters of /kcb/project (keyword on the
 * short name, sector, province and, for applicants, review state) and its order (newest
 * acceptance first). The lists, the state counts and the export kinds all build their WHERE
 * from here, so a tab and its export always hold the same rows in the same order.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { starmarketCompanies as m } from '../db';
import { likeAnywhere } from '../lib/params';

export interface StarFilter {
  keyword?: string;
  cat_id?: number;
  com_prov?: string;
  /** Review state (applicants only). */
  state?: number;
}

/** Applicants (0: every company not listed, whatever its review state) or listed companies (1). */
export type Listed = 0 | 1;

const TOKEN_CHAR = /[\p{L}\p{N}]/u;

/**
 * Short-name substring match through the name indexes kept by triggers (migration
 * *_speed_kept_triggers): 3+ characters through the trigram FTS5 table, 1–2 characters through
 * the per-character table as a phrase of adjacent characters, confirmed by LIKE on those
 * candidates only. A keyword without any letter or digit has nothing to look up: LIKE alone.
 */
export function starNameMatches(keyword: string): SQL {
  const chars = [...keyword];
  const like = sql`${m.comName} LIKE ${likeAnywhere(keyword)} ESCAPE '\\'`;
  if (chars.length >= 3) return sql`${m.mComId} IN (SELECT rowid FROM starmarket_name_fts WHERE starmarket_name_fts MATCH ${`"${keyword.replace(/"/g, '""')}"`})`;
  const tokens = chars.filter((c) => TOKEN_CHAR.test(c));
  if (tokens.length === 0) return like;
  return sql`${m.mComId} IN (SELECT rowid FROM starmarket_name_chars WHERE starmarket_name_chars MATCH ${`"${tokens.join(' ')}"`}) AND ${like}`;
}

export function starConditions(p: StarFilter, listed: Listed): SQL[] {
  // With a keyword the name index drives (its matches are few); the unary + keeps SQLite from
  // walking a whole tab, province or sector range and testing each row against the matches.
  const is = (column: SQLiteColumn, value: string | number) => (p.keyword ? sql`+${column} = ${value}` : eq(column, value));
  const where = [is(m.isListed, listed)];
  if (p.keyword) where.push(starNameMatches(p.keyword));
  if (p.cat_id !== undefined) where.push(is(m.catId, p.cat_id));
  if (p.com_prov !== undefined) where.push(is(m.comProv, p.com_prov));
  if (p.state !== undefined) where.push(is(m.stateId, p.state));
  return where;
}

/** ORDER BY of every list: acceptance date, then m_com_id, newest first (a total order for keyset reads). */
export const starOrder = () => [desc(m.acceptanceTime), desc(m.mComId)] as const;

/** The same order as keyset columns for the export reader. */
export const starSortKey = () => [sql`${m.acceptanceTime}`, sql`${m.mComId}`];

/** True when the request sets any filter (a visitor may not). */
export const hasFilter = (p: StarFilter) => Boolean(p.keyword) || p.cat_id !== undefined || p.com_prov !== undefined || p.state !== undefined;
