import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncenseRecords } from '../../../web/src/features/closure/IncenseRecords';
import { setToken } from '../../../web/src/lib/token';
import { meBody, okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/deathCompany');
});
afterEach(resetApp);

const record = (id: number, amount: number) => ({ comment_id: id, id: 7, name: '香客' + id, des: `上香${amount}炷`, amount, time: '2026-01-02 10:00' });

/** The query strings fetch was called with for `path`. */
const queriesOf = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

describe('IncenseRecords', () => {
  it("lists user, '上香 N 炷' and time, 10 per fetch; '加载更多' adds 10, then '已经到底了'", async () => {
    setToken('user-token');
    let call = 0;
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/closure/incense_list': () => {
        call += 1;
        const from = (call - 1) * 10;
        const info = Array.from({ length: call === 1 ? 10 : 2 }, (_, i) => record(from + i + 1, from + i + 1));
        return { body: okBody({ info, page: { total: 12, page: call, per_page: 10 } }) };
      },
    });
    await renderInApp(<IncenseRecords type={1} itemId={5} />);
    expect(await screen.findByText('上香 1 炷')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('link', { name: '香客1' }).getAttribute('href')).toBe('/user/7');
    expect(screen.queryByText('已经到底了')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('已经到底了')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(queriesOf('/api/closure/incense_list')).toEqual([
      { type: '1', item_id: '5', page: '1', per_page: '10' },
      { type: '1', item_id: '5', page: '2', per_page: '10' },
    ]);
  });

  it('says a company has no records yet, and a reason likewise', async () => {
    setToken('user-token');
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/closure/incense_list': { body: okBody({ info: [], page: { total: 0, page: 1, per_page: 10 } }) },
    });
    const { unmount } = await renderInApp(<IncenseRecords type={1} itemId={5} />);
    expect(await screen.findByText('该公司还没有上香记录')).toBeTruthy();
    unmount();
    await renderInApp(<IncenseRecords type={2} itemId={31} />);
    expect(await screen.findByText('还没有上香记录')).toBeTruthy();
  });

  it('a visitor sees the login prompt and nothing is requested', async () => {
    const seen = stubApi({});
    await renderInApp(<IncenseRecords type={1} itemId={5} />);
    expect(screen.getByText('登录后查看上香记录')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
