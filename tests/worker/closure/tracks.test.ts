import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeAlbum, makeClosure, makeReasons, makeTrack } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { roleTokens, type Role } from '../helpers';

let tokens: Record<Role, string | undefined>;
let track: number;
let album: number;
let r1: { parent: number; children: number[] };
let r2: { parent: number; children: number[] };

beforeAll(async () => {
  tokens = await roleTokens();
  await baseTaxonomy();
  [track, album] = [await makeTrack(), await makeAlbum()];
  r1 = await makeReasons(2);
  r2 = await makeReasons(1);
  // Track: 3 companies under r1 (2 of child A, 1 of child B), 1 under r2; statuses 已关闭 x3, 停止运营 x1.
  await makeClosure({ close: 20200101, tracks: [track], albums: [album], reasons: [{ id: r1.children[0], pId: r1.parent }] });
  await makeClosure({ close: 20200102, tracks: [track], reasons: [{ id: r1.children[0], pId: r1.parent }] });
  await makeClosure({ close: 20200103, tracks: [track], reasons: [{ id: r1.children[1], pId: r1.parent }], status: '停止运营' });
  await makeClosure({ close: 20200104, tracks: [track], albums: [album], reasons: [{ id: r2.children[0], pId: r2.parent }] });
  // Outside the track.
  await makeClosure({ close: 20200105, reasons: [{ id: r2.children[0], pId: r2.parent }] });
});

/** The two charts are POSTs with their fields in the query string (as the spec has them). */
const reasonChart = (token: string | undefined, query: Record<string, number>) => api(token).closure.death_track_statistics.$post({ query });
const statusChart = (token: string | undefined, query: Record<string, number>) => api(token).closure.death_track_com_statistics.$post({ query });

describe('tracks and albums', () => {
  it('lists tracks and albums publicly', async () => {
    const tracks = await dataOf(api().closure.death_track.$get());
    expect(tracks).toContainEqual({ tag_id: track, tag_name: `测试赛道${track}` });
    const albums = await dataOf(api().closure.death_album.$get());
    expect(albums).toContainEqual({ album_id: album, album_name: `测试专辑${album}`, des: '专辑说明' });
  });

  it('lists a track\'s and an album\'s companies (login), latest closing first, with the total', async () => {
    const t = await dataOf(api(tokens.user).closure.death_track_list.$get({ query: { item_id: track } }));
    expect(t.page).toEqual({ total: 4, page: 1, per_page: 10 });
    expect(t.info.map((x) => x.com_change_close_date)).toEqual(['2020-01-04', '2020-01-03', '2020-01-02', '2020-01-01']);
    const a = await dataOf(api(tokens.user).closure.death_album_list.$get({ query: { item_id: album, per_page: 1, page: 2 } }));
    expect(a.page).toEqual({ total: 2, page: 2, per_page: 1 });
    expect(a.info[0].com_change_close_date).toBe('2020-01-01');
    expect((await errorOf(api().closure.death_track_list.$get({ query: { item_id: track } }))).status).toBe(401);
    expect((await errorOf(api(tokens.user).closure.death_album_list.$get({ query: { item_id: 99999999 } }))).status).toBe(404);
  });
});

describe('track statistics', () => {
  it('closing-reason distribution: parent slices with percent (2 decimals, summing to 100) and children', async () => {
    const res = await dataOf(reasonChart(tokens.user, { item_id: track }));
    expect(res).toEqual([
      {
        id: r1.parent,
        name: `测试原因${r1.parent}`,
        value: 3,
        percent: 75,
        children: [
          { id: r1.children[0], name: `测试子原因${r1.children[0]}`, value: 2 },
          { id: r1.children[1], name: `测试子原因${r1.children[1]}`, value: 1 },
        ],
      },
      { id: r2.parent, name: `测试原因${r2.parent}`, value: 1, percent: 25, children: [{ id: r2.children[0], name: `测试子原因${r2.children[0]}`, value: 1 }] },
    ]);
  });

  it('percentages of uneven shares keep 2 decimals and sum to about 100', async () => {
    const t = await makeTrack();
    const r = await makeReasons(3);
    for (let i = 0; i < 3; i++) await makeClosure({ tracks: [t], reasons: [{ id: r.children[i], pId: r.parent }] });
    const other = await makeReasons(1);
    for (let i = 0; i < 4; i++) await makeClosure({ tracks: [t], reasons: [{ id: other.children[0], pId: other.parent }] });
    const res = await dataOf(reasonChart(tokens.user, { item_id: t }));
    const percents = res.map((s) => s.percent);
    expect(percents).toEqual([57.14, 42.86]);
    expect(Math.abs(percents.reduce((a, b) => a + b, 0) - 100)).toBeLessThan(0.05);
    expect(res[1].children).toHaveLength(3);
  });

  it('operating-status distribution of a track (type 1, default) or an album (type 2)', async () => {
    const t = await dataOf(statusChart(tokens.user, { item_id: track }));
    expect(t).toEqual([
      { name: '已关闭', value: 3, percent: 75 },
      { name: '停止运营', value: 1, percent: 25 },
    ]);
    const a = await dataOf(statusChart(tokens.user, { item_id: album, type: 2 }));
    expect(a).toEqual([{ name: '已关闭', value: 2, percent: 100 }]);
    // The reason chart is for tracks only.
    expect((await errorOf(reasonChart(tokens.user, { item_id: album, type: 2 }))).status).toBe(400);
  });

  it('needs login, an item_id and an existing track', async () => {
    expect((await errorOf(reasonChart(undefined, { item_id: track }))).status).toBe(401);
    const missing = await errorOf(reasonChart(tokens.user, {}));
    expect(missing.status).toBe(400);
    expect(missing.field).toBe('item_id');
    expect((await errorOf(statusChart(tokens.user, { item_id: 99999999 }))).status).toBe(404);
    const empty = await dataOf(reasonChart(tokens.user, { item_id: await makeTrack() }));
    expect(empty).toEqual([]);
  });
});
