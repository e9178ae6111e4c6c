// The main calls of each area that the throughput and profile benches drive.

/** [area, label, path, options]: GET unless a body is given (then POST JSON). `auth` signs a call in. */
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
    ['starmarket', 'POST /api/starmarket/home signed in (no cache)', '/api/starmarket/home', { body: '{}', headers: { ...json, ...auth } }],
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
    ['entity', 'GET /api/search?q=科技 (signed in)', `/api/search?q=${encodeURIComponent('科技')}`, { headers: auth }],
    ['order', 'GET /api/order/plans (signed in)', '/api/order/plans', { headers: auth }],
  ];
};
