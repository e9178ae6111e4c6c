/**
 * The seed generator, run inside workerd against the real D1: what a user of the demo
 * data set would notice if it were wrong.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../scripts/seed/demo-accounts';
import { FULL_TEXT_INDEXES, generateSeed, SEED_TABLES } from '../../../scripts/seed/generate';
import { SECTORS, TRACKS } from '../../../scripts/seed/taxonomy';
import { api, dataOf, errorOf } from '../client';
import { formatValuation, formatWan } from '#shared/amounts';

const SCALE = 0.05;
const seeded = generateSeed({ scale: SCALE });

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;
const all = async <T>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;

const subSectorById = new Map(SECTORS.flatMap((s) => s.children).map((c) => [c.id, c]));
const trackById = new Map(TRACKS.map((t) => [t.id, t]));
/** yyyymmdd as SQLite's julianday, to compare dates in days. */
const jd = (col: string) => `julianday(substr(${col}, 1, 4) || '-' || substr(${col}, 5, 2) || '-' || substr(${col}, 7, 2))`;

beforeAll(async () => {
  await env.DB.batch(seeded.statements.map((s) => env.DB.prepare(s)));
});

describe('seed data set', () => {
  it('fills every seeded table with the rows the generator counted', async () => {
    for (const table of SEED_TABLES) {
      const { n } = await one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
      expect({ table, n }).toEqual({ table, n: seeded.counts[table] });
      expect(n, table).toBeGreaterThan(0);
    }
  });

  it('lets every demo account log in with the documented password and shows its role and coins', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const login = await api().auth.login.$post({ json: { account: demo.account, password: DEMO_PASSWORD } });
      expect(login.status, demo.account).toBe(200);
      const info = await dataOf(api((await dataOf(login)).token).user.info.$get());
      expect(info).toMatchObject({
        account: demo.account,
        username: demo.username,
        juzibtc: demo.coins,
        isVip: demo.role !== 'user',
        svip: demo.role === 'svip',
      });
    }
    const wrong = await errorOf(api().auth.login.$post({ json: { account: 'vip@demo.local', password: 'not-the-password' } }));
    expect(wrong.status).toBe(400);
  });

  it('keeps every wallet equal to the sum of its ledger, never negative', async () => {
    const bad = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM coin_wallets w WHERE w.balance <> (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = w.user_id) OR w.balance < 0',
    );
    expect(bad.n).toBe(0);
    const spenders = await one<{ n: number }>("SELECT COUNT(DISTINCT user_id) AS n FROM coin_ledger WHERE reason = 'incense'");
    expect(spenders.n).toBeGreaterThan(0);
  });

  it('keeps incense totals of companies and reasons equal to the sum of their records', async () => {
    const companies = await one<{ n: number; total: number }>(
      'SELECT COUNT(*) AS n, SUM(incense_total) AS total FROM closures c WHERE c.incense_total <> (SELECT COALESCE(SUM(amount), 0) FROM incense_records r WHERE r.type = 1 AND r.item_id = c.com_id)',
    );
    const reasons = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM closure_types t WHERE t.incense_total <> (SELECT COALESCE(SUM(amount), 0) FROM incense_records r WHERE r.type = 2 AND r.item_id = t.id)',
    );
    expect(companies.n).toBe(0);
    expect(reasons.n).toBe(0);
    // Each offering was paid for: its ledger row debits exactly its amount from its user.
    const unpaid = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM incense_records r LEFT JOIN coin_ledger l ON l.id = r.ledger_id WHERE l.id IS NULL OR l.delta <> -r.amount OR l.user_id <> r.user_id',
    );
    expect(unpaid.n).toBe(0);
  });

  it('gives every closed company at least one closing reason, a birth before its closing, and a close date from 2012 on', async () => {
    const noReason = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM closures c WHERE NOT EXISTS (SELECT 1 FROM closure_company_types t WHERE t.com_id = c.com_id)',
    );
    expect(noReason.n).toBe(0);
    const dates = await one<{ bad: number; first: number; last: number }>(
      'SELECT SUM(born_date >= close_date) AS bad, MIN(close_date) AS first, MAX(close_date) AS last FROM closures',
    );
    expect(dates.bad).toBe(0);
    expect(dates.first).toBeGreaterThanOrEqual(20120101);
    expect(dates.last).toBeLessThanOrEqual(20261122);
    // Reasons are children of a parent reason, as the reason page's links need.
    const orphan = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM closure_company_types c LEFT JOIN closure_types t ON t.id = c.type_id WHERE t.p_id IS NULL OR t.p_id = 0 OR t.p_id <> c.p_id',
    );
    expect(orphan.n).toBe(0);
  });

  it('makes company financing totals agree with their events and replies answer top-level comments', async () => {
    const totals = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM companies c WHERE c.total_money <> (SELECT COALESCE(SUM(money), 0) FROM invest_events e WHERE e.com_id = c.id)',
    );
    expect(totals.n).toBe(0);
    const replies = await one<{ n: number; bad: number }>(
      `SELECT COUNT(*) AS n, SUM(p.id IS NULL OR p.comment_type <> 1 OR p.target_id <> r.target_id OR p.target_type <> r.target_type OR r.replay_user_id = 0) AS bad
       FROM comments r LEFT JOIN comments p ON p.id = r.parent_id WHERE r.comment_type = 2`,
    );
    expect(replies.n).toBeGreaterThan(0);
    expect(replies.bad).toBe(0);
  });

  it('has closed-company news before 2012 and from overseas, for the news filters', async () => {
    const r = await one<{ early: number; overseas: number; first: number }>(
      "SELECT SUM(date < 20120101) AS early, SUM(prov = '海外') AS overseas, MIN(date) AS first FROM news WHERE is_closure = 1",
    );
    expect(r.early).toBeGreaterThan(0);
    expect(r.first).toBeGreaterThanOrEqual(20080101);
    expect(r.overseas).toBeGreaterThan(0);
  });

  it('puts a closed company only in tracks of its own sub-sector, and album members in the album\'s tracks', async () => {
    const rows = await all<{ com_id: number; tag_id: number; se_cat_id: number; born_date: number }>(
      'SELECT t.com_id, t.tag_id, c.se_cat_id, c.born_date FROM closure_company_tracks t JOIN closures c ON c.com_id = t.com_id',
    );
    expect(rows.length).toBeGreaterThan(0);
    const foreign = rows.filter((r) => !trackById.get(r.tag_id)!.subSectors.includes(r.se_cat_id));
    expect(foreign.map((r) => `${r.com_id} ${trackById.get(r.tag_id)!.name} <- ${subSectorById.get(r.se_cat_id)!.name}`)).toEqual([]);
    // Every closed company is in at least one track.
    const trackless = await one<{ n: number }>('SELECT COUNT(*) AS n FROM closures c WHERE NOT EXISTS (SELECT 1 FROM closure_company_tracks t WHERE t.com_id = c.com_id)');
    expect(trackless.n).toBe(0);
    // Albums built on tracks hold only companies of those tracks (4 共享经济, 5 P2P, 9 新造车, 10 社区团购).
    const byName = (name: string) => TRACKS.find((t) => t.name === name)!.id;
    const albumTracks: [number, number[]][] = [
      [4, TRACKS.filter((t) => t.name.startsWith('共享')).map((t) => t.id)],
      [5, [byName('P2P网贷')]],
      [9, [byName('新能源造车')]],
      [10, [byName('社区团购')]],
    ];
    for (const [album, tracks] of albumTracks) {
      const stray = await one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM closure_company_albums a WHERE a.album_id = ${album} AND NOT EXISTS (SELECT 1 FROM closure_company_tracks t WHERE t.com_id = a.com_id AND t.tag_id IN (${tracks.join(',')}))`,
      );
      expect({ album, stray: stray.n }).toEqual({ album, stray: 0 });
    }
  });

  it('founds a closed company after its tracks and its sub-sector existed (no shared-bike operator from 2004)', async () => {
    const rows = await all<{ com_id: number; tag_id: number; se_cat_id: number; born_date: number }>(
      'SELECT t.com_id, t.tag_id, c.se_cat_id, c.born_date FROM closure_company_tracks t JOIN closures c ON c.com_id = t.com_id',
    );
    const early = rows.filter((r) => Math.floor(r.born_date / 10000) < Math.max(trackById.get(r.tag_id)!.since, subSectorById.get(r.se_cat_id)!.since));
    expect(early.map((r) => `${r.com_id} ${trackById.get(r.tag_id)!.name} ${r.born_date}`)).toEqual([]);
  });

  it('founds every company after its sub-sector existed', async () => {
    const rows = await all<{ id: number; se_cat_id: number; born_year: number }>('SELECT id, se_cat_id, born_year FROM companies');
    const early = rows.filter((r) => r.born_year < subSectorById.get(r.se_cat_id)!.since);
    expect(early.map((r) => `${r.id} ${subSectorById.get(r.se_cat_id)!.name} ${r.born_year}`)).toEqual([]);
  });

  it('describes companies in several sentence patterns with the products of their sub-sector', async () => {
    const rows = await all<{ name: string; full_name: string; des: string; se_cat_id: number }>('SELECT name, full_name, des, se_cat_id FROM companies');
    const openings = new Map<string, number>();
    for (const r of rows) {
      const opening = r.des.replaceAll(r.full_name, '{F}').replaceAll(r.name, '{N}').slice(0, 4);
      openings.set(opening, (openings.get(opening) ?? 0) + 1);
    }
    expect(openings.size).toBeGreaterThanOrEqual(6);
    expect(Math.max(...openings.values()) / rows.length).toBeLessThan(0.35);
    // The old fixed template ('公司成立于…，总部位于…，核心团队来自…') is gone.
    const template = rows.filter((r) => r.des.includes('总部位于') && r.des.includes('核心团队来自')).length;
    expect(template / rows.length).toBeLessThan(0.05);
    const withProduct = rows.filter((r) => subSectorById.get(r.se_cat_id)!.products.some((p) => r.des.includes(p))).length;
    expect(withProduct / rows.length).toBeGreaterThan(0.6);
  });

  it('names financial advisers in healthcare deals, so the FA TOP20 ranks advisers by real deal counts', async () => {
    const rows = await all<{ n: number }>(`
      SELECT count(*) AS n FROM invest_firms f
      JOIN invest_event_investors i ON i.invst_id = f.id JOIN invest_events e ON e.id = i.event_id
      WHERE f.is_fa = 1 AND e.scope = '医疗健康' GROUP BY f.id ORDER BY n DESC LIMIT 20`);
    const advisers = (await one<{ n: number }>('SELECT count(*) AS n FROM invest_firms WHERE is_fa = 1')).n;
    expect(advisers).toBeGreaterThan(0);
    // At this small scale there are few advisers (the busiest take most deals): at least one with
    // deals, and deals in double figures.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(10);
    // Advisers work across sectors: among the busiest healthcare advisers, most also advised deals of
    // other areas, so '医疗健康 N 起 / 共 M 起' shows M > N for them.
    const both = await all<{ m: number; t: number }>(`
      SELECT sum(e.scope = '医疗健康') AS m, count(*) AS t FROM invest_firms f
      JOIN invest_event_investors i ON i.invst_id = f.id JOIN invest_events e ON e.id = i.event_id
      WHERE f.is_fa = 1 GROUP BY f.id HAVING m > 0 ORDER BY m DESC LIMIT 20`);
    expect(both.filter((r) => r.t > r.m).length / both.length).toBeGreaterThan(0.5);
  });

  it('states figures in texts as the rows have them, without trailing zeros', async () => {
    // A STAR company's acceptance news quotes its planned raise.
    const star = await all<{ title: string; plan: number }>(`SELECT n.title, s.plan_issue_capital AS plan FROM news n
      JOIN starmarket_companies s ON s.com_id = n.com_id WHERE n.title LIKE '%拟募资%'`);
    expect(star.length).toBeGreaterThan(0);
    for (const r of star) expect(r.title).toContain(`拟募资${formatWan(r.plan)}`);
    // A closed company's headlines quote its own valuation and total funding.
    const closing = await all<{ title: string; valuation: number; total: number }>(`SELECT n.title, c.valuation, c.total_money AS total FROM news n
      JOIN companies c ON c.id = n.com_id WHERE n.title LIKE '估值%的%' OR n.title LIKE '%烧光%' OR n.title LIKE '%死亡复盘%'`);
    expect(closing.length).toBeGreaterThan(0);
    for (const r of closing) {
      if (r.title.startsWith('估值')) expect(r.title).toContain(`估值${formatWan(r.valuation)}的`);
      else expect(r.title).toContain(formatWan(r.total));
    }
    // A healthcare IPO's valuation is its company's, as the company page prints it.
    const ipos = await all<{ valuation: string; company: number }>('SELECT i.valuation, c.valuation AS company FROM medical_ipos i JOIN companies c ON c.id = i.com_id');
    expect(ipos.length).toBeGreaterThan(0);
    for (const r of ipos) if (r.valuation !== '-') expect(r.valuation).toBe(formatValuation(r.company));
    // No decimal figure ending in 0 ('633.0亿', '1.50亿') in any headline.
    const decimals = await all<{ title: string }>(`SELECT title FROM news WHERE title GLOB '*[0-9].[0-9]*'`);
    expect(decimals.length).toBeGreaterThan(0);
    expect(decimals.map((r) => r.title).filter((t) => /\d\.\d*0(?!\d)/.test(t))).toEqual([]);
  });

  it('never repeats a headline for one company', async () => {
    const perCompany = await all<{ com_id: number; title: string; n: number }>(
      'SELECT com_id, title, COUNT(*) AS n FROM news WHERE com_id > 0 GROUP BY com_id, title HAVING n > 1 LIMIT 5',
    );
    expect(perCompany).toEqual([]);
  });

  it('never prints one headline twice within a week (not the same title on one day from two outlets)', async () => {
    const withinWeek = await all<{ title: string; a: number; b: number }>(
      `SELECT x.title, x.date AS a, y.date AS b FROM news x JOIN news y ON y.title = x.title AND y.id > x.id AND ABS(${jd('x.date')} - ${jd('y.date')}) < 7 LIMIT 5`,
    );
    expect(withinWeek).toEqual([]);
  });

  it('spreads closed-company news over many companies', async () => {
    // Closed-company news spreads over many companies rather than repeating a few.
    const spread = await one<{ companies: number; items: number; top: number }>(
      'SELECT COUNT(*) AS companies, SUM(n) AS items, MAX(n) AS top FROM (SELECT com_id, COUNT(*) AS n FROM news WHERE is_closure = 1 AND com_id > 0 GROUP BY com_id)',
    );
    expect(spread.companies / spread.items).toBeGreaterThan(0.5);
    expect(spread.top).toBeLessThanOrEqual(4);
  });

  it('leaves every full-text index of the schema merged into one segment, so a keyword lookup searches one b-tree', async () => {
    const fts = await all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5(%' ORDER BY name");
    expect(fts.map((t) => t.name)).toEqual([...FULL_TEXT_INDEXES].sort());
    for (const { name } of fts) {
      // FTS5 keeps segment b-tree pages at rowid (segment id << 37) + page; ids up to 10 are its own records.
      const { segments } = await one<{ segments: number }>(`SELECT COUNT(DISTINCT id >> 37) AS segments FROM ${name}_data WHERE id > 10`);
      expect({ name, segments }).toEqual({ name, segments: 1 });
    }
    // and the merged indexes answer: the global search finds a company by its whole name
    const company = await one<{ id: number; name: string }>('SELECT id, name FROM companies ORDER BY id DESC LIMIT 1');
    const hits = await dataOf(api().search.$get({ query: { q: company.name } }));
    expect(hits.company[0]).toMatchObject({ id: company.id, name: company.name });
  });

  it('starts the watch change log empty (the seeded rows are the starting data), while later writes are logged', async () => {
    expect((await one<{ n: number }>('SELECT COUNT(*) AS n FROM watch_changes')).n).toBe(0);
    const { com_id } = await one<{ com_id: number }>('SELECT min(com_id) AS com_id FROM closures');
    await env.DB.prepare('UPDATE closures SET com_name = com_name WHERE com_id = ?').bind(com_id).run();
    const logged = await all<{ source: string; row_id: number }>('SELECT source, row_id FROM watch_changes');
    expect(logged).toEqual([{ source: 'closures', row_id: com_id }]);
    await env.DB.prepare('DELETE FROM watch_changes').run();
  });

  it('is deterministic: the same options give the same SQL, another seed gives other data', () => {
    const again = generateSeed({ scale: SCALE });
    expect(again.statements.join(';\n')).toBe(seeded.statements.join(';\n'));
    const other = generateSeed({ scale: SCALE, seed: 7 });
    expect(other.statements.join(';\n')).not.toBe(seeded.statements.join(';\n'));
  });
});
