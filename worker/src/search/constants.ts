/**
 * The global search's numbers and words, defined once (no imports: the SPA bundles this file too).
 */

/** What a search result is: ids of search_names.kind. */
export const SEARCH_KINDS = { company: 1, investfirm: 2, person: 3 } as const;
export type SearchKind = keyof typeof SEARCH_KINDS;
/** Result groups in the order the search box shows them, with their headings. */
export const SEARCH_GROUPS = [
  { kind: 'company', label: '公司' },
  { kind: 'investfirm', label: '投资机构' },
  { kind: 'person', label: '人物' },
] as const;
/** Results per kind. */
export const SEARCH_PER_KIND = 5;
/** Longest keyword, in characters. */
export const SEARCH_MAX_LENGTH = 30;
