/**
 * Every page of the SPA (web/src/routes) with real ids of the demo data, and the opened states worth
 * checking (dialogs, the ranking popover, an expanded row), for tests/e2e/a11y.test.ts.
 */
import type { Page } from 'playwright-core';
import type { Visit } from './axe';
import type { DemoIds } from './demo-ids';

const click = (page: Page, name: string | RegExp, role: 'button' | 'link' | 'tab' = 'button') => page.getByRole(role, { name }).first().click();
const dialog = (page: Page, name?: string | RegExp) => page.getByRole('dialog', name ? { name } : {}).first().waitFor();

export function a11yVisits(ids: DemoIds): Visit[] {
  return [
    // Home and the closed-company area.
    { path: '/' },
    { path: '/deathCompany', ready: '.closure-name' },
    { path: '/deathReason', roles: ['vip'], ready: '.reason-title' },
    { path: '/deathReason', roles: ['visitor'] },
    { path: '/deathReason?tab=companies', roles: ['vip'], ready: '.reason-title' },
    { path: '/deathTrack', roles: ['vip'], ready: '.recharts-pie-sector' },
    { path: '/deathTrack', roles: ['visitor'] },
    { path: '/deathRank', roles: ['vip'], ready: '.rank-table tbody tr' },
    { path: '/deathRank', roles: ['visitor'] },
    { path: '/deathRank?tab=firm', roles: ['vip'], ready: '.firm-row' },
    { path: '/deathReport', roles: ['vip'], ready: '.news-row' },
    { path: '/deathReport', roles: ['visitor'] },
    // STAR market.
    { path: '/kcb' },
    { path: '/kcb/project' },
    { path: '/kcb/project?type=shangshi', roles: ['vip'] },
    { path: '/kcb/rank' },
    { path: '/kcb/disclosure' },
    { path: `/kcb/${ids.starCompany.mComId}` },
    // Healthcare.
    { path: '/health' },
    { path: `/health/${ids.childTag}`, roles: ['vip'] },
    { path: '/healthMobile' },
    { path: '/health-subscription' },
    // Entity pages, news and policy.
    { path: `/company/${ids.closedCompany.id}` },
    { path: `/investfirm/${ids.firm}` },
    { path: '/investevent' },
    { path: `/investevent/${ids.event}` },
    { path: `/person/${ids.person}` },
    { path: `/user/${ids.user}` },
    { path: `/atlas/${ids.childTag}` },
    { path: '/news' },
    { path: '/policy' },
    { path: `/policy/${ids.policy}` },
    { path: '/info_api' },
    // Orders, SaaS, share pages, the user centre.
    { path: '/mall' },
    { path: '/order' },
    { path: `/pay/sandbox/${ids.order}`, roles: ['vip'] },
    { path: '/saas' },
    { path: '/saas/try' },
    { path: `/share/user/${ids.shareUser}` },
    { path: `/share/dynamic/${ids.shareDynamic}` },
    { path: '/user-center' },
    { path: '/user-center/download' },
    { path: '/user-center/follows' },
    { path: '/user-center/orders' },
    { path: '/user-center/api' },
    { path: '/no-such-page', ready: '.not-found' },

    // Opened states.
    { path: '/', state: 'login dialog', roles: ['visitor'], open: (p) => click(p, '登录').then(() => dialog(p, '登录')) },
    {
      path: '/',
      state: 'register dialog',
      roles: ['visitor'],
      open: async (p) => {
        await click(p, '登录');
        await dialog(p, '登录');
        await p.getByRole('dialog').getByRole('button', { name: /注册/ }).first().click();
        await dialog(p, /注册/);
      },
    },
    {
      path: '/deathCompany',
      state: 'expanded row',
      ready: '.closure-name',
      open: async (p) => {
        await click(p, '查看详情');
        await p.locator('.closure-detail [role="tabpanel"]').first().waitFor();
      },
    },
    {
      path: '/deathCompany',
      state: 'ranking popover',
      ready: '.closure-name',
      open: async (p) => {
        await click(p, /上香榜/);
        await p.getByRole('region', { name: '上香排行榜' }).or(p.getByRole('dialog', { name: '上香排行榜' })).getByRole('link').first().waitFor();
      },
    },
    { path: '/deathCompany', state: 'incense dialog', roles: ['vip'], ready: '.closure-name', open: (p) => p.getByRole('button', { name: '上香', exact: true }).first().click().then(() => dialog(p, /上香/)) },
    { path: '/deathCompany', state: 'share dialog', ready: '.closure-name', open: (p) => click(p, '分享').then(() => dialog(p, '分享到手机')) },
    { path: '/deathCompany', state: 'batch download dialog', roles: ['vip'], ready: '.closure-name', open: (p) => click(p, '下载全部数据').then(() => dialog(p, '下载全部数据')) },
    { path: '/deathRank', state: 'export dialog', roles: ['vip'], ready: '.rank-table tbody tr', open: (p) => click(p, '导出数据').then(() => dialog(p)) },
    { path: '/deathReason', state: 'membership prompt', roles: ['user'], ready: '.reason-title', open: (p) => click(p, '全部公司', 'tab').then(() => dialog(p, /开通/)) },
    { path: '/health-subscription', state: 'subscription dialog', roles: ['vip'], open: (p) => click(p, '动态订阅').then(() => dialog(p)) },
    { path: `/share/dynamic/${ids.shareDynamic}`, state: 'open-app mask', open: (p) => p.locator('.share-column').click({ position: { x: 20, y: 20 } }).then(() => dialog(p)) },
  ];
}
