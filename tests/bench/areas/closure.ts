/** Closed-company calls (GET /api/closure/...): every list, ranking, statistics and search call, at its worst case. */
import type { BenchArea } from './types';

const q = (v: number | string) => encodeURIComponent(String(v));

export const closureArea: BenchArea = {
  name: 'closed-company',
  async pick(one) {
    const p: Record<string, number | string> = {};
    // The biggest members of each kind: the worst case a page of that kind meets.
    p.track = (await one<{ id: number }>('SELECT tag_id AS id FROM closure_company_tracks GROUP BY tag_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.album = (await one<{ id: number }>('SELECT album_id AS id FROM closure_company_albums GROUP BY album_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.albumPages = (await one<{ n: number }>(`SELECT COUNT(*) AS n FROM closure_company_albums WHERE album_id = ${p.album}`)).n;
    p.child = (await one<{ id: number }>('SELECT type_id AS id FROM closure_company_types GROUP BY type_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.rareChild = (await one<{ id: number }>('SELECT type_id AS id FROM closure_company_types GROUP BY type_id ORDER BY COUNT(*) ASC LIMIT 1')).id;
    p.parent = (await one<{ id: number }>('SELECT p_id AS id FROM closure_company_types GROUP BY p_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.com = (await one<{ id: number }>("SELECT target_id AS id FROM comments WHERE target_type = 'com' GROUP BY target_id ORDER BY COUNT(*) DESC LIMIT 1")).id;
    p.incenseCom = (await one<{ id: number }>('SELECT item_id AS id FROM incense_records WHERE type = 1 GROUP BY item_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.prov = (await one<{ p: string }>('SELECT com_prov AS p FROM closures GROUP BY com_prov ORDER BY COUNT(*) DESC LIMIT 1')).p;
    p.cat = (await one<{ id: number }>('SELECT cat_id AS id FROM closures GROUP BY cat_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.closureNewsPages = Math.max(1, Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM news WHERE is_closure = 1')).n / 20));
    p.sectorNewsPages = Math.max(
      1,
      Math.ceil((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM news WHERE is_closure = 1 AND cat_id IN (SELECT id FROM sectors WHERE id = ${p.cat} OR parent_id = ${p.cat})`)).n / 20),
    );
    p.before2012Pages = Math.max(1, Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM news WHERE is_closure = 1 AND date < 20120101')).n / 20));
    p.sector = (await one<{ name: string }>(`SELECT name FROM sectors WHERE id = ${p.cat}`)).name;
    // Keywords a user would type: parts of a real name in the middle of the table.
    const name = (await one<{ n: string }>('SELECT com_name AS n FROM closures ORDER BY com_id LIMIT 1 OFFSET 1000')).n;
    p.kw3 = [...name].slice(0, 3).join('');
    p.kw2 = [...name].slice(0, 2).join('');
    p.kw1 = [...name].slice(-1).join('');
    const total = (await one<{ n: number }>('SELECT COUNT(*) AS n FROM closures')).n;
    p.lastPage = Math.ceil(total / 10);
    p.middlePage = Math.ceil(total / 20);
    return p;
  },
  calls: (p) => [
    { label: 'list: default page 1', path: '/api/closure', paged: true },
    { label: 'list: page 50, sort 2', path: '/api/closure?page=50&sort=2', paged: true },
    { label: 'list: middle page', path: `/api/closure?page=${p.middlePage}`, paged: true },
    { label: 'list: last page', path: `/api/closure?page=${p.lastPage}`, paged: true },
    { label: 'list: biggest province, sort 3', path: `/api/closure?com_prov=${q(p.prov)}&sort=3`, paged: true },
    { label: 'list: province + sector', path: `/api/closure?com_prov=${q(p.prov)}&cat_id=${p.cat}`, paged: true },
    { label: 'list: keyword 3 chars (trigram)', path: `/api/closure?keyword=${q(p.kw3)}`, paged: true },
    { label: 'list: keyword 2 chars (chars index)', path: `/api/closure?keyword=${q(p.kw2)}`, paged: true },
    { label: 'list: keyword 1 char', path: `/api/closure?keyword=${q(p.kw1)}`, paged: true },
    { label: 'list: keyword 2 chars + province', path: `/api/closure?keyword=${q(p.kw2)}&com_prov=${q(p.prov)}`, paged: true },
    { label: 'year_number', path: '/api/closure/year_number' },
    { label: 'filters', path: '/api/closure/filters' },
    { label: 'closure_type', path: '/api/closure/closure_type' },
    { label: 'com_comment (busiest company)', path: `/api/closure/com_comment?com_id=${p.com}`, paged: true },
    { label: 'closure_type_Delegate (biggest child)', path: `/api/closure/closure_type_Delegate?type_id=${p.child}` },
    { label: 'closure_type_Delegate (rarest child)', path: `/api/closure/closure_type_Delegate?type_id=${p.rareChild}` },
    { label: 'closure_type_Delegate (biggest parent)', path: `/api/closure/closure_type_Delegate?type_id=${p.parent}` },
    { label: 'closure_type_list (biggest child) p1', path: `/api/closure/closure_type_list?type_id=${p.child}`, paged: true },
    { label: 'closure_type_list (biggest parent) p5', path: `/api/closure/closure_type_list?type_id=${p.parent}&page=5`, paged: true },
    { label: 'amount_top p1', path: '/api/closure/amount_top', paged: true },
    { label: 'amount_top sector+province', path: `/api/closure/amount_top?cat_id=${p.cat}&com_prov=${q(p.prov)}`, paged: true },
    { label: 'valuation_top per_page 100', path: '/api/closure/valuation_top?per_page=100', paged: true },
    { label: 'valuation_top 千里马', path: '/api/closure/valuation_top?horse_unicorn=1', paged: true },
    { label: 'valuation_top unicorn', path: '/api/closure/valuation_top?horse_unicorn=2', paged: true },
    { label: 'invst_top per_page 100', path: '/api/closure/invst_top?per_page=100', paged: true },
    { label: 'death_track_list (biggest)', path: `/api/closure/death_track_list?item_id=${p.track}`, paged: true },
    { label: 'death_album_list (biggest) p3', path: `/api/closure/death_album_list?item_id=${p.album}&page=3`, paged: true },
    { label: 'death_album_list (biggest) last page', path: `/api/closure/death_album_list?item_id=${p.album}&page=${Math.ceil(Number(p.albumPages) / 10)}`, paged: true },
    { label: 'death_track_statistics (biggest)', path: `/api/closure/death_track_statistics?item_id=${p.track}`, method: 'POST' },
    { label: 'death_track_com_statistics (track)', path: `/api/closure/death_track_com_statistics?item_id=${p.track}`, method: 'POST' },
    { label: 'death_track_com_statistics (album)', path: `/api/closure/death_track_com_statistics?item_id=${p.album}&type=2`, method: 'POST' },
    { label: 'news_list', path: '/api/closure/news_list', paged: true },
    { label: 'news_list 海外 + year', path: `/api/closure/news_list?com_prov=${q('海外')}&year=2019`, paged: true },
    { label: 'news_list last', path: `/api/closure/news_list?page=${p.closureNewsPages}`, paged: true },
    { label: 'news_list middle', path: `/api/closure/news_list?page=${Math.ceil(Number(p.closureNewsPages) / 2)}`, paged: true },
    { label: 'news_list sector', path: `/api/closure/news_list?cat_id=${q(p.sector)}`, paged: true },
    { label: 'news_list sector middle', path: `/api/closure/news_list?cat_id=${q(p.sector)}&page=${Math.ceil(Number(p.sectorNewsPages) / 2)}`, paged: true },
    { label: 'news_list sector last', path: `/api/closure/news_list?cat_id=${q(p.sector)}&page=${p.sectorNewsPages}`, paged: true },
    { label: 'news_list province + sector', path: `/api/closure/news_list?com_prov=${q(p.prov)}&cat_id=${q(p.sector)}`, paged: true },
    { label: 'news_list 2012以前 last', path: `/api/closure/news_list?year=${q('2012以前')}&page=${p.before2012Pages}`, paged: true },
    { label: 'news_list sector + keyword', path: `/api/closure/news_list?cat_id=${q(p.sector)}&keyword=${q('科技')}`, paged: true },
    { label: 'incense_top companies', path: '/api/closure/incense_top' },
    { label: 'incense_top reasons', path: '/api/closure/incense_top?type=2' },
    { label: 'incense_list (busiest company)', path: `/api/closure/incense_list?type=1&item_id=${p.incenseCom}`, paged: true },
  ],
};
