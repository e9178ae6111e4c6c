/**
 * GET /api/search: companies, investment firms and people by Chinese name, full pinyin or initials.
 * The keyword is matched in search_fts (migrations *_search_index, *_search_rank_news_names):
 *   a keyword of Chinese characters only -> itself, and anything else -> its letters and digits (the
 *   Chinese characters of a mixed keyword turned into pinyin the way names are), as a whole key
 *   (exact: the name, its pinyin, its initials or its latin letters), as the prefix of a token in
 *   `head` (the name starts with it) or in `tail` (it starts inside the name). A keyword of up to
 *   PREFIX_TOKENS characters is itself a token (short prefixes are indexed); longer ones are prefix queries.
 * A group ranks its matches exact first, then those at the start of the name, then those inside it,
 * each shorter name first, then smaller id, over every match. The index's rowids run in that order
 * within a class (name length, then id: keys.ts RANK_*), and the three classes are disjoint FTS5
 * queries (NOT), so each reads at most SEARCH_PER_KIND rowids and stops: a search reads a few rows
 * per result whatever the size of the tables, and never the names' own rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../env';
import { rawBatch } from '../lib/rawBatch';
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchKind } from './constants';
import { kindToken, latinKey, PREFIX_TOKENS, refIdOfRank, syllablesOf, wholeToken } from './keys';

const HAN = /\p{Script=Han}/u;

/** The FTS5 queries of a keyword's three classes for a kind, best class first. */
export type Matcher = (kind: SearchKind) => [exact: string, start: string, inside: string];

/** A short key is a whole token of the index (its prefixes are indexed); a longer one is a prefix query. */
function classes(key: string): Matcher {
  return (kind) => {
    const term = [...key].length <= PREFIX_TOKENS ? `"${kindToken(kind, key)}"` : `"${kindToken(kind, key)}"*`;
    const exact = `head : "${wholeToken(kind, key)}"`;
    return [exact, `head : ${term} NOT ${exact}`, `tail : ${term} NOT head : ${term} NOT ${exact}`];
  };
}

/** The FTS5 queries for a keyword, or null when it has nothing to search for (only punctuation). */
export function matcherOf(keyword: string): Matcher | null {
  const q = keyword.trim().toLowerCase();
  const chars = [...q].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  if (!chars.length) return null;
  if (chars.every((ch) => HAN.test(ch))) return classes(chars.join(''));
  const key = HAN.test(q) ? syllablesOf(q).full.join('') : latinKey(q);
  return key ? classes(key) : null;
}

const KINDS = Object.keys(SEARCH_KINDS) as SearchKind[];

/**
 * The best SEARCH_PER_KIND ids of each kind, best first: per kind one statement of three index reads
 * (its classes, each stopping at SEARCH_PER_KIND rowids; D1 caps a compound SELECT at a few terms, so
 * not one statement for all nine), the three in one batch (one round trip); a group takes its exact
 * matches, then its start-of-name matches, then the rest, each already in rank order.
 */
async function candidates(db: Db, m: Matcher): Promise<Record<SearchKind, number[]>> {
  const results = await rawBatch(
    db,
    KINDS.map((kind) =>
      sql.join(
        m(kind).map((match, c) => sql`SELECT * FROM (SELECT rowid AS r, ${c} AS c FROM search_fts WHERE search_fts MATCH ${match} LIMIT ${SEARCH_PER_KIND})`),
        sql` UNION ALL `,
      ),
    ),
  );
  const [company, investfirm, person] = results.map((res) =>
    (res.results as { r: number; c: number }[])
      .sort((a, b) => a.c - b.c || a.r - b.r)
      .slice(0, SEARCH_PER_KIND)
      .map((x) => refIdOfRank(x.r)),
  );
  return { company, investfirm, person };
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
  const { company: comIds, investfirm: firmIds, person: personIds } = await candidates(db, m);
  // The names of every kind's hits in one batch (one round trip).
  const reads: Partial<Record<SearchKind, SQL>> = {};
  if (comIds.length)
    reads.company = sql`
      SELECT c.id, c.name, c.logo, c.prov, s.name AS cat_name, c.slogan, cl.close_date
      FROM companies c LEFT JOIN sectors s ON s.id = c.cat_id LEFT JOIN closures cl ON cl.com_id = c.id
      WHERE c.id IN (${idList(comIds)})`;
  if (firmIds.length) reads.investfirm = sql`SELECT id, name, logo, substr(des, 1, 60) AS des, is_fa FROM invest_firms WHERE id IN (${idList(firmIds)})`;
  if (personIds.length)
    reads.person = sql`
      SELECT p.id, p.name, r.role, r.position, c.name AS com_name
      FROM persons p LEFT JOIN person_roles r ON r.id = (SELECT min(id) FROM person_roles WHERE person_id = p.id)
      LEFT JOIN companies c ON c.id = r.com_id
      WHERE p.id IN (${idList(personIds)})`;
  const kinds = Object.keys(reads) as SearchKind[];
  const results = kinds.length ? await rawBatch(db, kinds.map((k) => reads[k]!)) : [];
  const rowsOf = <T>(kind: SearchKind) => (results[kinds.indexOf(kind)]?.results ?? []) as T[];
  const comRows = rowsOf<{ id: number; name: string; logo: string; prov: string; cat_name: string | null; slogan: string; close_date: number | null }>('company');
  const firmRows = rowsOf<{ id: number; name: string; logo: string; des: string; is_fa: number }>('investfirm');
  const roleRows = rowsOf<{ id: number; name: string; role: string; position: string; com_name: string | null }>('person');
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
