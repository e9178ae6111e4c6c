import { useMutation, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, idempotent, unwrap } from '../../../web/src/lib/api';
import { LoginPromptBar } from '../../../web/src/features/auth/LoginPromptBar';
import { gateStore, useRequireLogin, useRequireVip } from '../../../web/src/lib/gate';
import { getToken, setToken } from '../../../web/src/lib/token';
import { useMe } from '../../../web/src/features/auth/me';
import { errorBody, meBody, okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

beforeEach(resetApp);
afterEach(resetApp);

/** A page whose data call fails: any query goes through the gate without page code. */
function FailingQuery() {
  const q = useQuery({ queryKey: ['user', 'vip_check'], queryFn: () => unwrap(api.user.vip_check.$get()) });
  return <p>{q.isError ? '加载失败' : '加载中'}</p>;
}

/** Another failing call at the same time. */
function SecondFailingQuery() {
  const q = useQuery({ queryKey: ['user', 'coins'], queryFn: () => unwrap(api.user.coins.$get()) });
  return <p>{q.isError ? '加载失败' : '加载中'}</p>;
}

/** Only the header's user-info call (every page makes it). */
function MeOnly() {
  const me = useMe();
  return <p>{me.data ? me.data.username : '访客'}</p>;
}

/** A paid action: a mutation with an Idempotency-Key, optionally naming its area. */
function PaidAction({ from }: { from?: string }) {
  const m = useMutation({
    mutationFn: () => unwrap(api.user.coins.$get(undefined, idempotent('intent-0001'))),
    meta: from ? { from } : undefined,
  });
  return (
    <button type="button" onClick={() => m.mutate()}>
      上香
    </button>
  );
}

describe('the gate', () => {
  it('opens the login dialog on LOGIN_REQUIRED', async () => {
    stubApi({ 'GET /api/user/vip_check': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') } });
    await renderInApp(<FailingQuery />);
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(dialog.textContent).toContain('账号');
    // A client error is final: no retries hammering the worker.
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });

  it('forgets an expired token and says so in the login dialog', async () => {
    setToken('stale-token');
    const seen = stubApi({
      'GET /api/user/info': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') },
      'GET /api/user/vip_check': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') },
    });
    await renderInApp(<FailingQuery />);
    await screen.findByRole('dialog', { name: '登录' });
    expect(screen.getByText('登录已过期，请重新登录')).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('juzi_token')).toBeNull();
    expect(seen[0].headers.get('Authorization')).toBe('Bearer stale-token');
  });

  it('an expired token found by the user-info call alone (any page) opens the dialog with 登录已过期', async () => {
    setToken('stale-token');
    stubApi({ 'GET /api/user/info': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') } });
    await renderInApp(<MeOnly />);
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(dialog.textContent).toContain('登录已过期，请重新登录');
    expect(getToken()).toBeNull();
  });

  it('when several calls fail with the stale token at once, the one dialog keeps saying 登录已过期', async () => {
    setToken('stale-token');
    stubApi({
      'GET /api/user/info': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') },
      'GET /api/user/vip_check': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') },
      'GET /api/user/coins': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') },
    });
    await renderInApp(
      <>
        <MeOnly />
        <FailingQuery />
        <SecondFailingQuery />
      </>,
    );
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(3));
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    await waitFor(() => expect(screen.getAllByText('加载失败')).toHaveLength(2));
    expect(dialog.textContent).toContain('登录已过期，请重新登录');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a call whose errors the caller handles itself (gate off) still drops the stale token', async () => {
    setToken('stale-token');
    stubApi({ 'GET /api/user/vip_check': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') } });
    await expect(unwrap(api.user.vip_check.$get())).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect(getToken()).toBeNull();
  });

  it('after the expired-session dialog is closed, a gated click opens the plain login dialog; a sign-in clears the state', async () => {
    setToken('stale-token');
    stubApi({ 'GET /api/user/info': { status: 401, body: errorBody('LOGIN_REQUIRED', '请先登录') } });
    await renderInApp(
      <>
        <MeOnly />
        <LoginPromptBar text="登录后可翻页" />
      </>,
    );
    await screen.findByText('登录已过期，请重新登录');
    fireEvent.keyDown(screen.getByRole('dialog', { name: '登录' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(dialog.textContent).not.toContain('登录已过期');
  });

  it('opens the membership prompt on VIP_REQUIRED, linking to /order?from=<current area>', async () => {
    visit('/deathReason?parent_id=1&child_id=2');
    stubApi({ 'GET /api/user/coins': { status: 403, body: errorBody('VIP_REQUIRED', '全部公司仅对VIP会员开放') } });
    await renderInApp(<PaidAction />);
    fireEvent.click(screen.getByRole('button', { name: '上香' }));
    const dialog = await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(dialog.textContent).toContain('全部公司仅对VIP会员开放');
    expect(screen.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=deathReason&return=%2FdeathReason%3Fparent_id%3D1%26child_id%3D2');
  });

  it('uses the area a call names in meta.from', async () => {
    visit('/');
    stubApi({ 'GET /api/user/coins': { status: 403, body: errorBody('VIP_REQUIRED', '请升级会员') } });
    await renderInApp(<PaidAction from="health" />);
    fireEvent.click(screen.getByRole('button', { name: '上香' }));
    await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(screen.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=health&return=%2F');
  });

  it('opens the recharge confirm on INSUFFICIENT_COINS with the server message, 去充值 and 取消', async () => {
    visit('/deathCompany');
    const msg = '导出 2000 家公司需扣除 20 桔子币，当前余额 3 桔子币，请先充值';
    const seen = stubApi({ 'GET /api/user/coins': { status: 402, body: errorBody('INSUFFICIENT_COINS', msg) } });
    await renderInApp(<PaidAction />);
    fireEvent.click(screen.getByRole('button', { name: '上香' }));
    const dialog = await screen.findByRole('dialog', { name: '桔子币余额不足' });
    expect(dialog.textContent).toContain(msg);
    expect(screen.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/order?from=deathCompany&return=%2FdeathCompany');
    expect(seen[0].headers.get('Idempotency-Key')).toBe('intent-0001');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(gateStore.get()).toBeNull();
  });

  it('shows other errors as a toast with the server message', async () => {
    stubApi({ 'GET /api/user/coins': { status: 429, body: errorBody('RATE_LIMITED', '操作过于频繁，请稍后再试') } });
    await renderInApp(<PaidAction />);
    fireEvent.click(screen.getByRole('button', { name: '上香' }));
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('turns a network failure into a Chinese toast', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await renderInApp(<PaidAction />);
    fireEvent.click(screen.getByRole('button', { name: '上香' }));
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeTruthy();
  });
});

describe('gating helpers for pages', () => {
  function NextPage({ onPage }: { onPage: () => void }) {
    const guard = useRequireLogin();
    return (
      <button type="button" onClick={() => guard(onPage)}>
        下一页
      </button>
    );
  }

  it('requireLogin gives a visitor the login dialog instead of the action', async () => {
    const onPage = vi.fn();
    await renderInApp(<NextPage onPage={onPage} />);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
    expect(onPage).not.toHaveBeenCalled();
  });

  it('the login prompt bar that replaces pagination for visitors opens the login dialog', async () => {
    await renderInApp(<LoginPromptBar />);
    expect(screen.getByText('登录后查看更多数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
  });

  it('requireLogin runs the action for a signed-in user', async () => {
    setToken('t-user');
    stubApi({ 'GET /api/user/info': { body: meBody() } });
    const onPage = vi.fn();
    await renderInApp(<NextPage onPage={onPage} />);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  function ExpandAll({ onExpand }: { onExpand: () => void }) {
    const guardVip = useRequireVip('deathTrack');
    return (
      <button type="button" onClick={() => void guardVip(onExpand)}>
        查看全部(VIP)
      </button>
    );
  }

  it('useRequireVip gives a plain user the membership prompt for its area', async () => {
    setToken('t-user');
    stubApi({ 'GET /api/user/info': { body: meBody({ isVip: false }) } });
    const onExpand = vi.fn();
    await renderInApp(<ExpandAll onExpand={onExpand} />);
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(screen.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=deathTrack&return=%2F');
    expect(onExpand).not.toHaveBeenCalled();
  });

  it('useRequireVip runs the action for a VIP and asks a visitor to log in', async () => {
    setToken('t-vip');
    stubApi({ 'GET /api/user/info': { body: okBody({ id: 2, account: 'vip@demo.local', username: 'VIP', isVip: true, svip: false, juzibtc: 500 }) } });
    const onExpand = vi.fn();
    await renderInApp(<ExpandAll onExpand={onExpand} />);
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    await waitFor(() => expect(onExpand).toHaveBeenCalledTimes(1));

    act(() => setToken(null));
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
    expect(onExpand).toHaveBeenCalledTimes(1);
  });
});
