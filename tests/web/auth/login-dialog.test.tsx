import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLogin } from '../../../web/src/lib/gate';
import { getToken } from '../../../web/src/lib/token';
import { errorBody, meBody, okBody, renderInApp, resetApp, stubApi } from '../helpers';

beforeEach(resetApp);
afterEach(resetApp);

async function openDialog() {
  await renderInApp(null);
  act(() => openLogin());
  return screen.findByRole('dialog', { name: '登录' });
}

function fill(account: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('手机号或邮箱'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

describe('LoginDialog', () => {
  it('is keyboard usable: focus starts in the form and Esc closes it', async () => {
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(screen.getByPlaceholderText('手机号或邮箱'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server message inline when login fails and stays open', async () => {
    const seen = stubApi({ 'POST /api/auth/login': { status: 400, body: errorBody('BAD_REQUEST', '账号或密码错误') } });
    await openDialog();
    fill('user@demo.local', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('账号或密码错误');
    expect(screen.getByRole('dialog', { name: '登录' })).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0].body).toEqual({ account: 'user@demo.local', password: 'wrong-pass' });
    expect(getToken()).toBeNull();
  });

  it('asks for missing fields before calling the server', async () => {
    const seen = stubApi({});
    await openDialog();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入手机号或邮箱');
    expect(seen).toHaveLength(0);
  });

  it('stores the token and closes on success', async () => {
    stubApi({
      'POST /api/auth/login': { body: okBody({ token: 'tok-123', expires_at: 0, username: '测试用户' }) },
      'GET /api/user/info': { body: meBody() },
    });
    await openDialog();
    fill('user@demo.local', 'demo-pass-2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToken()).toBe('tok-123');
    expect(localStorage.getItem('juzi_token')).toBe('tok-123');
    expect(await screen.findByText('登录成功')).toBeTruthy();
  });

  it('switches to register and posts to /api/auth/register', async () => {
    const seen = stubApi({
      'POST /api/auth/register': { body: okBody({ token: 'tok-new', expires_at: 0, username: '新用户' }) },
      'GET /api/user/info': { body: meBody({ username: '新用户', juzibtc: 0 }) },
    });
    await openDialog();
    fireEvent.click(screen.getByRole('button', { name: '免费注册' }));
    await screen.findByRole('dialog', { name: '注册账号' });
    fill('13800000000', 'short');
    fireEvent.click(screen.getByRole('button', { name: '注册并登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('密码至少8位');
    fill('13800000000', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(getToken()).toBe('tok-new'));
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/auth/register', body: { account: '13800000000', password: 'long-enough-1' } });
  });
});
