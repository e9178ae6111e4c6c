/**
 * GET /api/search: companies, investment firms and people by Chinese name, full pinyin or initials.
 * The keyword is matched in search_fts (migration *_search_index):
 *   a keyword of Chinese characters only -> itself, and anything else -> its letters and digits (the
 *   Chinese characters of a mixed keyword turned into pinyin the way names are), as the prefix of a
 *   token in `head` (the name starts with it) or in `tail` (it starts inside the name). A keyword of up
 *   to PREFIX_TOKENS characters is itself a token (short prefixes are indexed), so a pass reads its
 *   doclist in rowid order and stops after CANDIDATES rowids; longer keywords are prefix queries.
 * Per kind, two passes (start of the name, then anywhere) each read at most CANDIDATES rowids of the
 * kind's own tokens, so a request reads a bounded number of rows whatever the size of the tables;
 * the candidates are ranked (exact, start, shorter name, id) and SEARCH_PER_KIND kept.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../env';
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchKind } from './constants';
import { compactName, kindToken, latinKey, PREFIX_TOKENS, syllablesOf } from './keys';

/** Rowids read per pass and kind: enough to rank the first SEARCH_PER_KIND well. */
export const CANDIDATES = 20;

const HAN = /\p{Script=Han}/u;

export interface Matcher {
  /** The FTS5 queries of the two passes, for a kind. */
  start: (kind: SearchKind) => string;
  anywhere: (kind: SearchKind) => string;
  /** What an exact match equals: the name (Chinese) or the pinyin / initials key. */
  exact: (row: { name: string; pinyin: string; initials: string }) => boolean;
}

/** A short key is a whole token of the index (its prefixes are indexed); a longer one is a prefix query. */
function lookups(key: string): Pick<Matcher, 'start' | 'anywhere'> {
  const term = (kind: SearchKind) => ([...key].length <= PREFIX_TOKENS ? `"${kindToken(kind, key)}"` : `"${kindToken(kind, key)}"*`);
  return { start: (kind) => `head : ${term(kind)}`, anywhere: (kind) => `tail : ${term(kind)}` };
}

/** The FTS5 queries for a keyword, or null when it has nothing to search for (only punctuation). */
export function matcherOf(keyword: string): Matcher | null {
  const q = keyword.trim().toLowerCase();
  const chars = [...q].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  if (!chars.length) return null;
  if (chars.every((ch) => HAN.test(ch))) {
    const name = chars.join('');
    return { ...lookups(name), exact: (r) => compactName(r.name) === name };
  }
  const key = HAN.test(q) ? syllablesOf(q).full.join('') : latinKey(q);
  if (!key) return null;
  return {
    ...lookups(key),
    exact: (r) => r.pinyin.replace(/ /g, '') === key || r.initials === key || latinKey(r.name) === key,
  };
}

interface Candidate {
  id: number;
  kind: number;
  ref_id: number;
  name: string;
  pinyin: string;
  initials: string;
  pass: number;
}

/**
 * One kind's matches with their names (its tokens carry its digit): at most CANDIDATES rowids per
 * pass, start-of-name matches marked pass 1. The index is read first (CROSS JOIN keeps the FTS
 * subqueries the outer loop, so SQLite cannot drive the join from search_names' side) and each
 * candidate's row is then one primary-key read, in the same statement: a separate
 * `search_names WHERE id IN (...)` read would cost each id twice (the IN list's own rows too).
 */
async function matches(db: Db, kind: SearchKind, m: Matcher): Promise<Candidate[]> {
  return db.all<Candidate>(sql`
    SELECT n.id, n.kind, n.ref_id, n.name, n.pinyin, n.initials, c.pass FROM (
      SELECT * FROM (SELECT rowid AS rid, 1 AS pass FROM search_fts WHERE search_fts MATCH ${m.start(kind)} LIMIT ${CANDIDATES})
      UNION ALL
      SELECT * FROM (SELECT rowid AS rid, 2 AS pass FROM search_fts WHERE search_fts MATCH ${m.anywhere(kind)} LIMIT ${CANDIDATES})
    ) c CROSS JOIN search_names n ON n.id = c.rid`);
}

/** The best SEARCH_PER_KIND matches of each kind, best first. */
async function candidates(db: Db, m: Matcher): Promise<Record<SearchKind, Candidate[]>> {
  const found = await Promise.all((Object.keys(SEARCH_KINDS) as SearchKind[]).map((k) => matches(db, k, m)));
  // A name found by both passes counts as found at the start.
  const byId = new Map<number, Candidate>();
  for (const r of found.flat()) if (!byId.has(r.id) || r.pass < byId.get(r.id)!.pass) byId.set(r.id, r);
  const rows = [...byId.values()];
  const rank = (r: Candidate) => (m.exact(r) ? 0 : r.pass);
  const best = (kind: SearchKind) =>
    rows
      .filter((r) => r.kind === SEARCH_KINDS[kind])
      .sort((a, b) => rank(a) - rank(b) || a.name.length - b.name.length || a.ref_id - b.ref_id)
      .slice(0, SEARCH_PER_KIND);
  return { company: best('company'), investfirm: best('investfirm'), person: best('person') };
}

/**
 * Integer ids inlined (they come from the index, never from the request): up to SEARCH_PER_KIND of
 * each kind, a list the statements below read directly.
 */
const idList = (ids: number[]) => sql.raw(ids.map((id) => String(Math.trunc(id))).join(', '));

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
  const { company: coms, investfirm: firms, person: people } = await candidates(db, m);
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
