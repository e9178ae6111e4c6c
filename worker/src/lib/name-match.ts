/**
 * Company-name substring match through the name indexes kept by triggers, shared by the
 * closed-company and STAR-market selections: keywords of 3+ characters through a trigram FTS5
 * table, 1–2 characters through a per-character table (every character of a name a token) as a
 * phrase of adjacent characters, then LIKE confirms the exact substring on those candidates only.
 * A keyword with no letter or digit at all (say '%') has nothing to look up and falls back to LIKE.
 * (Raw SQL: drizzle has no FTS5 MATCH.) The SQL takes values or a shaped statement's placeholders.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { likeAnywhere } from './params';

export type NameMatchKind = 'trigram' | 'chars' | 'like';
/** A value in a condition, or a shaped statement's placeholder for it (lib/shaped.ts). */
export type Bindable = string | number | Placeholder;

/** The shortest keyword the trigram index can answer; shorter ones go to the per-character index. */
const TRIGRAM = 3;
const TOKEN_CHAR = /[\p{L}\p{N}]/u;

/** How a keyword is matched and the values its SQL binds. */
export function nameMatchOf(keyword: string): { kind: NameMatchKind; phrase: string; like: string } {
  const chars = [...keyword];
  const like = likeAnywhere(keyword);
  if (chars.length >= TRIGRAM) return { kind: 'trigram', phrase: `"${keyword.replace(/"/g, '""')}"`, like };
  const tokens = chars.filter((c) => TOKEN_CHAR.test(c));
  if (tokens.length === 0) return { kind: 'like', phrase: '', like };
  return { kind: 'chars', phrase: `"${tokens.join(' ')}"`, like };
}

/** A table's name indexes: its id (the indexes' rowid) and name columns, and the two FTS5 tables. */
export interface NameIndex {
  id: SQLiteColumn;
  name: SQLiteColumn;
  trigram: string;
  chars: string;
}

export function nameMatchSql(index: NameIndex, kind: NameMatchKind, phrase: Bindable, like: Bindable): SQL {
  const likeSql = sql`${index.name} LIKE ${like} ESCAPE '\\'`;
  if (kind === 'like') return likeSql;
  const fts = sql.raw(kind === 'trigram' ? index.trigram : index.chars);
  const candidates = sql`${index.id} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${phrase})`;
  return kind === 'trigram' ? candidates : sql`${candidates} AND ${likeSql}`;
}
