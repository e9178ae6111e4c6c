import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportStore } from '../../../web/src/features/exports/store';
import { setToken } from '../../../web/src/lib/token';
import { Route as deathCompanyRoute } from '../../../web/src/routes/_closure/deathCompany';
import { closureTree } from './routes';
import { closeGate } from '../../../web/src/lib/gate';
import { errorBody, meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

const tree = closureTree({ '/deathCompany': deathCompanyRoute });

beforeEach(() => {
  resetApp();
  act(() => exportStore.set(null));
});
afterEach(resetApp);

const row = (id: number) => ({
  com_id: id,
  com_name: `公司${id}`,
  logo: '',
  com_des: `公司${id}的介绍`,
  com_prov: '北京',
  cat_id: 1,
  cat_name: '电子商务',
  se_cat_name: '跨境电商',
  born: '2018-03',
  com_change_close_date: '2021-06-30',
  com_fund_status_name: 'A轮',
  survival: { years: 3, months: 3 },
  operating_status: '已关闭',
  total_money: 5000,
  valuation: 20000,
  incense_total: 12,
  closure_type: [{ id: 31, p_id: 3, name: '资金链断裂' }],
  com_team: [{ id: 1, name: '张三', position: '创始人' }],
  com_tag: [{ tag_id: 1, tag_name: '跨境' }],
  com_invst: [1, 2, 3, 4].map((n) => ({ invst_id: n, invst_name: `机构${n}` })),
});

/** Query strings of every GET /api/closure the page made. */
const listRequests = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/closure')
    .map((u) => Object.fromEntries(u.searchParams));

/**
 * The worker's answers, its rules included: a visitor gets only the default page 1, a non-VIP pages
 * 1 to 3; `failures` list answers fail first with a server error.
 */
function stubPage(opts: { total?: number; loggedIn?: boolean; vip?: boolean; failures?: number } = {}) {
  const total = opts.total ?? 45;
  let failures = opts.failures ?? 0;
  if (opts.loggedIn) setToken('user-token');
  return stubApi({
    'GET /api/user/info': { body: meBody({ isVip: opts.vip ?? false }) },
    'GET /api/closure': (req) => {
      const q = listRequests().at(-1)!;
      const p = Number(q.page);
      const signedIn = req.headers.has('Authorization');
      // A company name alone (a shared link) is allowed on page 1.
      if (!signedIn && (p !== 1 || q.com_prov || q.cat_id || q.fund_status || q.sort !== '1')) return { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') };
      if (signedIn && !opts.vip && p > 3) return { status: 403, body: errorBody('VIP_REQUIRED', '非VIP会员最多查看前3页，请开通会员') };
      if (failures-- > 0) return { status: 500, body: errorBody('INTERNAL', '服务器开小差了，请稍后重试') };
      return { body: okBody({ info: Array.from({ length: Math.min(10, total - (p - 1) * 10) }, (_, i) => row((p - 1) * 10 + i + 1)), page: { total, page: p, per_page: 10 } }) };
    },
    'GET /api/closure/year_number': { body: okBody({ '2019': 800, '2020': 700 }) },
    'GET /api/closure/filters': {
      body: okBody({
        provinces: ['北京', '上海'],
        sectors: [
          { id: 1, name: '电子商务', children: [] },
          { id: 3, name: '金融', children: [] },
        ],
        fund_statuses: [{ id: 2, name: 'A轮' }],
        sorts: [],
        news_regions: [],
        news_years: [],
      }),
    },
    'GET /api/closure/com_comment': { body: okBody({ info: [], page: { total: 0, page: 1, per_page: 5 } }) },
  });
}

async function renderPage(path = '/deathCompany', firstRow = '公司1') {
  visit(path);
  const r = await renderRouter(tree);
  await screen.findByText(firstRow);
  return r;
}

describe('/deathCompany', () => {
  it('shows the title with the total, year counts and 10 rows; rows expand and collapse', async () => {
    stubPage();
    await renderPage();
    expect(screen.getByRole('heading', { name: '死亡公司库' })).toBeTruthy();
    expect(screen.getByText('共 45 家公司')).toBeTruthy();
    expect(screen.getByLabelText('2019年 800 家')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '查看详情' })).toHaveLength(10);
    expect(listRequests()[0]).toEqual({ sort: '1', page: '1' });

    fireEvent.click(screen.getAllByRole('button', { name: '查看详情' })[0]);
    const detail = document.getElementById('closure-detail-1')!;
    expect(within(detail).getByRole('link', { name: '公司1' }).getAttribute('href')).toBe('/company/1');
    expect(within(detail).getByRole('link', { name: '资金链断裂' }).getAttribute('href')).toBe('/deathReason?parent_id=3&child_id=31');
    expect(within(detail).getByText(/2018-03 → 2021-06-30（3年3个月）/)).toBeTruthy();
    expect(within(detail).getByText('电子商务-跨境电商')).toBeTruthy();
    // Three investors, then an expand link.
    expect(within(detail).queryByText('机构4')).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: '展开（共4家）' }));
    expect(within(detail).getByText('机构4')).toBeTruthy();
    expect(within(detail).getByRole('tab', { name: '评论' }).getAttribute('aria-selected')).toBe('true');
    expect(within(detail).getByRole('tab', { name: '上香记录' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '收起', expanded: true }));
    expect(document.getElementById('closure-detail-1')).toBeNull();
  });

  it('shows the list total once, with thousands separators', async () => {
    stubPage({ loggedIn: true, total: 6000 });
    await renderPage();
    expect(screen.getByText('共 6,000 家公司')).toBeTruthy();
    expect(document.body.textContent!.match(/6,000/g)).toHaveLength(1);
  });

  it('分享 shows a QR code of the closed-company home’s address', async () => {
    stubPage();
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    const dialog = await screen.findByRole('dialog', { name: '分享到手机' });
    const url = `${window.location.origin}/deathCompany`;
    // The QR encoder is loaded when the dialog first opens.
    await waitFor(() => expect(dialog.querySelector('svg title')?.textContent).toBe(`二维码：${url}`));
    expect(dialog.textContent).toContain('微信扫一扫，在手机上打开死亡公司库');
  });

  it('a visitor clicking a closing reason in a row’s detail gets the login dialog and stays on the list', async () => {
    stubPage();
    const { router } = await renderPage();
    fireEvent.click(screen.getAllByRole('button', { name: '查看详情' })[0]);
    fireEvent.click(within(document.getElementById('closure-detail-1')!).getByRole('link', { name: '资金链断裂' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(router.state.location.pathname).toBe('/deathCompany');
  });

  it('a visitor changing a filter gets the login dialog; nothing changes and nothing is requested', async () => {
    stubPage();
    const { router } = await renderPage();
    const province = screen.getByRole('combobox', { name: '地区' });
    await waitFor(() => expect(within(province).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(province, { target: { value: '北京' } });
    await screen.findByRole('dialog', { name: '登录' });
    expect(within(province).getByRole('option', { selected: true, hidden: true }).textContent).toBe('全部地区');
    await new Promise((r) => setTimeout(r, 350));
    expect(router.state.location.search).toEqual({});
    expect(listRequests()).toHaveLength(1);
  });

  it('a visitor sees the login prompt bar instead of the pager; its button opens the login dialog', async () => {
    stubPage();
    const { router } = await renderPage();
    expect(screen.getByText('登录后可翻页、筛选和查看全部死亡公司')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    expect(screen.queryByRole('button', { name: '第 2 页' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(router.state.location.search).toEqual({});
  });

  it('a signed-in user sees the pager and no login prompt bar', async () => {
    stubPage({ loggedIn: true });
    await renderPage();
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
    expect(screen.queryByText('登录后可翻页、筛选和查看全部死亡公司')).toBeNull();
  });

  it('debounces the keyword: one request 300 ms after the last keystroke', async () => {
    stubPage({ loggedIn: true });
    const { router } = await renderPage();
    const box = screen.getByRole('searchbox', { name: '搜索公司名称' });
    for (const v of ['共', '共享', '共享单车']) fireEvent.change(box, { target: { value: v } });
    await new Promise((r) => setTimeout(r, 150));
    expect(listRequests()).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toEqual({ keyword: '共享单车' }), { timeout: 3000 });
    await waitFor(() => expect(listRequests().at(-1)).toEqual({ sort: '1', page: '1', keyword: '共享单车' }), { timeout: 3000 });
    expect(listRequests().filter((q) => q.keyword)).toHaveLength(1);
  });

  it('?company= filters by name and follows changes of the URL', async () => {
    stubPage({ loggedIn: true });
    const { router } = await renderPage('/deathCompany?company=%E7%94%B2%E5%8D%95%E8%BD%A6');
    expect(listRequests().at(-1)).toEqual({ sort: '1', page: '1', keyword: '甲单车' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('甲单车');
    await act(() => router.navigate({ to: '/deathCompany', search: { company: '乙外卖' } }));
    await waitFor(() => expect(listRequests().at(-1)).toEqual({ sort: '1', page: '1', keyword: '乙外卖' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('乙外卖');
  });

  it('a visitor opening a shared link ?company= sees that company’s rows; emptying the box returns to the default list', async () => {
    stubPage({ total: 1 });
    const { router } = await renderPage('/deathCompany?company=%E7%94%B2%E5%8D%95%E8%BD%A6');
    expect(listRequests()).toEqual([{ sort: '1', page: '1', keyword: '甲单车' }]);
    const box = screen.getByRole('searchbox', { name: '搜索公司名称' }) as HTMLInputElement;
    expect(box.value).toBe('甲单车');
    expect(screen.getByText('共 1 家公司')).toBeTruthy();
    expect(screen.queryByText('登录后才能筛选、搜索或翻页')).toBeNull();
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();

    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toEqual({}), { timeout: 3000 });
    await waitFor(() => expect(listRequests().at(-1)).toEqual({ sort: '1', page: '1' }));
    expect(box.value).toBe('');
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
  });

  it('a visitor’s shared link with anything besides the name (page 2) is still refused without a request', async () => {
    stubPage();
    visit('/deathCompany?company=%E7%94%B2%E5%8D%95%E8%BD%A6&page=2');
    await renderRouter(tree);
    await screen.findByRole('dialog', { name: '登录' });
    expect(screen.getByText('登录后才能筛选、搜索或翻页')).toBeTruthy();
    expect(listRequests()).toEqual([]);
  });

  it('a visitor typing a name gets the login dialog, and the box keeps the link’s name', async () => {
    stubPage({ total: 1 });
    await renderPage('/deathCompany?company=%E7%94%B2%E5%8D%95%E8%BD%A6');
    const box = screen.getByRole('searchbox', { name: '搜索公司名称' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '甲单车乙' } });
    await screen.findByRole('dialog', { name: '登录' });
    expect(box.value).toBe('甲单车');
  });

  it('a visitor opening a filtered link asks for nothing the worker would refuse: the login dialog opens, and the list follows the login', async () => {
    stubPage();
    visit('/deathCompany?com_prov=%E5%8C%97%E4%BA%AC');
    await renderRouter(tree);
    await screen.findByRole('dialog', { name: '登录' });
    expect(screen.getByText('登录后才能筛选、搜索或翻页')).toBeTruthy();
    expect(listRequests()).toEqual([]);
    // The year bars and the filter options are public.
    expect(screen.getByLabelText('2019年 800 家')).toBeTruthy();

    act(() => {
      setToken('user-token');
      closeGate();
    });
    await screen.findByText('公司1');
    expect(listRequests()).toEqual([{ sort: '1', page: '1', com_prov: '北京' }]);
    expect(screen.queryByText('登录后才能筛选、搜索或翻页')).toBeNull();
  });

  it('a non-VIP opening ?page=4 by URL gets the worker’s membership prompt and page 3 instead', async () => {
    stubPage({ loggedIn: true, total: 100 });
    visit('/deathCompany?page=4');
    const { router } = await renderRouter(tree);
    const prompt = await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(prompt.textContent).toContain('非VIP会员最多查看前3页，请开通会员');
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }));
    await screen.findByText('公司21');
    expect(listRequests().map((q) => q.page)).toEqual(['4', '3']);
  });

  it('a list that still fails after the retries shows the message and 重试, which loads the page again', async () => {
    // The first answer and both of the QueryClient's retries fail.
    stubPage({ loggedIn: true, failures: 3 });
    visit('/deathCompany');
    await renderRouter(tree);
    const retry = await screen.findByRole('button', { name: '重试' }, { timeout: 8000 });
    expect(retry.closest('[role="alert"]')?.textContent).toContain('服务器开小差了，请稍后重试');
    fireEvent.click(retry);
    await screen.findByText('公司1');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(listRequests()).toHaveLength(4);
  }, 15_000);

  it('a non-VIP clicking page 4 stays on page 3 and gets the membership prompt; a VIP goes on', async () => {
    stubPage({ loggedIn: true, total: 100 });
    const { router, unmount } = await renderPage('/deathCompany?page=3', '公司21');
    fireEvent.click(screen.getByRole('button', { name: '第 4 页' }));
    const prompt = await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(within(prompt).getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=deathCompany&return=%2FdeathCompany%3Fpage%3D4');
    expect(router.state.location.search).toEqual({ page: 3 });
    expect(listRequests().map((q) => q.page)).not.toContain('4');
    unmount();
    resetApp();

    stubPage({ loggedIn: true, vip: true, total: 100 });
    const vip = await renderPage('/deathCompany?page=3', '公司21');
    fireEvent.click(screen.getByRole('button', { name: '第 4 页' }));
    await screen.findByText('公司31');
    expect(vip.router.state.location.search).toEqual({ page: 4 });
    expect(screen.queryByRole('dialog', { name: '开通VIP会员' })).toBeNull();
  });

  it('the download dialog offers 2000-row batches with the hint, and a batch opens the export dialog', async () => {
    stubPage({ loggedIn: true, total: 4500 });
    await renderPage('/deathCompany?com_prov=%E5%8C%97%E4%BA%AC&sort=3');
    fireEvent.click(screen.getByRole('button', { name: '下载全部数据' }));
    const dialog = await screen.findByRole('dialog', { name: '下载全部数据' });
    expect(within(dialog).getAllByRole('button', { name: /^\d+-\d+$/ }).map((b) => b.textContent)).toEqual(['1-2000', '2001-4000', '4001-4500']);
    expect(dialog.textContent).toContain('分批下载；若下载失败，请等待五分钟后到个人下载中心获取文件');
    fireEvent.click(within(dialog).getByRole('button', { name: '2001-4000' }));
    expect(exportStore.get()?.req).toEqual({
      kind: 'closure',
      params: { com_prov: '北京', cat_id: undefined, fund_status: undefined, sort: 3, keyword: undefined, page: 2, per_page: 2000 },
      from: 'deathCompany',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '下载全部数据' })).toBeNull());
  });

  it('up to 2000 rows skip the batch picker: the export dialog opens for the whole filtered list', async () => {
    stubPage({ loggedIn: true, total: 1537 });
    await renderPage('/deathCompany?cat_id=3');
    fireEvent.click(screen.getByRole('button', { name: '下载全部数据' }));
    await waitFor(() => expect(exportStore.get()?.req).toBeTruthy());
    expect(exportStore.get()?.req).toEqual({
      kind: 'closure',
      params: { com_prov: undefined, cat_id: 3, fund_status: undefined, sort: 1, keyword: undefined },
      from: 'deathCompany',
    });
    expect(screen.queryByRole('dialog', { name: '下载全部数据' })).toBeNull();
  });
});
