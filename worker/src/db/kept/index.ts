/**
 * Every kept list the generator knows (`npm run db:kept`), and every packed range it guards. A list
 * declared here has no hand-written trigger left: its triggers, recount and rebuild come from the
 * declaration (sql.ts). Kept tables not yet declared are listed in docs/kept-counts.md.
 */
import { closureCounts, closurePacking } from './closure.ts';
import type { KeptList, KeptPacking } from './shape.ts';

export const KEPT_LISTS: readonly KeptList[] = [closureCounts];

export const KEPT_PACKINGS: readonly KeptPacking[] = [closurePacking];
