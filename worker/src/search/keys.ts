/**
 * The search text of a name, computed when a company, firm or person row is written (the seed, and
 * any worker path that writes those rows: `searchNameRow`). pinyin-pro reads the name in context,
 * so polyphonic characters get the reading of their word: 招商银行 -> zhao shang yin hang (银行 háng),
 * 重庆 -> chong qing, 行业 -> hang ye. Letters and digits in a name stay as they are ('58同城' -> 58 tong cheng).
 * Pure: no I/O; scripts/seed imports it too.
 */
import { pinyin } from 'pinyin-pro';
import { SEARCH_KINDS, type SearchKind } from './constants.ts';

/** rowid of a kind's range in search_fts: kind * 2^32 + id. */
export const KIND_SPAN = 2 ** 32;
export const searchRowId = (kind: SearchKind, refId: number) => SEARCH_KINDS[kind] * KIND_SPAN + refId;

export interface SearchText {
  pinyin: string;
  initials: string;
  chars: string;
  head: string;
  tail: string;
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

export function searchText(name: string): SearchText {
  const { full, first } = syllablesOf(name);
  const fromSyllable = (i: number) => `${full.slice(i).join('')} ${first.slice(i).join('')}`;
  const tail: string[] = [];
  for (let i = 1; i < full.length; i++) tail.push(fromSyllable(i));
  return {
    pinyin: full.join(' '),
    initials: first.join(''),
    chars: [...name.toLowerCase()].filter((ch) => ch.trim()).join(' '),
    head: full.length ? fromSyllable(0) : '',
    tail: tail.join(' '),
  };
}

/** The search_names row of a company, firm or person (insert or replace it whenever the name is written). */
export function searchNameRow(kind: SearchKind, refId: number, name: string) {
  return { id: searchRowId(kind, refId), kind: SEARCH_KINDS[kind], ref_id: refId, name, ...searchText(name) };
}
