import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportStore } from '../../../web/src/features/exports/store';
import { setToken } from '../../../web/src/lib/token';
import { Route as deathRankRoute } from '../../../web/src/routes/_closure/deathRank';
import { rankedCompany } from './fixtures';
import { closureTree } from './routes';
import { meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

const tree = closureTree({ '/deathRank': deathRankRoute });

beforeEach(() => {
  resetApp();
  act(() => exportStore.set(null));
});
afterEach(resetApp);

const company = (rank: number, serial: number) => rankedCompany(rank, { serial, total_money: 1000 - rank, logo: `https://logo.example/${rank}.png` });

/** Query strings of every GET /api/closure/amount_top the page made. */
const rankingRequests = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/closure/amount_top')
    .map((u) => Object.fromEntries(u.searchParams));

/** The worker's answer: by the measure without a sort; with sort=3 the same three in another order. */
function stubRanking() {
  setToken('user-token');
  stubApi({
    'GET /api/user/info': { body: meBody() },
    'GET /api/closure/filters': { body: okBody({ provinces: ['北京'], sectors: [{ id: 1, name: '金融', children: [] }], fund_statuses: [], sorts: [], news_regions: [], news_years: [] }) },
    'GET /api/closure/amount_top': () => {
      const sorted = rankingRequests().at(-1)?.sort === '3';
      const info = sorted ? [company(2, 1), company(3, 2), company(1, 3)] : [company(1, 1), company(2, 2), company(3, 3)];
      return { body: okBody({ info, page: { total: 3, page: 1, per_page: 100 } }) };
    },
  });
}

const shown = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell'))
    .map((c) => `${c[0].textContent} ${c[1].textContent}`);

describe('/deathRank sort', () => {
  it('sends the sort to the worker and shows its order with its serials; the export asks for the same order', async () => {
    stubRanking();
    visit('/deathRank');
    const { router } = await renderRouter(tree);
    await screen.findByText('公司1');
    expect(shown()).toEqual(['1 公司1', '2 公司2', '3 公司3']);
    expect(rankingRequests()).toEqual([{ page: '1', per_page: '100' }]);

    fireEvent.change(screen.getByLabelText('排序'), { target: { value: '3' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 3 }));
    await waitFor(() => expect(shown()).toEqual(['1 公司2', '2 公司3', '3 公司1']));
    expect(rankingRequests().at(-1)).toEqual({ sort: '3', page: '1', per_page: '100' });

    fireEvent.click(screen.getByRole('button', { name: '导出数据' }));
    expect(exportStore.get()?.req).toMatchObject({ kind: 'closure_amount_top', params: { sort: 3 } });
  });

  it('a link with the sort opens the page in that order', async () => {
    stubRanking();
    visit('/deathRank?sort=3');
    await renderRouter(tree);
    await screen.findByText('公司2');
    expect(shown()).toEqual(['1 公司2', '2 公司3', '3 公司1']);
    expect(rankingRequests()).toEqual([{ sort: '3', page: '1', per_page: '100' }]);
    expect(screen.getByDisplayValue('按存活时间')).toBe(screen.getByLabelText('排序'));
  });
});

describe('/deathRank tabs and a long ranking', () => {
  function stubLongRanking(n: number) {
    setToken('user-token');
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/closure/filters': { body: okBody({ provinces: [], sectors: [], fund_statuses: [], sorts: [], news_regions: [], news_years: [] }) },
      'GET /api/closure/amount_top': {
        body: okBody({ info: Array.from({ length: n }, (_, i) => company(i + 1, i + 1)), page: { total: n, page: 1, per_page: 100 } }),
      },
    });
  }

  it('every tab controls the panel in the page (aria-controls valid), named by the chosen tab', async () => {
    stubLongRanking(3);
    visit('/deathRank');
    await renderRouter(tree);
    await screen.findByText('公司1');
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(5);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel?.getAttribute('role')).toBe('tabpanel');
    }
    expect(screen.getByRole('tabpanel', { name: '融资总额TOP100' }).textContent).toContain('公司1');
  });

  it('a 100-row ranking ends with 回到顶部: back to the top, focus on the chosen tab; a short one has none', async () => {
    stubLongRanking(100);
    visit('/deathRank');
    await renderRouter(tree);
    await screen.findByText('公司100');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: /回到顶部/ }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '融资总额TOP100' }));
  });

  it('a ranking of a few rows has no back-to-top control', async () => {
    stubLongRanking(5);
    visit('/deathRank');
    await renderRouter(tree);
    await screen.findByText('公司5');
    expect(screen.queryByRole('button', { name: /回到顶部/ })).toBeNull();
  });
});
