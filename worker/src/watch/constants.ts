/**
 * Watchlists (saved searches): numbers and words shared by the worker and the SPA. No imports, so
 * web/src/watch can import this file as is.
 */

/** The lists a search can be saved from: the list call's path under /api. */
export const WATCH_AREAS = ['closure', 'closure/amount_top', 'closure/valuation_top', 'starmarket', 'starmarket/listed', 'investevent', 'news'] as const;
export type WatchArea = (typeof WATCH_AREAS)[number];

export const WATCH_AREA_NAMES: Record<WatchArea, string> = {
  closure: '死亡公司',
  'closure/amount_top': '烧钱榜·融资总额',
  'closure/valuation_top': '烧钱榜·估值',
  starmarket: '科创板申报企业',
  'starmarket/listed': '科创板上市企业',
  investevent: '融资事件',
  news: '新闻',
};

/** Saved searches per user, by role. */
export const WATCH_LIMITS = { user: 5, vip: 100, svip: 500 } as const;

export const WATCH_NAME_MAX = 40;
/** Saved searches per page of GET /api/saved_searches (each row carries its count of new matches). */
export const WATCH_PAGE_SIZE = 20;

export const WATCH_MESSAGES = {
  nameEmpty: '请输入订阅名称',
  nameLong: `订阅名称不能超过${WATCH_NAME_MAX}个字`,
  area: '不支持订阅该列表',
  notFound: '订阅不存在',
  limit: (max: number, role: string) => `${role}最多保存${max}个订阅，请删除不用的订阅${max < WATCH_LIMITS.svip ? '或升级会员' : ''}`,
  query: '筛选条件不合法',
} as const;

export const WATCH_ROLE_NAMES = { user: '普通用户', vip: 'VIP会员', svip: '超级VIP会员' } as const;

/** The SPA route of the watchlist page. */
export const WATCHLIST_PATH = '/user-center/watchlists';

/** Entries in a search's Atom feed, and how long an edge keeps one (seconds). */
export const FEED_SIZE = 20;
export const FEED_MAX_AGE = 120;

type Query = Record<string, unknown>;

const pick = (q: Query, keys: string[]) => {
  const out: Record<string, string> = {};
  for (const k of keys) if (q[k] !== undefined && q[k] !== null && q[k] !== '') out[k] = String(q[k]);
  return out;
};

/** The product page that shows a saved search's list with its filters: path and search params. */
export function listPageOf(area: WatchArea, q: Query): { path: string; search: Record<string, string> } {
  switch (area) {
    case 'closure':
      return { path: '/deathCompany', search: pick(q, ['com_prov', 'cat_id', 'fund_status', 'keyword', 'sort']) };
    case 'closure/amount_top':
      return { path: '/deathRank', search: pick(q, ['cat_id', 'com_prov', 'sort']) };
    case 'closure/valuation_top': {
      const tab = q.horse_unicorn === 1 || q.horse_unicorn === '1' ? 'horse' : q.horse_unicorn === 2 || q.horse_unicorn === '2' ? 'unicorn' : 'valuation';
      return { path: '/deathRank', search: { tab, ...pick(q, ['cat_id', 'com_prov', 'sort']) } };
    }
    case 'starmarket':
      return { path: '/kcb/project', search: pick(q, ['com_prov', 'cat_id', 'state', 'keyword']) };
    case 'starmarket/listed':
      return { path: '/kcb/project', search: { type: 'shangshi', ...pick(q, ['com_prov', 'cat_id', 'keyword']) } };
    case 'investevent':
      return { path: '/investevent', search: pick(q, ['scope', 'tag']) };
    case 'news':
      return { path: '/news', search: pick(q, ['scope', 'tag']) };
  }
}

/** listPageOf as one relative URL. */
export function listUrlOf(area: WatchArea, q: Query): string {
  const { path, search } = listPageOf(area, q);
  const s = new URLSearchParams(search).toString();
  return s ? `${path}?${s}` : path;
}
