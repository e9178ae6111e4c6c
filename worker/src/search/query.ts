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
 * per result whatever the size of the tables; only the few best are joined to their names (the id is
 * the rowid modulo RANK_LENGTH_SPAN).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../env';
import { formatYmd } from '#shared/dates';
import { rawFirst } from '../lib/raw-batch';
import { SEARCH_PER_KIND, type SearchKind } from './constants';
import { kindToken, latinKey, PREFIX_TOKENS, RANK_LENGTH_SPAN, syllablesOf, wholeToken } from './keys';

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

/**
 * A kind's best SEARCH_PER_KIND index rows as `k` (rowid r, class c): its three classes, each stopping
 * at SEARCH_PER_KIND rowids (D1 caps a compound SELECT at a few terms, so one compound per kind, not
 * one of all nine), the best SEARCH_PER_KIND of them by class, then rank: a group takes its exact
 * matches, then its start-of-name matches, then the rest, each already in rank order (the rowids).
 */
function best(m: Matcher, kind: SearchKind): SQL {
  const classes = m(kind).map((match, c) => sql`SELECT * FROM (SELECT rowid AS r, ${c} AS c FROM search_fts WHERE search_fts MATCH ${match} LIMIT ${SEARCH_PER_KIND})`);
  return sql`(SELECT r, c, r % ${sql.raw(String(RANK_LENGTH_SPAN))} AS ref FROM (${sql.join(classes, sql` UNION ALL `)}) ORDER BY c, r LIMIT ${SEARCH_PER_KIND}) k`;
}

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

/** A kind's rows in the group's order: class, then rank (a join's rows carry no order of their own). */
const ranked = <T extends { c: number; r: number }>(rows: T[]) => rows.sort((a, b) => a.c - b.c || a.r - b.r);

/**
 * The hits of the three kinds in one statement (one D1 round trip): per kind a subquery that ranks its
 * candidates in the index and joins the few best to their names (a candidate whose row is gone is
 * left out), as one JSON array. (Three statements in a batch would cost local D1 its per-statement
 * work three times.)
 */
export async function search(db: Db, keyword: string): Promise<{ company: CompanyHit[]; investfirm: FirmHit[]; person: PersonHit[] }> {
  const m = matcherOf(keyword);
  if (!m) return { company: [], investfirm: [], person: [] };
  const row = await rawFirst<{ company: string; investfirm: string; person: string }>(
    db,
    sql`SELECT
      (SELECT json_group_array(json_object('c', k.c, 'r', k.r, 'id', c.id, 'name', c.name, 'logo', c.logo, 'prov', c.prov, 'cat_name', s.name, 'slogan', c.slogan, 'close_date', cl.close_date))
        FROM ${best(m, 'company')} JOIN companies c ON c.id = k.ref LEFT JOIN sectors s ON s.id = c.cat_id LEFT JOIN closures cl ON cl.com_id = c.id) AS company,
      (SELECT json_group_array(json_object('c', k.c, 'r', k.r, 'id', f.id, 'name', f.name, 'logo', f.logo, 'des', substr(f.des, 1, 60), 'is_fa', f.is_fa))
        FROM ${best(m, 'investfirm')} JOIN invest_firms f ON f.id = k.ref) AS investfirm,
      (SELECT json_group_array(json_object('c', k.c, 'r', k.r, 'id', p.id, 'name', p.name, 'role', r.role, 'position', r.position, 'com_name', c.name))
        FROM ${best(m, 'person')} JOIN persons p ON p.id = k.ref
        LEFT JOIN person_roles r ON r.id = (SELECT min(id) FROM person_roles WHERE person_id = p.id)
        LEFT JOIN companies c ON c.id = r.com_id) AS person`,
  );
  const rowsOf = <T>(json: string) => ranked(JSON.parse(json) as (T & { c: number; r: number })[]);
  return {
    company: rowsOf<{ id: number; name: string; logo: string; prov: string; cat_name: string | null; slogan: string; close_date: number | null }>(row.company).map((r) => ({
      id: r.id,
      name: r.name,
      logo: r.logo,
      prov: r.prov,
      cat_name: r.cat_name ?? '',
      slogan: r.slogan,
      closed: formatYmd(r.close_date),
    })),
    investfirm: rowsOf<{ id: number; name: string; logo: string; des: string; is_fa: number }>(row.investfirm).map((r) => ({ id: r.id, name: r.name, logo: r.logo, des: r.des, is_fa: r.is_fa === 1 })),
    person: rowsOf<{ id: number; name: string; role: string; position: string; com_name: string | null }>(row.person).map((r) => ({
      id: r.id,
      name: r.name,
      title: r.com_name ? `${r.com_name} · ${r.role === 'investor' ? '投资人' : r.position || '团队成员'}` : '',
    })),
  };
}
