/**
 * Deep pages of a long event list (/investevent and a firm's investments) over 27 years, more
 * events each year and a few crowded days: every page holds what the straightforward OFFSET read
 * gives, and a page deep in the list finds its start day reading about half of each kept level
 * (from the end nearer the page) and, inside a crowded day, reads the day from its nearer end.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../helpers';
import { recordRequest, rowsReadBy } from '../query-recorder';
import { makeCompany, makeFirm, nextId, taxonomy } from './fixtures';

let token: string;
let firm: number;
let total = 0;

/** Event i of year y: spread over the year's months and days, one in four on the year's crowded day (June 15th). */
const dateOf = (y: number, i: number) => (i % 4 === 0 ? y * 10000 + 615 : y * 10000 + (1 + (i % 12)) * 100 + 1 + ((i * 7) % 28));

beforeAll(async () => {
  await taxonomy();
  token = (await makeUser({ role: 'vip' })).token;
  firm = await makeFirm('深页测试资本');
  const com = await makeCompany('深页测试公司');
  const stmts: D1PreparedStatement[] = [];
  for (let y = 2000; y <= 2026; y++) {
    const n = 12 + 3 * (y - 2000);
    for (let i = 0; i < n; i++) {
      const id = nextId();
      stmts.push(
        env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, 2, 100, '', ?, '企业服务')").bind(id, com, dateOf(y, i)),
        env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '深页测试资本', 'invst')").bind(id, firm),
      );
      total++;
    }
  }
  for (let i = 0; i < stmts.length; i += 200) await env.DB.batch(stmts.slice(i, i + 200));
}, 120_000);

const get = (path: string) => recordRequest(path, { headers: { Authorization: `Bearer ${token}` } });

const LISTS = () => [
  { label: '/investevent', path: '/api/investevent?x=1', oracle: 'SELECT id FROM invest_events ORDER BY date DESC, id DESC LIMIT 10 OFFSET ?' },
  {
    label: 'firm investments',
    path: `/api/investfirm/${firm}/investments?x=1`,
    oracle: `SELECT e.id FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id = ${firm} ORDER BY e.date DESC, e.id DESC LIMIT 10 OFFSET ?`,
  },
];

describe('deep pages of a long event list', () => {
  it('every page holds the rows and total of the OFFSET read', async () => {
    const pages = Math.ceil(total / 10);
    for (const list of LISTS()) {
      for (let page = 1; page <= pages + 1; page++) {
        const r = await get(`${list.path}&page=${page}`);
        const data = (r.body as { data: { info: { id: number }[]; page: { total: number } } }).data;
        const want = (await env.DB.prepare(list.oracle).bind((page - 1) * 10).all<{ id: number }>()).results.map((x) => x.id);
        expect([list.label, page, data.page.total, data.info.map((e) => e.id)]).toEqual([list.label, page, total, want]);
      }
    }
  });

  it('a deep page reads about half of each kept level and the nearer end of its crowded day', async () => {
    const pages = Math.ceil(total / 10);
    const over: string[] = [];
    for (const list of LISTS()) {
      for (let page = 5; page <= pages - 4; page += 6) {
        const r = await get(`${list.path}&page=${page}`);
        const by = await rowsReadBy(r.statements);
        // The kept rows: the total (read with the page's ends), then the walk through years, months and
        // days, each read from the end nearer the page (all 27 years, 12 months and a month's days read 46-49).
        const kept = by.filter((s) => /list_day_counts/.test(s.sql)).reduce((n, s) => n + s.rows, 0);
        // The events' own index: the page's rows and the rows of its start day skipped to reach them,
        // at most the nearer half of a crowded day (its whole start read up to 20).
        const index = by.filter((s) => /from "invest_event(s|_firms)" where/i.test(s.sql) && !/list_day_counts/.test(s.sql)).reduce((n, s) => n + s.rows, 0);
        if (kept > 45 || index > 15) over.push(`${list.label} page ${page}: ${kept} kept rows, ${index} index rows\n${by.map((s) => `  ${s.rows} ${s.sql.slice(0, 140)}`).join('\n')}`);
      }
    }
    expect(over).toEqual([]);
  });

  it("a deep page's near-end statement reads the kept total once for each of its LIMITs and OFFSETs, not once per mention", async () => {
    const found: string[] = [];
    for (const list of LISTS()) {
      const r = await get(`${list.path}&page=${Math.ceil(total / 20)}`);
      const near = (await rowsReadBy(r.statements)).filter((s) => /_total/.test(s.sql));
      // The start's LIMIT, the end's OFFSET and LIMIT, and the total column; neither end reads an event.
      if (near.length !== 1 || near[0].rows > 4) found.push(`${list.label}: ${near.map((s) => s.rows).join(', ')}`);
    }
    expect(found).toEqual([]);
  });
});
