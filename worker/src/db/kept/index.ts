/**
 * Every kept list the generator knows (`npm run db:kept`), and every packed range it guards. A list
 * declared here has no hand-written trigger left: its triggers, recount and rebuild come from the
 * declaration (sql.ts). Kept tables not yet declared are listed in docs/kept-counts.md.
 */
import { closureCounts, closurePacking, closureRankCounts } from './closure.ts';
import { personalDayCounts } from './personal.ts';
import type { KeptList, KeptPacking } from './shape.ts';
import { disclosureCounts, starmarketCounts } from './starmarket.ts';

export const KEPT_LISTS: readonly KeptList[] = [closureCounts, closureRankCounts, starmarketCounts, disclosureCounts, personalDayCounts];

export const KEPT_PACKINGS: readonly KeptPacking[] = [closurePacking];
