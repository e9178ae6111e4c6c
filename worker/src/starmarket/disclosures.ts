/**
 * Information disclosure (/starmarket/info_disclosure): the search page over every filing (type,
 * keyword on the file name through FTS5 name indexes; 20 per page) and one company's own filings
 * (5 per page in its detail), newest first; totals from the kept disclosure_counts; /starmarket/type_list gives the type options.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { disclosureTypes, disclosures as d, starmarketCompanies as m } from '../db';
import { keptTotalSql, nearEndPage, offsetOf, pageWindow } from '../db/kept/read.ts';
import { ID_SPAN } from '../db/kept/shape.ts';
import { keptDisclosureCounts } from '../db/kept/starmarket.ts';
import type { Db } from '../env';
import { likeAnywhere } from '../lib/params';
import { rawBatch } from '../lib/raw-batch';
import { namesOf } from '../lib/names';
import { ph } from '../lib/shaped';
import { formatYmd } from '#shared/dates';

export interface DisclosureParams {
  keyword?: string;
  type?: number;
  m_com_id?: number;
  page: number;
  per_page: number;
}

const TOKEN_CHAR = /[\p{L}\p{N}]/u;

/**
 * The file-name keyword through the name indexes kept by triggers: 3+ characters through the
 * trigram FTS5 table, 1–2 characters through the per-character table (a phrase of adjacent
 * characters) confirmed by LIKE, no letter or digit at all through LIKE alone. `count` answers
 * the number of matches from the index alone when the keyword is the only filter.
 */
function keywordMatch(keyword: string): { cond: SQL; ids: SQL | null; exact: boolean } {
  const chars = [...keyword];
  const like = sql`${d.fileName} LIKE ${likeAnywhere(keyword)} ESCAPE '\\'`;
  if (chars.length >= 3) {
    const ids = sql`SELECT rowid FROM disclosure_name_fts WHERE disclosure_name_fts MATCH ${`"${keyword.replace(/"/g, '""')}"`}`;
    return { cond: sql`${d.id} IN (${ids})`, ids, exact: true };
  }
  const tokens = chars.filter((c) => TOKEN_CHAR.test(c));
  if (!tokens.length) return { cond: like, ids: null, exact: false };
  const ids = sql`SELECT rowid FROM disclosure_name_chars WHERE disclosure_name_chars MATCH ${`"${tokens.join(' ')}"`}`;
  return { cond: sql`${d.id} IN (${ids}) AND ${like}`, ids, exact: false };
}

/** Rowids of disclosure_name_ord: disclosure_time * KEY_SPAN + id (the list order; keptDisclosurePacking guards it). */
const KEY_SPAN = ID_SPAN;

/** A keyword with at least this many matches keeps its total and page anchors (disclosure_keyword_totals). */
const KEEP_FROM = 100;
/** Every ANCHOR_GAP-th match key (newest first) is kept, so a deep page walks at most this many matches. */
const ANCHOR_GAP = 20;
/** A page this close to either end of the matches is read directly off the index from that end. */
const NEAR_END = 40;

/**
 * Reads every match of the phrase, newest first (the FTS index gives one row per match, also to a
 * count), and, when there are KEEP_FROM or more, keeps the total and every ANCHOR_GAP-th match key
 * with the data version they were read at (migration 0043: a new, deleted or renamed filing bumps
 * the version and clears them), replacing the keyword's earlier ones in one batch. Returns the total.
 */
async function keepPhrase(db: Db, key: string, phrase: string): Promise<number> {
  const rows = await db.all<{ k: number; ver: number }>(
    sql`SELECT rowid AS k, (SELECT ver FROM disclosure_name_version WHERE id = 1) AS ver FROM disclosure_name_ord WHERE disclosure_name_ord MATCH ${phrase} ORDER BY rowid DESC`,
  );
  if (rows.length >= KEEP_FROM) {
    const anchors = rows.filter((_, i) => i % ANCHOR_GAP === 0).map((r, n) => sql`(${key}, ${n}, ${r.k})`);
    const chunks: SQL[] = [];
    for (let i = 0; i < anchors.length; i += 30) {
      chunks.push(sql`INSERT INTO disclosure_keyword_anchors (keyword, n, k) VALUES ${sql.join(anchors.slice(i, i + 30), sql`, `)}`);
    }
    await rawBatch(db, [
      sql`DELETE FROM disclosure_keyword_anchors WHERE keyword = ${key}`,
      ...chunks,
      sql`INSERT INTO disclosure_keyword_totals (keyword, n, ver) VALUES (${key}, ${rows.length}, ${rows[0].ver}) ON CONFLICT (keyword) DO UPDATE SET n = excluded.n, ver = excluded.ver`,
    ]);
  }
  return rows.length;
}

/**
 * A 3+ character keyword alone, off disclosure_name_ord (rowid = list order). The total: the kept
 * one while current; else the trigram's document count (one vocabulary row) for exactly 3
 * characters; else the matches are read and counted, and kept when there are many. A page near
 * either end is read off the index from that end; a deeper page of a keyword with many matches
 * starts at the kept anchor at or before it (its first read keeps them, for a 3-character keyword
 * too), so it walks at most ANCHOR_GAP matches.
 */
async function orderedKeywordPage(db: Db, keyword: string, p: DisclosureParams): Promise<{ ids: number[]; total: number }> {
  const key = keyword.toLowerCase();
  const phrase = `"${keyword.replace(/"/g, '""')}"`;
  // The kept total and, for exactly 3 characters, the trigram's document count: one statement.
  const three = [...keyword].length === 3;
  const [read] = await db.all<{ kept: number | null; doc: number | null }>(
    sql`SELECT (SELECT n FROM disclosure_keyword_totals WHERE keyword = ${key} AND ver = (SELECT ver FROM disclosure_name_version WHERE id = 1)) AS kept,
      ${three ? sql`(SELECT doc FROM disclosure_name_ord_vocab WHERE term = ${key})` : sql`NULL`} AS doc`,
  );
  const kept = read?.kept ?? undefined;
  let total = kept ?? (three ? (read?.doc ?? 0) : undefined);
  let anchored = kept !== undefined;
  if (total === undefined) {
    total = await keepPhrase(db, key, phrase);
    anchored = total >= KEEP_FROM;
  }
  const w = pageWindow(p.page, p.per_page, total);
  if (!w.limit) return { ids: [], total };
  if (w.offset > NEAR_END && total >= KEEP_FROM) {
    if (!anchored) await keepPhrase(db, key, phrase);
    const from = offsetOf(p.page, p.per_page);
    const keys = await db.all<{ k: number }>(
      sql`SELECT rowid AS k FROM disclosure_name_ord WHERE disclosure_name_ord MATCH ${phrase}
        AND rowid <= (SELECT k FROM disclosure_keyword_anchors WHERE keyword = ${key} AND n = ${Math.floor(from / ANCHOR_GAP)})
        ORDER BY rowid DESC LIMIT ${w.limit} OFFSET ${from % ANCHOR_GAP}`,
    );
    // Anchors cleared by a write in between: read the page as below.
    if (keys.length === w.limit) return { ids: keys.map((r) => r.k % KEY_SPAN), total };
  }
  const keys = await db.all<{ k: number }>(
    sql`SELECT rowid AS k FROM disclosure_name_ord WHERE disclosure_name_ord MATCH ${phrase} ORDER BY rowid ${sql.raw(w.reverse ? 'ASC' : 'DESC')} LIMIT ${w.limit} OFFSET ${w.offset}`,
  );
  const ids = keys.map((r) => r.k % KEY_SPAN);
  return { ids: w.reverse ? ids.reverse() : ids, total };
}

export async function listDisclosures(db: Db, p: DisclosureParams) {
  if (p.keyword && [...p.keyword].length >= 3 && p.type === undefined && p.m_com_id === undefined) {
    const { ids, total } = await orderedKeywordPage(db, p.keyword, p);
    return { info: ids.length ? await disclosureRowsOf(db, ids) : [], total };
  }
  const conds: SQL[] = [];
  const kw = p.keyword ? keywordMatch(p.keyword) : null;
  // With a keyword the name index drives; the unary + keeps SQLite off the company / type ranges.
  if (p.m_com_id !== undefined) conds.push(kw ? sql`+${d.mComId} = ${p.m_com_id}` : eq(d.mComId, p.m_com_id));
  if (p.type !== undefined) conds.push(kw ? sql`+${d.typeId} = ${p.type}` : eq(d.typeId, p.type));
  if (kw) conds.push(kw.cond);
  const where = conds.length ? and(...conds) : undefined;
  const page = (order: SQL[], window: { offset: number | SQL; limit: number | SQL }) =>
    selectDisclosures(db)
      .where(where)
      .orderBy(...order)
      // An SQL LIMIT / OFFSET (pageWindowSql) is written as is; drizzle's types say number.
      .limit(window.limit as number)
      .offset(window.offset as number);
  const newest = [desc(d.disclosureTime), desc(d.id)];
  const oldest = [asc(d.disclosureTime), asc(d.id)];
  let total: number;
  let pageRows: Awaited<ReturnType<typeof page>>;
  if (!kw) {
    // The total is a kept row of disclosure_counts: one statement reads it and the page from
    // whichever end pageWindow picks; its text is built once per isolate for each pair of filters
    // present (lib/shaped.ts).
    const shape = `${p.m_com_id === undefined ? '' : 'm'}${p.type === undefined ? '' : 't'}`;
    const filtered = () =>
      and(...(p.m_com_id === undefined ? [] : [eq(d.mComId, ph('m'))]), ...(p.type === undefined ? [] : [eq(d.typeId, ph('t'))]));
    const found = await nearEndPage(
      db,
      `disclosures.ends.${shape}`,
      () => ({
        total: keptTotalSql(keptDisclosureCounts, { m_com_id: ph('m'), type_id: ph('t') }),
        end: (r) =>
          selectDisclosures(db)
            .where(filtered())
            .orderBy(...(r.reverse ? oldest : newest))
            // An SQL LIMIT / OFFSET (pageWindowSql) is written as is; drizzle's types say number.
            .limit(r.limit as unknown as number)
            .offset(r.offset as unknown as number),
      }),
      { m: p.m_com_id ?? 0, t: p.type ?? 0 },
      { page: p.page, perPage: p.per_page },
    );
    total = found.total;
    // Only one end reads rows; a UNION's rows carry no order of their own: newest first again.
    pageRows = (found.rows ?? []).sort((a, b) => b.time - a.time || b.id - a.id);
  } else {
    // The FTS index alone for a 3+ character keyword and no other filter; otherwise a count of
    // the (few) matching rows. A page in the far half of the list is read from its other end.
    total =
      kw.exact && kw.ids && conds.length === 1
        ? ((await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${kw.ids})`))[0]?.n ?? 0)
        : ((await db.select({ n: sql<number>`count(*)` }).from(d).where(where))[0]?.n ?? 0);
    const w = pageWindow(p.page, p.per_page, total);
    const rows = await page(w.reverse ? oldest : newest, w);
    pageRows = w.reverse ? rows.reverse() : rows;
  }
  return { info: await disclosureRowsWithTypes(db, pageRows), total };
}

/** Disclosure rows with their company's name (a page's columns). */
const selectDisclosures = (db: Db) =>
  db
    .select({
      id: d.id,
      mComId: d.mComId,
      comName: m.comName,
      typeId: d.typeId,
      fileName: d.fileName,
      url: d.url,
      time: d.disclosureTime,
    })
    .from(d)
    .leftJoin(m, eq(m.mComId, d.mComId));

type DisclosureRecord = Awaited<ReturnType<ReturnType<typeof selectDisclosures>['all']>>[number];

/** Rows as the lists answer them, with their type names (the isolate's kept names, lib/names.ts). */
async function disclosureRowsWithTypes(db: Db, rows: DisclosureRecord[]) {
  if (!rows.length) return [];
  const typeName = (await namesOf(db, { disclosure_types: rows.map((r) => r.typeId) })).disclosure_types;
  return rows.map((r) => ({
    id: r.id,
    m_com_id: r.mComId,
    com_name: r.comName ?? '',
    type_id: r.typeId,
    type_name: typeName.get(r.typeId) ?? '',
    file_name: r.fileName,
    url: r.url,
    disclosure_time: formatYmd(r.time),
  }));
}

export const disclosureTypeList = (db: Db) => db.select({ id: disclosureTypes.id, name: disclosureTypes.name }).from(disclosureTypes).orderBy(asc(disclosureTypes.id));

/** The rows of the given disclosure ids, in the given order, with company and type names. */
async function disclosureRowsOf(db: Db, ids: number[]) {
  const rows = await selectDisclosures(db).where(inArray(d.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return disclosureRowsWithTypes(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
