import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeGate } from '../../../web/src/lib/gate';
import { setToken } from '../../../web/src/lib/token';
import { Route as deathCompanyRoute } from '../../../web/src/routes/_closure/deathCompany';
import { Route as deathRankRoute } from '../../../web/src/routes/_closure/deathRank';
import { Route as deathReasonRoute } from '../../../web/src/routes/_closure/deathReason';
import { Route as deathReportRoute } from '../../../web/src/routes/_closure/deathReport';
import { Route as deathTrackRoute } from '../../../web/src/routes/_closure/deathTrack';
import { meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';
import { closureTree } from './routes';

/** The area layout (routes/_closure/route.tsx): the nav bar on every page, the login gate on all but the home. */

const tree = closureTree({
  '/deathCompany': deathCompanyRoute,
  '/deathReason': deathReasonRoute,
  '/deathTrack': deathTrackRoute,
  '/deathRank': deathRankRoute,
  '/deathReport': deathReportRoute,
});

beforeEach(resetApp);
afterEach(resetApp);

/** The nav bar's current item (read from the DOM: an open dialog hides the page from the accessibility tree). */
const currentNavItem = () => document.querySelector('nav[aria-label="死亡公司库导航"] a[aria-current="page"]')?.textContent;

const news = (n: number) => ({ id: n, title: `报道${n}`, url: `https://news.example.com/${n}`, logo: '', com_id: n, com_name: `公司${n}`, cat_name: '电子商务', com_prov: '北京', time: '2026-01-02', source: '某报', main_url: '' });

function stubReport() {
  return stubApi({
    'GET /api/user/info': { body: meBody() },
    'GET /api/closure/news_list': { body: okBody({ info: [news(1), news(2)], page: { total: 45, page: 1, per_page: 20 } }) },
    'GET /api/closure/filters': { body: okBody({ provinces: [], sectors: [], fund_statuses: [], sorts: [], news_regions: ['北京'], news_years: ['2025', '2012以前'] }) },
  });
}

describe('the closed-company area layout', () => {
  it.each([
    ['/deathReason', '死亡原因', '死亡原因'],
    ['/deathTrack', '死亡赛道', '死亡公司赛道与专辑'],
    ['/deathRank', '烧钱榜', '烧钱排行榜'],
    ['/deathReport', '死亡报告', '死亡公司报道'],
  ])('a visitor on %s sees the nav bar (%s current) and the login wall, the login dialog opens, and nothing is requested', async (path, navItem, what) => {
    const seen = stubApi({});
    visit(path);
    await renderRouter(tree);
    await screen.findByRole('dialog', { name: '登录' });
    expect(document.querySelector('.login-wall')?.textContent).toContain(`登录后查看${what}`);
    expect(currentNavItem()).toBe(navItem);
    expect(seen).toEqual([]);
    expect(document.title).toBe(`${navItem} - 死亡公司库 - 桔子数据`);
  });

  it('a visitor on the home sees the page, not the wall', async () => {
    stubApi({
      'GET /api/closure': { body: okBody({ info: [], page: { total: 0, page: 1, per_page: 10 } }) },
      'GET /api/closure/year_number': { body: okBody({}) },
      'GET /api/closure/filters': { body: okBody({ provinces: [], sectors: [], fund_statuses: [], sorts: [], news_regions: [], news_years: [] }) },
    });
    visit('/deathCompany');
    await renderRouter(tree);
    expect(screen.getByRole('heading', { name: '死亡公司库' })).toBeTruthy();
    expect(document.querySelector('.login-wall')).toBeNull();
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
    expect(currentNavItem()).toBe('首页');
    expect(document.title).toBe('死亡公司库 - 桔子数据');
  });

  it('a signed-in user gets the page its loader loaded: the news list, 20 a page', async () => {
    setToken('user-token');
    const seen = stubReport();
    visit('/deathReport');
    await renderRouter(tree);
    expect(screen.getByRole('heading', { name: '死亡公司报道' })).toBeTruthy();
    expect(screen.getByText('共 45 条报道')).toBeTruthy();
    expect(screen.getByRole('link', { name: '报道1' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: '第 3 页' })).toBeTruthy();
    expect(seen.filter((r) => r.path === '/api/closure/news_list')).toHaveLength(1);
    expect(currentNavItem()).toBe('死亡报告');
    expect(document.title).toBe('死亡报告 - 死亡公司库 - 桔子数据');
  });

  it('each page sets its own document title; /deathReason names the chosen reason', async () => {
    setToken('user-token');
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/closure/closure_type': {
        body: okBody([
          { id: 1, name: '外部原因', child: [{ id: 11, name: '行业竞争' }, { id: 12, name: '政策监管' }] },
          { id: 3, name: '资金原因', child: [{ id: 31, name: '资金链断裂' }] },
        ]),
      },
      'GET /api/closure/news_list': { body: okBody({ info: [], page: { total: 0, page: 1, per_page: 20 } }) },
      'GET /api/closure/filters': { body: okBody({ provinces: [], sectors: [], fund_statuses: [], sorts: [], news_regions: [], news_years: [] }) },
    });
    visit('/deathReason?parent_id=3&child_id=31');
    const { router } = await renderRouter(tree);
    await screen.findByRole('heading', { name: '资金链断裂' });
    expect(document.title).toBe('死亡原因：资金链断裂 - 死亡公司库 - 桔子数据');
    await act(() => router.navigate({ to: '/deathReason', search: { parent_id: 1, child_id: 12 } }));
    await screen.findByRole('heading', { name: '政策监管' });
    expect(document.title).toBe('死亡原因：政策监管 - 死亡公司库 - 桔子数据');
    await act(() => router.navigate({ to: '/deathReport' }));
    await screen.findByRole('heading', { name: '死亡公司报道' });
    expect(document.title).toBe('死亡报告 - 死亡公司库 - 桔子数据');
  });

  it('a visitor who logs in on the wall gets the page in place', async () => {
    stubReport();
    visit('/deathReport');
    await renderRouter(tree);
    await screen.findByRole('dialog', { name: '登录' });
    act(() => {
      setToken('user-token');
      closeGate();
    });
    expect(await screen.findByText('共 45 条报道')).toBeTruthy();
    expect(document.querySelector('.login-wall')).toBeNull();
  });
});
