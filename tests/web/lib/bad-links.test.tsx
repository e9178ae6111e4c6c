import { createRootRouteWithContext, createRoute, Outlet, type AnyRoute } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from '../../../web/src/lib/api';
import type { RouterContext } from '../../../web/src/lib/routerContext';
import { rewriteToShownSearch } from '../../../web/src/lib/searchParams';
import { setToken } from '../../../web/src/lib/token';
import { Route as closureLayoutRoute } from '../../../web/src/routes/_closure/route';
import { Route as deathCompanyRoute } from '../../../web/src/routes/_closure/deathCompany';
import { Route as deathReportRoute } from '../../../web/src/routes/_closure/deathReport';
import { RouteError } from '../../../web/src/ui/RouteError';
import { errorBody, meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

/**
 * Hand-edited and stale links (issue: '/deathCompany?page=abc&sort=9&cat_id=-1' showed only an
 * error with the field names): bad values fall back to their defaults, options the API does not
 * list fall back too, the address is rewritten to what is shown, and an unknown id shows a
 * not-found state with a link to its area's list instead of 重试.
 */

/** The app's root rule (routes/__root.tsx) over the closed-company layout and the given pages. */
function tree(pages: Record<string, AnyRoute>) {
  const root = createRootRouteWithContext<RouterContext>()({ beforeLoad: rewriteToShownSearch, component: () => <Outlet /> });
  const layout = closureLayoutRoute.update({ id: '/_closure', getParentRoute: () => root } as never);
  const children = Object.entries(pages).map(([path, route]) => route.update({ id: path, path, getParentRoute: () => layout } as never));
  return root.addChildren([layout.addChildren(children)]);
}

const FILTERS = {
  provinces: ['北京', '上海'],
  sectors: [{ id: 1, name: '电子商务', children: [{ id: 11, name: '跨境电商' }] }],
  fund_statuses: [{ id: 2, name: 'A轮' }],
  sorts: [],
  news_regions: ['北京', '海外'],
  news_years: ['2026', '2015', '2012以前'],
};

const row = { com_id: 1, com_name: '公司1', logo: '', com_des: '', com_prov: '北京', cat_id: 1, cat_name: '电子商务', se_cat_name: '', born: '2018-03', com_change_close_date: '2021-06-30', survival: { years: 3, months: 3 }, com_fund_status_name: 'A轮', operating_status: '已关闭', total_money: 0, valuation: 0, incense_total: 0, closure_type: [], com_team: [], com_tag: [], com_invst: [] };

/** Query strings of every call to `path`. */
const requests = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

/** The worker's answers; like the worker, a bad page, sort or sector is refused with the field's name. */
function stubClosure() {
  setToken('user-token');
  return stubApi({
    'GET /api/user/info': { body: meBody() },
    'GET /api/closure/filters': { body: okBody(FILTERS) },
    'GET /api/closure/year_number': { body: okBody({ '2020': 1 }) },
    'GET /api/closure': () => {
      const q = requests('/api/closure').at(-1)!;
      if (!/^\d+$/.test(q.page ?? '1')) return { status: 400, body: errorBody('BAD_REQUEST', 'page：页码必须是整数') };
      if (q.cat_id && Number(q.cat_id) < 1) return { status: 400, body: errorBody('BAD_REQUEST', 'cat_id：行业最小为1') };
      return { body: okBody({ info: [row], page: { total: 1, page: Number(q.page ?? 1), per_page: 10 } }) };
    },
    'GET /api/closure/news_list': () => {
      const q = requests('/api/closure/news_list').at(-1)!;
      if (q.year && !FILTERS.news_years.includes(q.year)) return { status: 400, body: errorBody('BAD_REQUEST', 'year：年份只能是 2012 至今的年份或“2012以前”') };
      return { body: okBody({ info: [], page: { total: 0, page: 1, per_page: 20 } }) };
    },
  });
}

beforeEach(resetApp);
afterEach(resetApp);

describe('a bad value in a link', () => {
  it('/deathCompany?page=abc&sort=9&cat_id=-1 shows page 1 of the default list and the address becomes /deathCompany', async () => {
    stubClosure();
    visit('/deathCompany?page=abc&sort=9&cat_id=-1');
    const { router } = await renderRouter(tree({ '/deathCompany': deathCompanyRoute }));
    await screen.findByText('公司1');
    expect(router.state.location.href).toBe('/deathCompany');
    expect(window.location.search).toBe('');
    expect(requests('/api/closure')).toEqual([{ sort: '1', page: '1' }]);
    expect(screen.queryByText(/page：|cat_id：|重试/)).toBeNull();
  });

  it('keeps the good values and unknown params, and writes a trimmed keyword in its clean form', async () => {
    stubClosure();
    visit('/deathCompany?page=2&keyword=%20%E5%8D%95%E8%BD%A6%20&sort=abc&utm_source=x');
    const { router } = await renderRouter(tree({ '/deathCompany': deathCompanyRoute }));
    await screen.findByText('公司1');
    expect(router.state.location.search).toEqual({ page: 2, keyword: '单车', utm_source: 'x' });
    expect(requests('/api/closure').at(-1)).toEqual({ sort: '1', page: '2', keyword: '单车' });
  });

  it('a numeric company name from a link is the name, not a dropped number', async () => {
    stubClosure();
    visit('/deathCompany?company=360');
    await renderRouter(tree({ '/deathCompany': deathCompanyRoute }));
    await screen.findByText('公司1');
    expect(requests('/api/closure').at(-1)).toEqual({ sort: '1', page: '1', keyword: '360' });
  });

  it('a sector, province or round the API does not list falls back to all, and the address says so', async () => {
    stubClosure();
    visit('/deathCompany?cat_id=99999&com_prov=%E7%81%AB%E6%98%9F&fund_status=2&page=2');
    const { router } = await renderRouter(tree({ '/deathCompany': deathCompanyRoute }));
    await screen.findByText('公司1');
    expect(router.state.location.search).toEqual({ fund_status: 2, page: 2 });
    // The unknown sector was never asked for.
    expect(requests('/api/closure')).toEqual([{ sort: '1', page: '2', fund_status: '2' }]);
  });

  it('a sub-sector id from a link is kept', async () => {
    stubClosure();
    visit('/deathCompany?cat_id=11');
    const { router } = await renderRouter(tree({ '/deathCompany': deathCompanyRoute }));
    await screen.findByText('公司1');
    expect(router.state.location.search).toEqual({ cat_id: 11 });
  });

  it('/deathReport?year=1999 (not a year option) shows all years instead of an error', async () => {
    stubClosure();
    visit('/deathReport?year=1999&page=abc');
    const { router } = await renderRouter(tree({ '/deathReport': deathReportRoute }));
    await screen.findByRole('heading', { name: '死亡公司报道' });
    await waitFor(() => expect(router.state.location.href).toBe('/deathReport'));
    expect(requests('/api/closure/news_list').every((q) => q.year === undefined && q.page === '1')).toBe(true);
    expect(screen.queryByText(/year：|重试/)).toBeNull();
  });
});

describe('an unknown id', () => {
  /** A page that loads one item through the typed client, with the app's error component. */
  const rootOnly = createRootRouteWithContext<RouterContext>()({ component: () => <Outlet /> });
  const itemRoute = createRoute({
    getParentRoute: () => rootOnly,
    path: '/kcb/$id',
    loader: () => unwrap(api.starmarket.detail.$post({ json: { id: 999999 } })),
    errorComponent: RouteError,
    component: () => <p>公司详情</p>,
  });
  const itemTree = rootOnly.addChildren([itemRoute]);

  it('shows the worker’s not-found message and a link back to the area’s list, not 重试', async () => {
    stubApi({ 'POST /api/starmarket/detail': { status: 404, body: errorBody('NOT_FOUND', '该科创板公司不存在') } });
    visit('/kcb/999999');
    await renderRouter(itemTree);
    await screen.findByText('该科创板公司不存在');
    expect(screen.getByRole('link', { name: '返回科创板企业列表' }).getAttribute('href')).toBe('/kcb/project');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('a link the worker refuses says the link is wrong, never the field’s name', async () => {
    stubApi({ 'POST /api/starmarket/detail': { status: 400, body: errorBody('BAD_REQUEST', 'id：id必须是正整数') } });
    visit('/kcb/abc');
    await renderRouter(itemTree);
    await screen.findByText('链接有误，无法显示这个页面');
    expect(screen.queryByText(/id：/)).toBeNull();
    expect(screen.getByRole('link', { name: '返回科创板企业列表' })).toBeTruthy();
  });

  it('any other failure keeps 重试', async () => {
    stubApi({ 'POST /api/starmarket/detail': { status: 500, body: errorBody('INTERNAL', '服务器开小差了，请稍后重试') } });
    visit('/kcb/1');
    await renderRouter(itemTree);
    await screen.findByText('服务器开小差了，请稍后重试');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
