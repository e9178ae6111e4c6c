/**
 * GET /api/search: companies, investment firms and people by Chinese name, full pinyin or initials.
 * The keyword is matched in search_fts (migration *_search_index):
 *   a keyword with Chinese characters and nothing else -> a phrase of its characters in `chars`;
 *   anything else -> its letters and digits (Chinese characters of a mixed keyword turned into pinyin
 *   the same way as names are) as a prefix of a token in `head` (start of the name) or `tail`.
 * Per kind, two passes (start of the name, then anywhere) each read at most CANDIDATES rowids of the
 * kind's rowid range, so a request reads a bounded number of rows whatever the size of the tables;
 * the candidates are ranked (exact, start, shorter name, id) and SEARCH_PER_KIND kept.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../env';
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchKind } from './constants';
import { KIND_SPAN, latinKey, syllablesOf } from './keys';

/** Rowids read per pass and kind: enough to rank the first SEARCH_PER_KIND well. */
export const CANDIDATES = 20;

const HAN = /\p{Script=Han}/u;

export interface Matcher {
  /** The FTS5 queries of the two passes. */
  start: string;
  anywhere: string;
  /** What an exact match equals: the name (Chinese) or the pinyin / initials key. */
  exact: (row: { name: string; pinyin: string; initials: string }) => boolean;
}

/** The FTS5 queries for a keyword, or null when it has nothing to search for (only punctuation). */
export function matcherOf(keyword: string): Matcher | null {
  const q = keyword.trim().toLowerCase();
  const chars = [...q].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  if (!chars.length) return null;
  if (chars.every((ch) => HAN.test(ch))) {
    const phrase = `"${chars.join(' ')}"`;
    const name = chars.join('');
    return { start: `chars : ^${phrase}`, anywhere: `chars : ${phrase}`, exact: (r) => r.name.toLowerCase() === name };
  }
  const key = HAN.test(q) ? syllablesOf(q).full.join('') : latinKey(q);
  if (!key) return null;
  return {
    start: `head : ${key}*`,
    anywhere: `tail : ${key}*`,
    exact: (r) => r.pinyin.replace(/ /g, '') === key || r.initials === key || latinKey(r.name) === key,
  };
}

interface Candidate {
  ref_id: number;
  name: string;
  pinyin: string;
  initials: string;
  pass: number;
}

/** The best SEARCH_PER_KIND matches of one kind, best first. */
async function candidates(db: Db, kind: SearchKind, m: Matcher): Promise<Candidate[]> {
  const lo = SEARCH_KINDS[kind] * KIND_SPAN;
  const hi = lo + KIND_SPAN - 1;
  const rows = await db.all<Candidate>(sql`
    SELECT s.ref_id, s.name, s.pinyin, s.initials, min(f.pass) AS pass
    FROM (
      SELECT * FROM (SELECT rowid AS rid, 1 AS pass FROM search_fts WHERE search_fts MATCH ${m.start} AND rowid BETWEEN ${lo} AND ${hi} LIMIT ${CANDIDATES})
      UNION ALL
      SELECT * FROM (SELECT rowid AS rid, 2 AS pass FROM search_fts WHERE search_fts MATCH ${m.anywhere} AND rowid BETWEEN ${lo} AND ${hi} LIMIT ${CANDIDATES})
    ) f
    JOIN search_names s ON s.id = f.rid
    GROUP BY s.id`);
  const rank = (r: Candidate) => (m.exact(r) ? 0 : r.pass);
  return rows
    .sort((a, b) => rank(a) - rank(b) || a.name.length - b.name.length || a.ref_id - b.ref_id)
    .slice(0, SEARCH_PER_KIND);
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

export interface CompanyHit {
  id: number;
  name: string;
  logo: string;
  prov: string;
  cat_name: string;
  slogan: string;
  /** Closing date (yyyy-mm-dd) of a closed company, '' otherwise. */
  closed: string;
}
export interface FirmHit {
  id: number;
  name: string;
  logo: string;
  des: string;
  is_fa: boolean;
}
export interface PersonHit {
  id: number;
  name: string;
  /** Their first role: '小鸣单车 · 创始人' or '小鸣单车 · 天使投资人'. */
  title: string;
}

const ymdText = (v: number) => (v ? `${String(v).slice(0, 4)}-${String(v).slice(4, 6)}-${String(v).slice(6, 8)}` : '');
const byOrder = <T extends { id: number }>(order: number[], rows: T[]) => order.map((id) => rows.find((r) => r.id === id)).filter((r): r is T => !!r);

export async function search(db: Db, keyword: string): Promise<{ company: CompanyHit[]; investfirm: FirmHit[]; person: PersonHit[] }> {
  const m = matcherOf(keyword);
  if (!m) return { company: [], investfirm: [], person: [] };
  const [coms, firms, people] = await Promise.all([candidates(db, 'company', m), candidates(db, 'investfirm', m), candidates(db, 'person', m)]);
  const comIds = coms.map((c) => c.ref_id);
  const firmIds = firms.map((c) => c.ref_id);
  const personIds = people.map((c) => c.ref_id);
  const [comRows, firmRows, roleRows] = await Promise.all([
    comIds.length
      ? db.all<{ id: number; name: string; logo: string; prov: string; cat_name: string | null; slogan: string; close_date: number | null }>(sql`
          SELECT c.id, c.name, c.logo, c.prov, s.name AS cat_name, c.slogan, cl.close_date
          FROM companies c LEFT JOIN sectors s ON s.id = c.cat_id LEFT JOIN closures cl ON cl.com_id = c.id
          WHERE c.id IN (${idList(comIds)})`)
      : [],
    firmIds.length
      ? db.all<{ id: number; name: string; logo: string; des: string; is_fa: number }>(sql`
          SELECT id, name, logo, substr(des, 1, 60) AS des, is_fa FROM invest_firms WHERE id IN (${idList(firmIds)})`)
      : [],
    personIds.length
      ? db.all<{ id: number; name: string; role: string; position: string; com_name: string | null }>(sql`
          SELECT p.id, p.name, r.role, r.position, c.name AS com_name
          FROM persons p LEFT JOIN person_roles r ON r.id = (SELECT min(id) FROM person_roles WHERE person_id = p.id)
          LEFT JOIN companies c ON c.id = r.com_id
          WHERE p.id IN (${idList(personIds)})`)
      : [],
  ]);
  return {
    company: byOrder(comIds, comRows).map((r) => ({ id: r.id, name: r.name, logo: r.logo, prov: r.prov, cat_name: r.cat_name ?? '', slogan: r.slogan, closed: ymdText(r.close_date ?? 0) })),
    investfirm: byOrder(firmIds, firmRows).map((r) => ({ id: r.id, name: r.name, logo: r.logo, des: r.des, is_fa: r.is_fa === 1 })),
    person: byOrder(personIds, roleRows).map((r) => ({
      id: r.id,
      name: r.name,
      title: r.com_name ? `${r.com_name} · ${r.role === 'investor' ? '投资人' : r.position || '团队成员'}` : '',
    })),
  };
}
