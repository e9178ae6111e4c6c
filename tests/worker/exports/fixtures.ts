/**
 * Closed-company and STAR-market rows for the export tests, written straight to D1 in bulk.
 * Each call gets its own province (测试省N), so a test filters to exactly its own rows.
 */
import { env } from 'cloudflare:test';

let seq = 0;
let nextComId = 700_000;

export const TAXONOMY = { cat: 9801, seCat: 9802, round: 9803, reasonParent: 9810, reason: 9811, reason2: 9812, track: 9820, album: 9830 } as const;

export async function exportTaxonomy() {
  await env.DB.batch([
    env.DB.prepare(`INSERT OR IGNORE INTO sectors (id, parent_id, name) VALUES (9801, 0, '导出测试行业'), (9802, 9801, '导出测试子行业')`),
    env.DB.prepare(`INSERT OR IGNORE INTO rounds (id, name) VALUES (9803, 'B轮')`),
    env.DB.prepare(`INSERT OR IGNORE INTO closure_types (id, p_id, name) VALUES (9810, 0, '市场原因'), (9811, 9810, '需求伪命题'), (9812, 9810, '竞争激烈')`),
    env.DB.prepare(`INSERT OR IGNORE INTO closure_tracks (tag_id, tag_name) VALUES (9820, '共享单车')`),
    env.DB.prepare(`INSERT OR IGNORE INTO closure_albums (album_id, album_name) VALUES (9830, '烧钱专辑')`),
  ]);
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

export interface SeededClosures {
  prov: string;
  comIds: number[];
}

/**
 * n closed companies in a fresh province; every third has two reasons, every company is in the
 * test track, every other one in the album; money and valuation vary so rankings have an order.
 * The description is long, as real ones are (the widest column of the widest export).
 */
export async function seedClosures(n: number, opts: { desLength?: number; horseUnicorn?: 0 | 1 | 2 } = {}): Promise<SeededClosures> {
  await exportTaxonomy();
  const prov = `测试省${++seq}`;
  const comIds: number[] = [];
  const rows: string[] = [];
  const links: string[] = [];
  const tracks: string[] = [];
  const albums: string[] = [];
  const investors: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = ++nextComId;
    comIds.push(id);
    // Dates repeat every 84 rows so the sort key has ties that com_id must break.
    const close = (2010 + (i % 14)) * 10000 + (1 + (i % 12)) * 100 + (1 + (i % 28));
    const born = (2005 + (i % 5)) * 10000 + (1 + (i % 12)) * 100 + 1;
    const des = `${'这是一家做共享经济的公司，'.repeat(Math.ceil((opts.desLength ?? 40) / 13)).slice(0, opts.desLength ?? 40)}#${id}`;
    rows.push(
      `(${id}, ${q(`导出公司${id}`)}, ${q(des)}, ${q(prov)}, ${TAXONOMY.cat}, ${TAXONOMY.seCat}, ${TAXONOMY.round}, ${born}, ${close}, '已关闭', ${(i * 37) % 5000}, ${(i * 53) % 9000}, ${opts.horseUnicorn ?? 0})`,
    );
    if (i % 3 === 0) links.push(`(${id}, ${TAXONOMY.reason}, ${TAXONOMY.reasonParent}, ${close})`, `(${id}, ${TAXONOMY.reason2}, ${TAXONOMY.reasonParent}, ${close})`);
    tracks.push(`(${id}, ${TAXONOMY.track}, ${close})`);
    if (i % 2 === 0) albums.push(`(${id}, ${TAXONOMY.album}, ${close})`);
    if (i % 4 === 0) investors.push(`(${id}, 99${i % 7}, ${q(`测试资本${i % 7}`)})`, `(${id}, 98${i % 5}, ${q(`测试创投${i % 5}`)})`);
  }
  const stmts: D1PreparedStatement[] = [];
  const chunk = (values: string[], head: string) => {
    for (let i = 0; i < values.length; i += 200) stmts.push(env.DB.prepare(`${head} VALUES ${values.slice(i, i + 200).join(', ')}`));
  };
  chunk(
    rows,
    'INSERT INTO closures (com_id, com_name, com_des, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status, total_money, valuation, horse_unicorn)',
  );
  chunk(links, 'INSERT INTO closure_company_types (com_id, type_id, p_id, close_date)');
  chunk(tracks, 'INSERT INTO closure_company_tracks (com_id, tag_id, close_date)');
  chunk(albums, 'INSERT INTO closure_company_albums (com_id, album_id, close_date)');
  chunk(investors, 'INSERT OR IGNORE INTO closure_investors (com_id, invst_id, invst_name)');
  await env.DB.batch(stmts);
  return { prov, comIds };
}

/** STAR-market companies in a fresh province: half listed, with money to rank by. */
export async function seedStarmarket(n: number): Promise<{ prov: string; ids: number[] }> {
  await exportTaxonomy();
  await env.DB.prepare(`INSERT OR IGNORE INTO starmarket_states (id, name) VALUES (9840, '已问询'), (9841, '注册生效')`).run();
  const prov = `测试省${++seq}`;
  const ids: number[] = [];
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = ++nextComId;
    ids.push(id);
    const listed = i % 2;
    rows.push(
      `(${id}, ${id}, ${q(`科创${id}`)}, ${q(`科创${id}股份有限公司`)}, ${q(prov)}, '测试市', ${TAXONOMY.cat}, ${TAXONOMY.seCat}, ${listed ? 9841 : 9840}, ${listed}, ${20190301 + i}, ${20190601 + i}, ${10000 + i}, ${listed ? 50000 + i * 7 : 0}, ${1000 + i}, ${(i * 131) % 7000 + 1}, '测试证券', '测试会计师事务所', '测试律师事务所')`,
    );
  }
  await env.DB.prepare(
    `INSERT INTO starmarket_companies (m_com_id, com_id, com_name, com_registered_name, com_prov, com_city, cat_id, se_cat_id, state_id, is_listed,
       acceptance_time, acceptance_update_time, plan_issue_capital, count_money, money, total_money, organization_name, accounting_firm, law_firm)
     VALUES ${rows.join(', ')}`,
  ).run();
  return { prov, ids };
}
