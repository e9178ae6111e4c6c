/**
 * The search text of a name, computed when a company, firm or person row is written (the seed, and
 * any worker path that writes those rows: `searchNameRow`). pinyin-pro reads the name in context,
 * so polyphonic characters get the reading of their word: 招商银行 -> zhao shang yin hang (银行 háng),
 * 重庆 -> chong qing, 行业 -> hang ye. Letters and digits in a name stay as they are ('58同城' -> 58 tong cheng).
 * Pure: no I/O; scripts/seed imports it too.
 */
import { pinyin } from 'pinyin-pro';
import { SEARCH_KINDS, type SearchKind } from './constants.ts';

/** search_names.id: kind * 2^32 + id, unique across kinds (search_fts's rowid is the rank key below). */
export const KIND_SPAN = 2 ** 32;
export const searchRowId = (kind: SearchKind, refId: number) => SEARCH_KINDS[kind] * KIND_SPAN + refId;

export interface SearchText {
  pinyin: string;
  initials: string;
  /** Keys that start the name: the name itself, its whole pinyin and its initials ('美团 meituan mt'). */
  head: string[];
  /** Keys that start inside it: from every later character, syllable and initial ('团 tuan t'). */
  tail: string[];
  /** What a keyword equal to the whole name is: the name, its pinyin, its initials, its latin letters. */
  whole: string[];
}

/** Lower-case letters and digits only: what a keyword is compared on after the same cleaning. */
export const latinKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The name's syllables and their initials, side by side: Chinese characters as pinyin and its first
 * letter, a run of letters or digits as itself for both ('JD京东' -> jd jing dong / jd j d), punctuation dropped.
 */
export function syllablesOf(name: string): { full: string[]; first: string[] } {
  // One pinyin-pro call per name (the seed writes tens of thousands); pinyin-pro gives one element per
  // Chinese character and one per run of anything else, so the segments below line up with its output.
  const full = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const segments = name.match(/\p{Script=Han}|[^\p{Script=Han}]+/gu) ?? [];
  const aligned = segments.length === full.length;
  const out = { full: [] as string[], first: [] as string[] };
  full.forEach((s, i) => {
    const f = latinKey(s);
    if (!f) return;
    const han = aligned ? /\p{Script=Han}/u.test(segments[i]) : true;
    out.full.push(f);
    out.first.push(han ? f[0] : f);
  });
  return out;
}

/** The name as one token: lower case, letters, digits and Chinese characters only ('美团·点评' -> 美团点评). */
export const compactName = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Keywords up to this many characters are looked up as whole tokens: every key is indexed with its
 * prefixes of 1..PREFIX_TOKENS characters, so 'm', 'mt' or '美' read a doclist lazily, in rowid order,
 * and stop at the first matches (an FTS5 prefix query would first merge the doclists of every
 * matching term). Longer keywords are prefix queries, whose few matching terms are cheap.
 */
export const PREFIX_TOKENS = 6;

/**
 * The FTS5 token of a key for a kind: the kind's digit first ('1meituan'), so each kind has its own
 * doclists and a search of one kind never reads through another's.
 */
export const kindToken = (kind: SearchKind, key: string) => `${SEARCH_KINDS[kind]}${key}`;

/**
 * The token of a whole key, indexed in `head` beside the prefixes: the kind's digit plus 3 ('4美团',
 * '4meituan', '4mt' for a company), a digit no other token starts with. A keyword equal to a name,
 * its pinyin, its initials or its latin letters (an exact match) is this token, so the index itself
 * tells exact matches from the others.
 */
export const wholeToken = (kind: SearchKind, key: string) => `${SEARCH_KINDS[kind] + 3}${key}`;

/**
 * rowid in search_fts (migration *_search_rank_news_names): kind * 2^40 + the name's length in
 * characters (at most 255) * 2^32 + id, so each token's doclist runs shortest name first, then by id:
 * the order the search ranks a group in. Ids stay below 2^32.
 */
export const RANK_KIND_SPAN = 2 ** 40;
export const RANK_LENGTH_SPAN = 2 ** 32;

/** The keys and their short prefixes, each once, as FTS5 text of one kind. */
function tokensOf(kind: SearchKind, keys: string[]): string {
  const out = new Set<string>();
  for (const k of keys) {
    if (!k) continue;
    const chars = [...k];
    for (let n = 1; n <= Math.min(PREFIX_TOKENS, chars.length); n++) out.add(kindToken(kind, chars.slice(0, n).join('')));
    out.add(kindToken(kind, k));
  }
  return [...out].join(' ');
}

export function searchText(name: string): SearchText {
  const { full, first } = syllablesOf(name);
  const compact = compactName(name);
  const chars = [...compact];
  const inside: string[] = [];
  // Every later character, syllable and initial starts a key, so a keyword from inside the name matches one.
  for (let i = 1; i < chars.length; i++) inside.push(chars.slice(i).join(''));
  for (let i = 1; i < full.length; i++) inside.push(full.slice(i).join(''), first.slice(i).join(''));
  return {
    pinyin: full.join(' '),
    initials: first.join(''),
    head: [compact, full.join(''), first.join('')],
    tail: inside,
    whole: [compact, full.join(''), first.join(''), latinKey(name)],
  };
}

/**
 * The search_names row of a company, firm or person: insert it, or update it in place whenever the
 * name is written (an upsert; INSERT OR REPLACE deletes the old row without firing its delete
 * trigger, which would leave the old name in search_fts).
 */
export function searchNameRow(kind: SearchKind, refId: number, name: string) {
  const t = searchText(name);
  const whole = [...new Set(t.whole.filter(Boolean).map((k) => wholeToken(kind, k)))];
  const head = [tokensOf(kind, t.head), ...whole].filter(Boolean).join(' ');
  return { id: searchRowId(kind, refId), kind: SEARCH_KINDS[kind], ref_id: refId, name, pinyin: t.pinyin, initials: t.initials, head, tail: tokensOf(kind, t.tail) };
}
