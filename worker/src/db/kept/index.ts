/**
 * Every kept list the generator knows (`npm run db:kept`), and every packed range it guards. A list
 * declared here has no hand-written trigger left: its triggers, recount and rebuild come from the
 * declaration (sql.ts). Kept tables not yet declared are listed in docs/kept-counts.md.
 */
import { keptClosureCounts, keptClosurePacking, keptClosureRanks, keptFirmMoney, keptFirmStats, keptItemStats, keptNewsPacking, keptReasonCompanies } from './closure.ts';
import { keptAtlasTagCompanies, keptAtlasTagStats, keptEventDays, keptEventTags, keptFirmEvents, keptPolicyDays, keptTagMoney } from './entity.ts';
import { keptFaRanks } from './medical.ts';
import { keptNewsClosureSecs, keptNewsDays, keptNewsTags } from './news.ts';
import { keptPersonalDays } from './personal.ts';
import type { KeptList, KeptPacking } from './shape.ts';
import { keptDisclosureCounts, keptDisclosurePacking, keptStarmarketCounts, keptStarmarketDays, keptStarmarketPacking } from './starmarket.ts';

// Order matters to --rebuild: closure_firm_stats is a kept table and a source of closure_rank_counts
// (atlas_tag_companies of atlas_tag_stats and the tags' money counts, invest_event_tags of the event days,
// news_tags of news_day_counts).
export const KEPT_LISTS: readonly KeptList[] = [
  keptClosureCounts, keptReasonCompanies, keptFirmStats, keptFirmMoney, keptClosureRanks, keptStarmarketCounts, keptStarmarketDays, keptDisclosureCounts, keptPersonalDays, keptPolicyDays, keptFirmEvents, keptFaRanks,
  keptAtlasTagCompanies,
  keptAtlasTagStats,
  keptTagMoney,
  keptEventTags,
  keptEventDays,
  keptNewsTags,
  keptNewsClosureSecs,
  keptNewsDays,

  keptItemStats,
];

export const KEPT_PACKINGS: readonly KeptPacking[] = [keptClosurePacking, keptNewsPacking, keptStarmarketPacking, keptDisclosurePacking];
