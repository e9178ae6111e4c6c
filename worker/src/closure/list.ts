/**
 * The closed-company list (GET /api/closure): filters by province, round (fund status), sector and
 * company name, three sorts, 10 per page. Each filter/sort pair runs on an index of closures;
 * totals come from the trigger-kept closure_counts when at most one filter is set.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { closureCounts, closures } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { likeAnywhere } from '../lib/params';
import { CLOSURE_PAGE_SIZE } from './constants';
import { countQuery, type CountDim } from './counts';
import { hydrateClosures, type ClosureRow } from './rows';

export interface ClosureListParams {
  com_prov?: string;
  fund_status?: number;
  cat_id?: number;
  keyword?: string;
  sort: 1 | 2 | 3;
  page: number;
  per_page?: number;
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

/**
 * The sort keys of the list (1 closing date, 2 founding date, 3 survival time), newest / longest
 * first with com_id desc breaking ties. The burn rankings order their top 100 by the same keys.
 */
export const SORT_COLUMNS = { 1: closures.closeDate, 2: closures.bornDate, 3: closures.survivalMonths } as const;

const ORDER = {
  1: [desc(SORT_COLUMNS[1]), desc(closures.comId)],
  2: [desc(SORT_COLUMNS[2]), desc(closures.comId)],
  3: [desc(SORT_COLUMNS[3]), desc(closures.comId)],
} as const;

/** The one closure_counts row that answers the total, or null when the filters need a COUNT. */
function countKey(p: ClosureListParams): { dim: CountDim; key: string } | null {
  if (p.keyword) return null;
  const set: { dim: CountDim; key: string }[] = [];
  if (p.com_prov !== undefined) set.push({ dim: 'prov', key: p.com_prov });
  if (p.cat_id !== undefined) set.push({ dim: 'cat', key: String(p.cat_id) });
  if (p.fund_status !== undefined) set.push({ dim: 'fund', key: String(p.fund_status) });
  if (set.length === 0) return { dim: 'all', key: '' };
  return set.length === 1 ? set[0] : null;
}

export async function listClosures(db: Db, p: ClosureListParams): Promise<{ info: ClosureRow[]; total: number }> {
  const perPage = p.per_page ?? CLOSURE_PAGE_SIZE;
  // With a keyword the name index drives (its matches are few); the unary + keeps SQLite from
  // walking a whole province or sector range instead and testing each row against the matches.
  const is = (column: SQLiteColumn, value: string | number) => (p.keyword ? sql`+${column} = ${value}` : eq(column, value));
  const conds: SQL[] = [];
  if (p.com_prov !== undefined) conds.push(is(closures.comProv, p.com_prov));
  if (p.cat_id !== undefined) conds.push(is(closures.catId, p.cat_id));
  if (p.fund_status !== undefined) conds.push(is(closures.fundStatusId, p.fund_status));
  if (p.keyword) conds.push(nameMatches(p.keyword));
  const where = conds.length ? and(...conds) : undefined;
  const key = countKey(p);
  const [idRows, countRows] = await db.batch([
    db
      .select({ id: closures.comId })
      .from(closures)
      .where(where)
      .orderBy(...ORDER[p.sort])
      .limit(perPage)
      .offset(offsetOf(p.page, perPage)),
    key
      ? countQuery(db, key.dim, key.key)
      : db.select({ n: sql<number>`count(*)` }).from(closures).where(where),
  ]);
  const info = await hydrateClosures(db, idRows.map((r) => r.id));
  return { info, total: countRows[0]?.n ?? 0 };
}

/**
 * Per-year closed-company counts ({ '2019': 812, ... }; JSON objects list integer keys ascending),
 * from the trigger-kept closure_counts: equal to GROUP BY close_year without reading every row.
 */
export async function yearNumbers(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ key: closureCounts.key, n: closureCounts.n })
    .from(closureCounts)
    .where(and(eq(closureCounts.dim, 'year'), sql`${closureCounts.n} > 0`));
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

export async function requireClosure(db: Db, comId: number): Promise<void> {
  const row = await db.select({ id: closures.comId }).from(closures).where(eq(closures.comId, comId)).get();
  if (!row) throw new ApiError('NOT_FOUND', '该公司不存在');
}
