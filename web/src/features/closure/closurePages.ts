import { site } from '../../lib/site';

/**
 * The pages of the closed-company area, in the nav bar's order. `loginWall` is what a visitor is
 * asked to log in for on that page (the area layout shows it instead of the page); null: public.
 */
export const CLOSURE_PAGES = [
  { key: 'home', label: '首页', to: '/deathCompany', loginWall: null },
  { key: 'reason', label: '死亡原因', to: '/deathReason', loginWall: '死亡原因' },
  { key: 'track', label: '死亡赛道', to: '/deathTrack', loginWall: '死亡公司赛道与专辑' },
  { key: 'rank', label: '烧钱榜', to: '/deathRank', loginWall: '烧钱排行榜' },
  { key: 'report', label: '死亡报告', to: '/deathReport', loginWall: '死亡公司报道' },
] as const;

export type ClosurePage = (typeof CLOSURE_PAGES)[number];

/** The area page at `path` (a route's full path), if any. */
export const closurePageOf = (path: string | undefined): ClosurePage | undefined => CLOSURE_PAGES.find((p) => p.to === path);

/**
 * The document title of an area page: '死亡公司库 - 桔子数据' for the home, '<name> - 死亡公司库 - 桔子数据'
 * for the others (the name may be more specific than the nav label, e.g. '死亡原因：资金链断裂').
 */
export const closureTitle = (name?: string) => [name, '死亡公司库', site.name].filter(Boolean).join(' - ');

/** The title of a page from the nav list: the home has none of its own, the others their label. */
export const closurePageTitle = (page: ClosurePage) => closureTitle(page.key === 'home' ? undefined : page.label);
