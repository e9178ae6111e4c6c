/**
 * A few rows of every source table a kept declaration counts, varied along the columns its keys
 * read (several provinces, sectors, rounds, years; two reasons of one parent; news in and out of
 * the closed-company list; top-level comments and replies). The recount tests need rows to move;
 * a declaration over a table with no sample here fails until one is added.
 */
import { env } from 'cloudflare:test';
import { baseTaxonomy, makeAlbum, makeClosures, makeNews, makeReasons, makeTrack, SECTOR } from '../closure/fixtures';
import { makeUser } from '../helpers';
import { makeStars, starTaxonomy, SECTOR as STAR_SECTOR } from '../starmarket/fixtures';

const PROVS = ['北京', '上海', '广东'];

/** A fill that several others need runs once. */
function once(fill: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fill());
}

/** Operating statuses of the sample companies: closure_item_stats counts a track's and an album's companies by them. */
const STATUSES = ['已关闭', '停止运营', '已注销'];

async function closures() {
  await baseTaxonomy();
  const { parent, children } = await makeReasons(2);
  const other = await makeReasons(1);
  const tracks = [await makeTrack(), await makeTrack()];
  const albums = [await makeAlbum(), await makeAlbum()];
  const ids = await makeClosures(
    Array.from({ length: 24 }, (_, i) => ({
      prov: PROVS[i % 3],
      catId: i % 2 ? SECTOR.shop : SECTOR.finance,
      fundStatusId: 1 + (i % 3),
      close: 20150101 + (i % 6) * 10000 + (i % 5) * 100,
      status: STATUSES[i % 3],
      reasons: i % 4 === 0 ? [{ id: children[0], pId: parent }, { id: children[1], pId: parent }] : [{ id: i % 3 ? children[1] : other.children[0], pId: i % 3 ? parent : other.parent }],
      tracks: i % 2 ? [tracks[i % 4 < 2 ? 0 : 1]] : [],
      albums: i % 3 ? [albums[i % 2]] : albums,
      totalMoney: i % 3 ? 1000 * i : 0,
      valuation: i % 4 ? 5000 * i : 0,
      horseUnicorn: (i % 3) as 0 | 1 | 2,
      investors: i % 2 ? [{ id: 8100 + (i % 5), name: `样例资本${i % 5}` }] : [],
    })),
  );
  return ids;
}

async function news() {
  for (let i = 0; i < 12; i++) await makeNews({ prov: PROVS[i % 3], date: 20190101 + i * 100, isClosure: i % 3 ? 1 : 0 });
}

async function comments() {
  const stmts = [];
  for (let i = 0; i < 16; i++)
    stmts.push(
      env.DB.prepare(
        "INSERT INTO comments (target_type, target_id, user_id, comment_type, parent_id, content, created_at) VALUES (?, ?, 1, ?, 0, '样例评论', ?)",
      ).bind(i % 2 ? 'com' : 'reason', 7000 + (i % 3), i % 4 === 3 ? 2 : 1, 1_700_000_000_000 + i),
    );
  await env.DB.batch(stmts);
}

async function incense() {
  const stmts = [];
  for (let i = 0; i < 16; i++)
    stmts.push(
      env.DB.prepare('INSERT INTO incense_records (type, item_id, user_id, amount, created_at) VALUES (?, ?, 1, 1, ?)').bind(1 + (i % 2), 7000 + (i % 4), 1_700_000_000_000 + i),
    );
  await env.DB.batch(stmts);
}

async function stars() {
  await starTaxonomy();
  await makeStars(
    Array.from({ length: 14 }, (_, i) => ({
      prov: PROVS[i % 3],
      catId: i % 2 ? STAR_SECTOR.chip : STAR_SECTOR.bio,
      state: 1 + (i % 8),
      filings: Array.from({ length: i % 4 }, (_, j) => [1 + ((i + j) % 3), `样例文件${i}-${j}`, 20230101 + j * 100] as [number, string, number]),
    })),
  );
}

/** Two users' coin ledger, orders, download records, follows, comments and incense over several days. */
async function personal() {
  const users = [(await makeUser()).id, (await makeUser()).id];
  const at = (i: number) => 1_600_000_000_000 + i * 37 * 86_400_000 + i * 1000;
  const stmts = [];
  for (let i = 0; i < 12; i++) {
    const u = users[i % 2];
    stmts.push(
      env.DB.prepare("INSERT INTO coin_ledger (user_id, delta, reason, idempotency_key, op_nonce, created_at) VALUES (?, 1, 'grant', ?, ?, ?)").bind(u, `sample-${i}`, `n-${i}`, at(i)),
      env.DB.prepare("INSERT INTO orders (user_id, product, amount_fen, status, provider, created_at) VALUES (?, 'coins', 100, 'pending', 'alipay', ?)").bind(u, at(i)),
      env.DB.prepare("INSERT INTO download_records (job_id, user_id, batch_no, offset, rows, filename, status, created_at) VALUES (?, ?, 1, 0, 10, 'x.xlsx', 'done', ?)").bind(9000 + i, u, at(i)),
      env.DB.prepare('INSERT INTO follows (user_id, type, item_id, created_at) VALUES (?, 1, ?, ?)').bind(u, 7000 + i, at(i)),
      env.DB.prepare(
        "INSERT INTO comments (target_type, target_id, user_id, comment_type, parent_id, content, created_at) VALUES ('com', 7001, ?, 1, 0, '样例评论', ?)",
      ).bind(u, at(i)),
      env.DB.prepare('INSERT INTO incense_records (type, item_id, user_id, amount, created_at) VALUES (1, 7001, ?, ?, ?)').bind(u, 1 + (i % 3), at(i)),
    );
  }
  await env.DB.batch(stmts);
}

const entity = once(async () => {
  const stmts = [];
  for (let i = 0; i < 14; i++) {
    stmts.push(
      env.DB.prepare("INSERT INTO policies (id, title, region, scope, put_time) VALUES (?, ?, ?, ?, ?)").bind(
        88_000 + i,
        `样例政策${i}`,
        i % 3 ? PROVS[i % 3] : '',
        i % 2 ? '医疗健康' : '企业服务',
        20180101 + (i % 5) * 10000 + (i % 4) * 100 + i,
      ),
      env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '样例资本', 'invst')").bind(89_000 + (i % 6), i % 5),
    );
  }
  await env.DB.batch(stmts);
});

/** FA and other firms (their healthcare deals come from the events of healthcare()). */
async function medical() {
  const stmts = [];
  for (let i = 1; i <= 8; i++) stmts.push(env.DB.prepare('INSERT INTO invest_firms (id, name, is_fa) VALUES (?, ?, ?)').bind(i, `样例顾问${i}`, i % 3 ? 1 : 0));
  await env.DB.batch(stmts);
}

/**
 * STAR-market companies with dated stages (review timing) and financing events whose investors
 * back several of them, some twice, one outside the firm database (invst_id 0, not linked).
 */
async function starFirms() {
  await starTaxonomy();
  const firms: [number, string][] = [[8301, '样例科创资本一'], [8302, '样例科创资本二'], [8303, '样例科创资本三'], [0, '未收录的投资方']];
  await makeStars(
    Array.from({ length: 8 }, (_, i) => ({
      prov: PROVS[i % 3],
      catId: i % 2 ? STAR_SECTOR.chip : STAR_SECTOR.bio,
      state: 1 + (i % 5),
      stageDays: Array.from({ length: 1 + (i % 5) }, (_, j) => 20220110 + (i % 3) * 10000 + j * 100 + i),
      totalMoney: 1000 * (i + 1),
      events: Array.from({ length: 1 + (i % 3) }, (_, j) => [20200101 + j * 10000, 500 * (j + 1), firms.filter((_, f) => (i + j + f) % 2 === 0)] as [number, number, [number, string][]]),
    })),
  );
}

/**
 * News with and without a scope, of sectors with and without a parent, some of companies with
 * healthcare tags (medical_company_tags gives them news_tags rows; their ids sort before the other
 * samples' so the recount tests move these tags between companies).
 */
async function newsLists() {
  await news();
  await baseTaxonomy();
  const cats = [SECTOR.shop, SECTOR.shopSub, SECTOR.finance, SECTOR.financeSub];
  const stmts = [];
  for (let i = 0; i < 12; i++)
    stmts.push(
      env.DB.prepare(
        "INSERT INTO news (id, title, url, com_id, com_name, cat_id, prov, scope, date, is_closure) VALUES (?, ?, 'https://news.example/k', ?, ?, ?, ?, ?, ?, ?)",
      ).bind(87_000 + i, `样例新闻${i}`, 310 + (i % 4), `样例公司${i % 4}`, cats[i % 4], PROVS[i % 3], i % 3 ? '医疗健康' : '', 20170301 + (i % 5) * 10000 + (i % 3) * 100 + i, i % 2),
    );
  for (let c = 0; c < 3; c++) stmts.push(env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?), (?, ?)').bind(310 + c, 501 + c, 310 + c, 510));
  await env.DB.batch(stmts);
}

/**
 * Atlas: companies with tags and without, a tag row of a company that does not exist (no pair), and
 * the kept atlas_tag_companies they give (a source of atlas_tag_stats). Half the companies sort
 * before every other sample company and half after, so the recount tests move tagged companies
 * both ways (they update the first rows and delete the last).
 */
const atlas = once(async () => {
  const ids = [...Array.from({ length: 6 }, (_, i) => 600 + i), ...Array.from({ length: 6 }, (_, i) => 990_000 + i)];
  const stmts = ids.map((id, i) =>
    env.DB.prepare(
      "INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, total_money) VALUES (?, ?, ?, '北京', '', 4, 401, 2018, 6, ?)",
    ).bind(id, `样例图谱公司${id}`, `样例图谱公司${id}有限公司`, i % 4 ? 1000 * (i + 1) : 0),
  );
  for (let i = 0; i < 14; i++) stmts.push(env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(i < 13 ? ids[i % 10] : 620, 96_100 + (i % 4)));
  await env.DB.batch(stmts);
});

/**
 * Financing events of the atlas sample's companies (so they pair with its tags) and of none, over
 * several scopes and dates; ids 89000-89005 are the events of entity()'s investor rows, so the
 * hand-kept invest_event_firms gets rows whichever fill runs first.
 */
const events = once(async () => {
  await atlas();
  const companies = [600, 601, 602, 603, 990_000, 990_001, 990_002, 777_777];
  const stmts = Array.from({ length: 16 }, (_, i) =>
    env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, 2, ?, '', ?, ?)").bind(
      89_000 + i,
      companies[i % companies.length],
      100 * i,
      20170101 + (i % 4) * 10000 + (i % 3) * 100 + i,
      ['医疗健康', '企业服务', ''][i % 3],
    ),
  );
  await env.DB.batch(stmts);
});

/**
 * Healthcare companies (some in the area, two tags, horse and unicorn valuations, runs of one
 * amount), their events with investors, news, policies and broker reports, and IPOs: every list of
 * medical_list_items, its levels and ties, and the counts built on them.
 */
async function healthcare() {
  const SCOPE = '医疗健康';
  const TAGS = [9501, 9502];
  const stmts = [];
  for (let i = 0; i < 12; i++) {
    const id = 95_000 + i;
    stmts.push(
      env.DB.prepare(
        `INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, total_money, valuation, last_invse_date, is_medical)
         VALUES (?, ?, ?, ?, '', 4, 401, ?, ?, ?, ?, ?, ?)`,
      ).bind(id, `样例医疗${i}`, `样例医疗${i}有限公司`, PROVS[i % 3], 2010 + (i % 4), 1 + (i % 12), [0, 5000, 5000, 120_000][i % 4], [0, 80_000, 900_000, 300_000][i % 4], 20200101 + (i % 5) * 10000, i % 5 ? 1 : 0),
    );
    for (const [t, tag] of TAGS.entries()) if (i % (t + 2) === 0) stmts.push(env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(id, tag));
  }
  for (let i = 0; i < 16; i++) {
    const id = 96_000 + i;
    stmts.push(
      env.DB.prepare('INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (?, ?, ?, ?, ?, ?)').bind(
        id,
        95_000 + (i % 12),
        i % 4,
        100 * (i + 1),
        i === 15 ? 0 : 20190101 + (i % 4) * 10000 + (i % 3) * 100,
        i % 3 ? SCOPE : '企业服务',
      ),
      env.DB.prepare('INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, ?, ?)').bind(id, i % 6, `样例资本${i % 6}`, i % 4 ? 'invst' : 'com'),
      env.DB.prepare("INSERT INTO news (id, title, url, com_id, com_name, scope, prov, date) VALUES (?, ?, '', ?, '', ?, '北京', ?)").bind(
        97_000 + i,
        `样例医疗新闻${i}`,
        i % 4 ? 95_000 + (i % 12) : 0,
        i % 2 ? SCOPE : '',
        20200101 + i * 100,
      ),
      env.DB.prepare('INSERT INTO broker_reports (id, name, title, url, time) VALUES (?, ?, ?, ?, ?)').bind(98_000 + i, '样例证券', `样例周报${i}`, '', 20210101 + (i % 6) * 100),
    );
    if (i < 6) stmts.push(env.DB.prepare("INSERT INTO medical_ipos (id, com_id, ipo_platform, time, money, valuation) VALUES (?, ?, 1, ?, 100, '')").bind(98_500 + i, 95_000 + i, 20220101 + i));
  }
  await env.DB.batch(stmts);
}

/** Fills each source table once (several tables share a fill). */
export const SAMPLES: Record<string, () => Promise<unknown>> = {
  closures,
  closure_company_types: closures,
  closure_company_tracks: closures,
  closure_company_albums: closures,
  closure_firm_stats: closures,
  closure_reason_companies: closures,
  closure_investors: closures,
  news: newsLists,
  news_tags: newsLists,
  comments,
  incense_records: incense,
  starmarket_companies: stars,
  disclosures: stars,
  coin_ledger: personal,
  orders: personal,
  download_records: personal,
  follows: personal,
  policies: entity,
  invest_event_investors: entity,
  invest_firms: medical,
  medical_firm_counts: healthcare,
  companies: atlas,
  medical_company_tags: atlas,
  atlas_tag_companies: atlas,
  invest_events: events,
  invest_event_tags: events,
  invest_event_firms: async () => {
    await entity();
    await events();
  },
  medical_list_items: healthcare,
  broker_reports: healthcare,
  medical_ipos: healthcare,

  starmarket_firm_links: starFirms,
  starmarket_events: starFirms,
};

