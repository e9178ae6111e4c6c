/**
 * Every kept list the generator knows (`npm run db:kept`), and every packed range it guards. A list
 * declared here has no hand-written trigger left: its triggers, recount and rebuild come from the
 * declaration (sql.ts). Kept tables not yet declared are listed in docs/kept-counts.md.
 */
import { keptClosureCounts, keptClosurePacking, keptClosureRanks, keptFirmMoney, keptFirmStats, keptItemStats, keptNewsPacking, keptReasonCompanies } from './closure.ts';
import { keptAtlasTagCompanies, keptAtlasTagStats, keptEventDays, keptEventFirms, keptEventTags, keptFirmEvents, keptPolicyDays, keptTagMoney } from './entity.ts';
import { keptMedical } from './medical.ts';
import { keptNewsClosureSecs, keptNewsDays, keptNewsTags } from './news.ts';
import { keptPersonalDays } from './personal.ts';
import type { KeptList, KeptPacking } from './shape.ts';
import {
  keptDisclosureCounts,
  keptDisclosurePacking,
  keptStarmarketCounts,
  keptStarmarketDays,
  keptStarmarketEvents,
  keptStarmarketFirmLinks,
  keptStarmarketFirmStats,
  keptStarmarketPacking,
  keptStarmarketTiming,
} from './starmarket.ts';

// Order matters to --rebuild: closure_firm_stats is a kept table and a source of closure_rank_counts
// (atlas_tag_companies of atlas_tag_stats and the tags' money counts, invest_event_tags of the event days,
// news_tags of news_day_counts; the healthcare lists come last, see medical.ts).
export const KEPT_LISTS: readonly KeptList[] = [
  // Closed companies.
  keptClosureCounts, keptReasonCompanies, keptFirmStats, keptFirmMoney, keptClosureRanks, keptItemStats,
  // STAR market.
  keptStarmarketCounts, keptStarmarketDays, keptDisclosureCounts, keptStarmarketTiming, keptStarmarketEvents, keptStarmarketFirmLinks, keptStarmarketFirmStats,
  // A user's own lists, policies, firms, the atlas and the financing events.
  keptPersonalDays, keptPolicyDays, keptFirmEvents, keptAtlasTagCompanies, keptAtlasTagStats, keptTagMoney, keptEventTags, keptEventFirms, keptEventDays,
  // News.
  keptNewsTags, keptNewsClosureSecs, keptNewsDays,
  ...keptMedical,
];

export const KEPT_PACKINGS: readonly KeptPacking[] = [keptClosurePacking, keptNewsPacking, keptStarmarketPacking, keptDisclosurePacking];
