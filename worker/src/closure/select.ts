/**
 * The one definition of the closed-company selection: the list's filters (province, sector, round,
 * company name) and sorts (closing, founding, survival). The home list, the burn rankings and the
 * export kinds all build their WHERE and ORDER BY from here, so a page and its export always list
 * the same rows in the same order.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { closures } from '../db';
import { likeAnywhere } from '../lib/params';
import type { ClosureSort } from './constants';

export interface ClosureFilter {
  com_prov?: string;
  cat_id?: number;
  fund_status?: number;
  keyword?: string;
}

/** The shortest keyword the trigram index can answer; shorter ones go to the per-character index. */
const TRIGRAM = 3;

const TOKEN_CHAR = /[\p{L}\p{N}]/u;

/**
 * Company-name substring match, always through an index of closures' names kept by triggers:
 * keywords of 3+ characters use the trigram FTS5 table (closure_name_fts); 1–2 characters use
 * closure_name_chars, where every character of a name is a token and the keyword a phrase of
 * adjacent ones, then LIKE confirms the exact substring on those candidates only.
 * A keyword with no letter or digit at all (say '%') has nothing to look up and falls back to LIKE.
 * (Raw SQL: drizzle has no FTS5 MATCH.)
 */
export function nameMatches(keyword: string): SQL {
  const chars = [...keyword];
  const like = sql`${closures.comName} LIKE ${likeAnywhere(keyword)} ESCAPE '\\'`;
  if (chars.length >= TRIGRAM) {
    const phrase = `"${keyword.replace(/"/g, '""')}"`;
    return sql`${closures.comId} IN (SELECT rowid FROM closure_name_fts WHERE closure_name_fts MATCH ${phrase})`;
  }
  const tokens = chars.filter((c) => TOKEN_CHAR.test(c));
  if (tokens.length === 0) return like;
  const phrase = `"${tokens.join(' ')}"`;
  return sql`${closures.comId} IN (SELECT rowid FROM closure_name_chars WHERE closure_name_chars MATCH ${phrase}) AND ${like}`;
}

/** The filters as conditions on closures (empty when none is set). */
export function closureConditions(p: ClosureFilter): SQL[] {
  // With a keyword the name index drives (its matches are few); the unary + keeps SQLite from
  // walking a whole province or sector range instead and testing each row against the matches.
  const is = (column: SQLiteColumn, value: string | number) => (p.keyword ? sql`+${column} = ${value}` : eq(column, value));
  const conds: SQL[] = [];
  if (p.com_prov !== undefined) conds.push(is(closures.comProv, p.com_prov));
  if (p.cat_id !== undefined) conds.push(is(closures.catId, p.cat_id));
  if (p.fund_status !== undefined) conds.push(is(closures.fundStatusId, p.fund_status));
  if (p.keyword) conds.push(nameMatches(p.keyword));
  return conds;
}

export const closureWhere = (p: ClosureFilter): SQL | undefined => {
  const conds = closureConditions(p);
  return conds.length ? and(...conds) : undefined;
};

/**
 * The sort keys (1 closing date, 2 founding date, 3 survival time), newest / longest first with
 * com_id desc breaking ties. The burn rankings order their top 100 by the same keys.
 */
export const SORT_COLUMNS = { 1: closures.closeDate, 2: closures.bornDate, 3: closures.survivalMonths } as const;

/** ORDER BY of a sort: its key, then com_id, both descending (a total order, so keyset reads never skip). */
export const closureOrder = (sort: ClosureSort) => [desc(SORT_COLUMNS[sort]), desc(closures.comId)] as const;

/** The order as (key, direction) for the export's keyset reader. */
export const closureSortKey = (sort: ClosureSort) => [SORT_COLUMNS[sort], closures.comId] as const;
