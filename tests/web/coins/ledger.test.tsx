import { createRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LedgerTable } from '../../../web/src/features/order/LedgerTable';
import { setToken } from '../../../web/src/lib/token';
import { Route as rootRoute } from '../../../web/src/routes/__root';
import { meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

beforeEach(() => resetApp());
afterEach(() => resetApp());

/** The real root layout with the ledger at /user-center and the pages its rows link to. */
function tree() {
  const ledger = createRoute({ getParentRoute: () => rootRoute, path: '/user-center', component: () => <LedgerTable page={1} onPage={() => {}} /> });
  const company = createRoute({ getParentRoute: () => rootRoute, path: '/company/$id', component: () => <h1>公司页</h1> });
  return rootRoute.addChildren([ledger, company]);
}

describe('the coin ledger', () => {
  it('names what each row paid for and links to it; a row without an object shows its reason alone', async () => {
    visit('/user-center');
    setToken('tok-user');
    const at = Date.UTC(2026, 0, 15, 2, 0);
    const row = (id: number, delta: number, reason_text: string, ref_name: string, link: string | null) => ({
      id, delta, reason: 'incense', ref_type: '', ref_id: '', reason_text, ref_name, link, created_at: at,
    });
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/user/ledger': {
        body: okBody({
          info: [
            row(4, -3, '上香（公司）', '共享单车甲', '/company/7'),
            row(3, -1, '上香（关闭原因）', '烧钱过快', '/deathReason?parent_id=2&child_id=9'),
            row(2, -6, '导出数据', '死亡公司数据-1.xlsx 等 2 个文件', '/user-center/download#company_down'),
            row(1, 100, '赠送', '', null),
          ],
          page: { total: 4, page: 1, per_page: 10 },
        }),
      },
    });
    await renderRouter(tree());
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => r.querySelectorAll('td')[1].textContent)).toEqual([
      '上香（公司）共享单车甲',
      '上香（关闭原因）烧钱过快',
      '导出数据死亡公司数据-1.xlsx 等 2 个文件',
      '赠送',
    ]);
    expect(screen.getByRole('link', { name: '烧钱过快' }).getAttribute('href')).toBe('/deathReason?parent_id=2&child_id=9');
    expect(screen.getByRole('link', { name: '死亡公司数据-1.xlsx 等 2 个文件' }).getAttribute('href')).toBe('/user-center/download#company_down');
    fireEvent.click(screen.getByRole('link', { name: '共享单车甲' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: '公司页' })).toBeTruthy());
  });
});
