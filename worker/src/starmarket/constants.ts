/**
 * The STAR-market area's numbers and words, defined once. The worker pages and validates with
 * them and the SPA imports this module (it has no imports, so it bundles on both sides).
 */

/** Rows per page of the applicant and listed lists (spec §9: STAR lists 10). */
export const STAR_PAGE_SIZE = 10;
/** Rows per page of the disclosure search page (/kcb/disclosure). */
export const DISCLOSURE_PAGE_SIZE = 20;
/** Disclosures per page inside a company's detail. */
export const DETAIL_DISCLOSURE_SIZE = 5;
/** Rankings on /kcb/rank are top 10; the fuller ranking asks for up to 100. */
export const STAR_RANK_SIZE = 10;
export const STAR_RANK_MAX = 100;
/** Case companies shown per firm in the institution ranking. */
export const FIRM_CASES = 3;
/** Rows of each home-page section (applications, listing dynamics, rules). */
export const HOME_SIZE = 10;
/** News shown before 'load more' in a detail page; investors shown before the expand link. */
export const NEWS_SHOWN = 5;
export const INVESTORS_SHOWN = 3;
/** Financing records a non-VIP sees in a detail page (the true total comes along). */
export const NON_VIP_INVSE = 1;
/** Review states (starmarket_states ids): 6 is listed; 7 suspended and 8 terminated stop the tracker. */
export const LISTED_STATE = 6;
export const STOPPED_STATES = [7, 8] as const;
/** The tab query value of /kcb/project that selects the listed companies. */
export const LISTED_TAB = 'shangshi';
/** starmarket_company_down's type per export button. */
export const STAR_DOWN_TYPES = { applicants: 1, amountTop: 2, valuationTop: 3, listed: 4 } as const;
/** Minimum financial assets of a personal investor (yuan), from the knowledge window. */
export const INVESTOR_ASSETS_YUAN = 500_000;
