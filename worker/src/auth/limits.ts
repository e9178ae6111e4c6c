/**
 * Numbers of the cross-area access rules (auth/rules.ts enforces them), with no imports so the
 * SPA imports the same values.
 */

/** A logged-in non-VIP sees pages 1..NON_VIP_MAX_PAGE of a members' list (spec §2). */
export const NON_VIP_MAX_PAGE = 3;
