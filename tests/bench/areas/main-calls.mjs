// The main calls of each area that the throughput and profile benches drive.

/**
 * A request of autocannon for a call: GET unless a body is given (then POST JSON); with `fresh(n)`,
 * the n-th request gets the path and / or body it returns, so an answer the edge cache keeps for
 * everyone is not found there: the handler's own cost, next to the cached figure. (The cache keys on
 * the query parameters a route declares, lib/cache.ts: a parameter the handler ignores is no miss.)
 */
export function requestOf(path, opts = {}) {
  let n = process.pid * 7919;
  return {
    method: opts.body ? 'POST' : 'GET',
    headers: opts.headers ?? {},
    body: opts.body,
    ...(opts.fresh ? { setupRequest: (req) => ({ ...req, ...opts.fresh(++n) }) } : {}),
  };
}

/** Characters common in company names: two of them make a type-ahead keyword (99 × 99 = 9,801 keywords). */
const NAME_CHARS = [...new Set('科技信息网络数据智能医疗健康生物电子商务金融服务文化传媒教育汽车能源材料软件物流餐饮旅游房产农业环保机器芯片游戏社交音乐视频安全云端移动支付社区出行家居服装美妆母婴宠物体育光学通信半导体制药设备工业互联创新资本投资管理咨询')];
/** The n-th two-character keyword: every request of a run searches a different one. */
export const keywordOf = (n) => NAME_CHARS[n % NAME_CHARS.length] + NAME_CHARS[Math.floor(n / NAME_CHARS.length) % NAME_CHARS.length];

/** The n-th three-character keyword (the n-th two-character one and its first character again): none is a two-character keyword. */
const threeCharKeywordOf = (n) => keywordOf(n) + keywordOf(n)[0];

/** [area, label, path, options]: see requestOf. `auth` signs a call in. */
export const mainCalls = (auth) => {
  const json = { 'Content-Type': 'application/json' };
  return [
    ['closure', 'GET /api/closure visitor page 1 (edge cache)', '/api/closure', {}],
    ['closure', 'GET /api/closure page 1 signed in (no cache)', '/api/closure', { headers: auth }],
    ['closure', 'GET /api/closure last page (signed in)', '/api/closure?page=600', { headers: auth }],
    ['closure', 'GET /api/closure?keyword=科技 (signed in)', `/api/closure?keyword=${encodeURIComponent('科技')}`, { headers: auth }],
    ['closure', 'GET /api/closure/amount_top (signed in)', '/api/closure/amount_top', { headers: auth }],
    ['closure', 'GET /api/closure/news_list (signed in)', '/api/closure/news_list', { headers: auth }],
    ['closure', 'GET /api/closure/incense_top visitor (edge cache)', '/api/closure/incense_top', {}],
    ['starmarket', 'POST /api/starmarket/home visitor (edge cache)', '/api/starmarket/home', { body: '{}', headers: json }],
    ['starmarket', 'POST /api/starmarket/home signed in (edge cache: the same for everyone)', '/api/starmarket/home', { body: '{}', headers: { ...json, ...auth } }],
    // The cache keys only an empty body: a body with a field the handler ignores goes to the handler and is not stored.
    ['starmarket', 'POST /api/starmarket/home signed in, past the cache (the handler alone, nothing stored)', '/api/starmarket/home', { body: '{}', headers: { ...json, ...auth }, fresh: (n) => ({ body: JSON.stringify({ _n: n }) }) }],
    ['starmarket', 'POST /api/starmarket visitor page 1', '/api/starmarket', { body: '{}', headers: json }],
    ['starmarket', 'POST /api/starmarket province (signed in)', '/api/starmarket', { body: JSON.stringify({ com_prov: '北京' }), headers: { ...json, ...auth } }],
    ['starmarket', 'POST /api/starmarket/listed (signed in)', '/api/starmarket/listed', { body: '{}', headers: { ...json, ...auth } }],
    ['starmarket', 'POST /api/starmarket/info_disclosure (VIP)', '/api/starmarket/info_disclosure', { body: '{}', headers: { ...json, ...auth } }],
    ['starmarket', 'POST /api/starmarket/invst_top (signed in)', '/api/starmarket/invst_top', { body: '{}', headers: { ...json, ...auth } }],
    ['medical', 'GET /api/medical visitor (overview + events page 1)', '/api/medical', {}],
    ['medical', 'GET /api/medical?type=news&page=2 (signed in)', '/api/medical?type=news&page=2', { headers: auth }],
    ['medical', 'GET /api/medical/data?type=broker_report&page=2 (signed in)', '/api/medical/data?type=broker_report&page=2', { headers: auth }],
    ['medical', 'GET /api/medical/data?type=horse (signed in)', '/api/medical/data?type=horse', { headers: auth }],
    ['medical', 'GET /api/medical/block?type=company&order=2&page=2 (signed in)', '/api/medical/block?type=company&order=2&page=2', { headers: auth }],
    ['entity', 'GET /api/investevent page 2 (signed in)', '/api/investevent?page=2', { headers: auth }],
    ['entity', `GET /api/investevent?scope=医疗健康 (signed in)`, `/api/investevent?scope=${encodeURIComponent('医疗健康')}`, { headers: auth }],
    ['entity', 'GET /api/news page 2 (signed in)', '/api/news?page=2', { headers: auth }],
    ['entity', 'GET /api/search?q=科技 signed in (edge cache: the same for everyone)', `/api/search?q=${encodeURIComponent('科技')}`, { headers: auth }],
    // A keyword's first request goes to the handler alone; its second reads the cache, misses and stores (the search route declares `stored: 'second'`).
    ['entity', 'GET /api/search signed in, another 2-character keyword each time (first request: the handler, no cache)', '/api/search', { headers: auth, fresh: (n) => ({ path: `/api/search?q=${encodeURIComponent(keywordOf(n))}` }) }],
    ['entity', 'GET /api/search signed in, each new 3-character keyword twice (the second: cache read, miss, stored)', '/api/search', { headers: auth, fresh: (n) => ({ path: `/api/search?q=${encodeURIComponent(threeCharKeywordOf(n >> 1))}` }) }],
    ['order', 'GET /api/order/plans (signed in)', '/api/order/plans', { headers: auth }],
    ['order', 'GET /api/orders (signed in: my orders)', '/api/orders', { headers: auth }],
    ['order', 'GET /api/user/ledger page 2 (signed in: my coin ledger)', '/api/user/ledger?page=2', { headers: auth }],
  ];
};
