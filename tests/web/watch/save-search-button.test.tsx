import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../web/src/lib/token';
import { SaveSearchButton } from '../../../web/src/watch/SaveSearchButton';
import { errorBody, okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

/** '保存为订阅' on a filtered list: login first, the offered name, the worker's refusals, the saved state. */

beforeEach(() => {
  resetApp();
  visit('/deathCompany?com_prov=%E4%B8%8A%E6%B5%B7');
});
afterEach(resetApp);

const saved = (over: object = {}) =>
  okBody({ id: 7, name: '死亡公司：上海', area: 'closure', area_name: '死亡公司', query: { com_prov: '上海' }, paused: false, mail: true, feed_url: null, list_url: '/deathCompany?com_prov=上海', new_count: 0, seen_at: 1, created_at: 1, ...over });

describe('SaveSearchButton', () => {
  it('a visitor gets the login dialog and nothing is saved', async () => {
    const seen = stubApi({});
    await renderInApp(<SaveSearchButton area="closure" query={{ com_prov: '上海', sort: 1 }} />);
    fireEvent.click(screen.getByRole('button', { name: '保存为订阅' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(seen.filter((r) => r.path === '/api/saved_searches')).toEqual([]);
  });

  it('offers the filters in words as the name, shows the worker’s message under the field, then saves the list’s own query once', async () => {
    setToken('tok-user');
    let calls = 0;
    const seen = stubApi({
      'POST /api/saved_searches': (req) => {
        calls++;
        const body = req.body as { name: string };
        return body.name.trim() ? { body: saved({ name: body.name }) } : { status: 400, body: errorBody('BAD_REQUEST', 'name：请输入订阅名称') };
      },
    });
    await renderInApp(<SaveSearchButton area="closure" query={{ com_prov: '上海', cat_id: 3, sort: 1 }} />);
    fireEvent.click(screen.getByRole('button', { name: '保存为订阅' }));
    const dialog = await screen.findByRole('dialog', { name: '保存为订阅' });
    const field = screen.getByLabelText('订阅名称') as HTMLInputElement;
    expect(field.value).toBe('死亡公司：上海');
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('name：请输入订阅名称');
    expect(dialog.isConnected).toBe(true);
    fireEvent.change(field, { target: { value: '上海电商' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByRole('dialog', { name: '已保存为订阅' });
    expect(screen.getByRole('link', { name: '查看我的订阅' }).getAttribute('href')).toBe('/user-center/watchlists');
    expect(calls).toBe(2);
    expect(seen.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({ name: '上海电商', area: 'closure', query: { com_prov: '上海', cat_id: 3, sort: 1 } });
  });

  it('past the plain user’s limit the membership prompt opens with the worker’s message', async () => {
    setToken('tok-user');
    stubApi({ 'POST /api/saved_searches': { status: 403, body: errorBody('VIP_REQUIRED', '普通用户最多保存5个订阅，请删除不用的订阅或升级会员') } });
    await renderInApp(<SaveSearchButton area="news" query={{ scope: '医疗健康' }} />);
    fireEvent.click(screen.getByRole('button', { name: '保存为订阅' }));
    await screen.findByRole('dialog', { name: '保存为订阅' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(document.body.textContent).toContain('普通用户最多保存5个订阅'));
    expect(screen.queryByRole('dialog', { name: '保存为订阅' })).toBeNull();
  });
});
