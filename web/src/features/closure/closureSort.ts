import type { SearchField } from '../../lib/searchParams';
import { CLOSURE_SORTS, type ClosureSort } from '../../../../worker/src/closure/constants';

/**
 * The sort of the closed-company list and of the burn rankings, from the worker's CLOSURE_SORTS:
 * latest closing, latest founding or longest survival first. On a ranking it orders the top 100
 * on the worker (the page and its export alike); no choice keeps the measure's order.
 */

/** The sort select's options ('1' … '3' with the worker's names). */
export const CLOSURE_SORT_OPTIONS = CLOSURE_SORTS.map((s) => ({ value: String(s.id) as `${ClosureSort}`, label: s.name }));

/** ?sort= in a URL: one of CLOSURE_SORTS' ids (a number or a numeric string); anything else means none. */
export const closureSortParam: SearchField<unknown, ClosureSort> = {
  parse: (v) => (v === undefined ? undefined : CLOSURE_SORTS.find((s) => s.id === Number(v))?.id),
};

/** The select's value back to a sort; '' (no choice) is undefined. */
export const toClosureSort = (value: string): ClosureSort | undefined => CLOSURE_SORTS.find((s) => String(s.id) === value)?.id;
