import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportStore } from '../../../web/src/features/exports/store';
import { setToken } from '../../../web/src/lib/token';
import { Route as deathTrackRoute } from '../../../web/src/routes/_closure/deathTrack';
import { meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';
import { failedCompany } from './fixtures';
import { closureTree } from './routes';

const tree = closureTree({ '/deathTrack': deathTrackRoute });

beforeEach(() => {
  resetApp();
  exportStore.set(null);
});
afterEach(resetApp);

const TRACKS = [
  { tag_id: 7, tag_name: '共享单车' },
  { tag_id: 8, tag_name: '网约车' },
];
const ALBUMS = [{ album_id: 3, album_name: '烧钱超10亿的死亡公司', des: '' }];

/** The paths (with their query) the page asked for, in order. */
const calls = () => vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).map((u) => u.pathname + u.search);

function stubTracks() {
  setToken('vip-token');
  return stubApi({
    'GET /api/user/info': { body: meBody({ isVip: true }) },
    'GET /api/closure/death_track': { body: okBody(TRACKS) },
    'GET /api/closure/death_album': { body: okBody(ALBUMS) },
    'GET /api/closure/death_track_list': { body: okBody({ info: [failedCompany()], page: { total: 1, page: 1, per_page: 10 } }) },
    'GET /api/closure/death_album_list': { body: okBody({ info: [failedCompany({ com_id: 102, com_name: '红帽子' })], page: { total: 1, page: 1, per_page: 10 } }) },
    'POST /api/closure/death_track_statistics': { body: okBody([{ id: 2, name: '资金原因', value: 1, percent: 100, children: [{ id: 21, name: '现金流断裂', value: 1 }] }]) },
    'POST /api/closure/death_track_com_statistics': { body: okBody([{ name: '已关闭', value: 1, percent: 100 }]) },
    'GET /api/follow/status': { body: okBody({ followed: [] }) },
  });
}

describe('/deathTrack', () => {
  it('the bare page is replaced by the first track, loaded before it shows: companies, both charts, the breadcrumb back to the home', async () => {
    stubTracks();
    visit('/deathTrack');
    // The window's history is shared with the project's other files (tests/web/setup.ts): count from here.
    const entriesBefore = window.history.length;
    const { router } = await renderRouter(tree);
    expect(router.state.location.search).toEqual({ tag_id: 7 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('死亡公司赛道共享单车');
    expect(screen.getByRole('link', { name: '力灵网' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: '死亡原因分布' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: '运营状态分布' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: '面包屑' })).getByRole('link', { name: '死亡公司' }).getAttribute('href')).toBe('/deathCompany');
    const track = within(screen.getByRole('region', { name: '死亡赛道' })).getByRole('button', { name: '共享单车' });
    expect(track.getAttribute('aria-pressed')).toBe('true');
    expect(calls().filter((c) => c.startsWith('/api/closure/'))).toEqual([
      '/api/closure/death_track',
      '/api/closure/death_album',
      '/api/closure/death_track_list?item_id=7&page=1',
      '/api/closure/death_track_com_statistics?item_id=7&type=1',
      '/api/closure/death_track_statistics?item_id=7&type=1',
    ]);
    // The first track replaced the bare entry: no extra history step.
    expect(router.history.length).toBe(entriesBefore);
    // The total once, in the header, in the area's one format.
    expect(screen.getByText('家公司', { exact: false }).textContent).toBe('共 1 家公司');
    expect(document.body.textContent!.match(/家公司/g)).toHaveLength(1);
  });

  it('an album shows only the status chart and asks for no reason chart; its export is the album kind', async () => {
    stubTracks();
    visit('/deathTrack?album_id=3');
    await renderRouter(tree);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('死亡公司专辑烧钱超10亿的死亡公司');
    expect(screen.getByRole('link', { name: '红帽子' })).toBeTruthy();
    expect(screen.queryByRole('figure', { name: '死亡原因分布' })).toBeNull();
    expect(calls().some((c) => c.startsWith('/api/closure/death_track_statistics'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '导出数据' }));
    await waitFor(() => expect(exportStore.get()?.req).toMatchObject({ kind: 'closure_album', params: { item_id: 3 }, from: 'deathTrack' }));
  });
});
