import { createRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mobileRedirect } from '../../../web/src/lib/mobile';
import { setToken } from '../../../web/src/lib/token';
import { Route as rootRoute } from '../../../web/src/routes/__root';
import { errorBody, meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

/** The app's real root layout with two stand-in area pages (areas register their own routes). */
const pageRoute = (path: string, text: string) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{text}</h1> });
const tree = rootRoute.addChildren([pageRoute('/', '首页内容'), pageRoute('/health', '医疗健康桌面版'), pageRoute('/healthMobile', '医疗健康移动版')]);

const desktopUA = navigator.userAgent;
function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

beforeEach(resetApp);
afterEach(() => {
  setUserAgent(desktopUA);
  resetApp();
});

describe('root layout', () => {
  it('gives a visitor the areas, a 登录 button that opens the login dialog, and the footer', async () => {
    stubApi({});
    await renderRouter(tree);
    const nav = screen.getByRole('navigation', { name: '产品导航' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['科创板', '/kcb'],
      ['死亡公司', '/deathCompany'],
      ['医疗健康', '/health'],
      ['投资管理SaaS', '/saas'],
    ]);
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
  });

  it('shows the signed-in user, membership and coin balance in the user menu', async () => {
    setToken('tok-vip');
    const seen = stubApi({ 'GET /api/user/info': { body: meBody({ username: '会员甲', isVip: true, juzibtc: 500 }) } });
    await renderRouter(tree);
    const trigger = await screen.findByRole('button', { name: '用户菜单：会员甲' });
    // Badge and balance sit beside the menu button (its visible text is the name its label carries).
    expect(trigger.closest('.header-user')?.textContent).toContain('VIP');
    expect(trigger.closest('.header-user')?.textContent).toContain('桔子币 500');
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
    expect(seen[0].headers.get('Authorization')).toBe('Bearer tok-vip');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('桔子币 500');
    expect(screen.getByRole('menuitem', { name: '个人下载中心' }).getAttribute('href')).toBe('/user-center/download#company_down');
    expect(screen.getByRole('menuitem', { name: '开通会员' }).getAttribute('href')).toBe('/order');
  });

  it('logs out: POST /api/auth/logout, token forgotten, 登录 button back', async () => {
    setToken('tok-user');
    const seen = stubApi({ 'GET /api/user/info': { body: meBody({ svip: true, isVip: true }) }, 'POST /api/auth/logout': { body: okBody({ loggedOut: true }) } });
    await renderRouter(tree);
    const trigger = await screen.findByRole('button', { name: '用户菜单：测试用户' });
    expect(trigger.closest('.header-user')?.textContent).toContain('超级VIP');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/auth/logout' && r.headers.get('Authorization') === 'Bearer tok-user')).toBe(true);
    expect(localStorage.getItem('juzi_token')).toBeNull();
  });

  it('treats a rejected stored token as logged out and says so: 登录已过期，请重新登录', async () => {
    setToken('tok-expired');
    stubApi({ 'GET /api/user/info': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') } });
    await renderRouter(tree);
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(dialog.textContent).toContain('登录已过期，请重新登录');
    expect(localStorage.getItem('juzi_token')).toBeNull();
  });

  it('shows 页面不存在 for a path no area has registered', async () => {
    visit('/no-such-page');
    stubApi({});
    await renderRouter(tree);
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
  });
});

describe('mobile healthcare redirect', () => {
  it('sends phones, Android and the app from /health to /healthMobile', () => {
    const cases: [string, string | null][] = [
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', '/healthMobile'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8)', '/healthMobile'],
      ['Mozilla/5.0 (Windows NT 10.0) JuziApp/5.2', '/healthMobile'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', null],
    ];
    for (const [ua, want] of cases) expect(mobileRedirect('/health', ua), ua).toBe(want);
    expect(mobileRedirect('/health/12', cases[0][0])).toBeNull();
    expect(mobileRedirect('/health-subscription', cases[0][0])).toBeNull();
  });

  it('redirects inside the SPA from the root route', async () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    visit('/health');
    stubApi({});
    const { router } = await renderRouter(tree);
    await waitFor(() => expect(router.state.location.pathname).toBe('/healthMobile'));
    expect(await screen.findByRole('heading', { name: '医疗健康移动版' })).toBeTruthy();
  });

  it('keeps desktop browsers on /health', async () => {
    visit('/health');
    stubApi({});
    const { router } = await renderRouter(tree);
    expect(router.state.location.pathname).toBe('/health');
    expect(await screen.findByRole('heading', { name: '医疗健康桌面版' })).toBeTruthy();
  });
});
