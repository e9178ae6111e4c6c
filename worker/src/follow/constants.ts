/**
 * The follow area's values, defined once: the worker validates with them and the SPA imports this
 * module (it has no imports, so it bundles on both sides).
 */

/** The follow type of a company, the only kind of follow so far (the follows table's CHECK says the same). */
export const FOLLOW_COMPANY = 1;
