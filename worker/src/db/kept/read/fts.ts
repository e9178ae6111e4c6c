/**
 * A list whose order is the rowids of an FTS5 index (a packed sort key, day × ID_SPAN + id, newest
 * first) and whose total for one term is that term's document count (one fts5vocab row): a page is
 * read off the index from the nearer end, so it reads what it returns however many rows hold the term.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../env';
import { inListOrder, pageWindow } from './window.ts';

export interface FtsList {
  /** The FTS5 table whose rowids are the list's order. */
  index: string;
  /** The fts5vocab table ('row' or 'col' kind: its `doc` column) counting the term's documents. */
  vocab: string;
  /** The term (one token), matched as a phrase. */
  term: string;
  /** The id part of the packed rowid: id = rowid % span. */
  span: number;
}

/** Page `page` of the list: the ids in list order and the total. */
export async function ftsPage(db: Db, list: FtsList, page: number, perPage: number): Promise<{ ids: number[]; total: number }> {
  const [vocab] = await db.all<{ doc: number }>(sql`SELECT doc FROM ${sql.identifier(list.vocab)} WHERE term = ${list.term}`);
  const total = vocab?.doc ?? 0;
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return { ids: [], total };
  const index = sql.identifier(list.index);
  const keys = await db.all<{ k: number }>(
    sql`SELECT rowid AS k FROM ${index} WHERE ${index} MATCH ${`"${list.term}"`} ORDER BY rowid ${sql.raw(w.reverse ? 'ASC' : 'DESC')} LIMIT ${w.limit} OFFSET ${w.offset}`,
  );
  return { ids: inListOrder(w, keys.map((r) => r.k % list.span)), total };
}
