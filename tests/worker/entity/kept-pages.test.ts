/**
 * The entity lists read kept rows: /investevent under every filter it takes (none,
 * scope, tag by name, tag + scope), an atlas tag's events, a firm's investments and a user's
 * comments and incense, and a signed-in user's own lists (coin ledger, orders, download records,
 * follows) take their totals from list_day_counts and seek deep pages to their start day. Every page (first, middle, last, past the end) holds exactly what the straightforward
 * OFFSET query gives, with the same total, before and after inserts, updates and deletes; the
 * kept rows stay equal to a recount; every page reads at most 3 rows per row returned plus 100;
 * no statement walks a large table.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../helpers';
import { plans, recordRequest, roundTrips, rowsReadBy, LARGE_TABLES, type PlanStep } from '../query-recorder';
import { makeCompany, makeFirm, nextId, taxonomy } from './fixtures';

const MED = '医疗健康';
const SCOPES = [MED, '企业服务', ''];
const EVENTS = 420;
const DAY_MS = 86_400_000;

let token: string;
let user: number;
const f = {} as {
  firmA: number;
  firmB: number;
  coms: number[];
  parent: number;
  child: number;
  parentName: string;
  childName: string;
};

const day = (i: number) => {
  // 2014..2023, several events share a day, a few days hold many.
  const y = 2014 + (i % 10);
  const m = 1 + ((i * 7) % 12);
  const d = 1 + ((i * 5) % 28);
  return i % 17 === 0 ? 20200505 : y * 10000 + m * 100 + d;
};

beforeAll(async () => {
  await taxonomy();
  const u = await makeUser({ role: 'vip' });
  token = u.token;
  user = u.id;
  f.firmA = await makeFirm('测试页甲资本');
  f.firmB = await makeFirm('测试页乙资本');
  f.coms = [];
  for (let i = 0; i < 12; i++) f.coms.push(await makeCompany(`测试页公司${i}`, { medical: i < 8 }));
  f.parent = nextId();
  f.child = nextId();
  f.parentName = `测试页父标签${f.parent}`;
  f.childName = `测试页子标签${f.child}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO medical_tags (id, p_id, name, \"desc\") VALUES (?, 0, ?, ''), (?, ?, ?, '')").bind(
      f.parent,
      f.parentName,
      f.child,
      f.parent,
      f.childName,
    ),
    ...f.coms.slice(0, 8).map((c) => env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(c, f.parent)),
    ...f.coms.slice(0, 4).map((c) => env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(c, f.child)),
  ]);
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const id = nextId();
    stmts.push(
      env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, 2, 1000, '', ?, ?)").bind(
        id,
        f.coms[i % 12],
        day(i),
        SCOPES[i % 3],
      ),
    );
    if (i % 2 === 0)
      stmts.push(
        env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '测试页甲资本', 'invst')").bind(
          id,
          f.firmA,
        ),
      );
    if (i % 3 === 0)
      stmts.push(
        env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '测试页乙资本', 'invst')").bind(
          id,
          f.firmB,
        ),
      );
    stmts.push(env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, 0, '某自然人', 'person')").bind(id));
  }
  for (let i = 0; i < stmts.length; i += 200) await env.DB.batch(stmts.slice(i, i + 200));
  // 260 comments and 230 offerings over two years, several on one day.
  const base = Date.UTC(2023, 0, 1);
  const social: D1PreparedStatement[] = [];
  for (let i = 0; i < 260; i++) {
    social.push(
      env.DB.prepare("INSERT INTO comments (target_type, target_id, user_id, comment_type, content, created_at) VALUES ('com', 1, ?, 1, ?, ?)").bind(
        user,
        `评论${i}`,
        base + ((i * 37) % 700) * DAY_MS + (i % 5) * 3_600_000,
      ),
    );
  }
  for (let i = 0; i < 230; i++) {
    social.push(
      env.DB.prepare('INSERT INTO incense_records (type, item_id, user_id, amount, created_at) VALUES (1, 1, ?, 1, ?)').bind(
        user,
        base + ((i * 11) % 500) * DAY_MS + (i % 3) * 60_000,
      ),
    );
  }
  for (let i = 0; i < social.length; i += 200) await env.DB.batch(social.slice(i, i + 200));
  // The user's own lists: 300 ledger rows, 240 orders, 220 download records of one job, 210 follows.
  const at = (i: number, spread: number) => base + ((i * 29) % spread) * DAY_MS + (i % 4) * 600_000;
  // 22 exports of 10 files each (a real export has at most 30), a job's files made together.
  const jobs: number[] = [];
  for (let j = 0; j < 22; j++) {
    const job = await env.DB.prepare(
      "INSERT INTO export_jobs (user_id, kind, title, params, total_rows, batches, coins, idempotency_key, created_at) VALUES (?, 'closure', '测试页导出', '{}', 10, 10, 0, ?, ?) RETURNING id",
    )
      .bind(user, `kept-pages-${j}`, base)
      .first<{ id: number }>();
    jobs.push(job!.id);
  }
  const own: D1PreparedStatement[] = [];
  for (let i = 0; i < 300; i++)
    own.push(
      env.DB.prepare("INSERT INTO coin_ledger (user_id, delta, reason, idempotency_key, op_nonce, created_at) VALUES (?, 1, 'grant', ?, 'n', ?)").bind(
        user,
        `kept-${i}`,
        at(i, 600),
      ),
    );
  for (let i = 0; i < 240; i++)
    own.push(
      env.DB.prepare("INSERT INTO orders (user_id, product, amount_fen, status, provider, created_at) VALUES (?, 'coins_100', 100, 'cancelled', 'sandbox', ?)").bind(
        user,
        at(i, 450),
      ),
    );
  for (let i = 0; i < 220; i++)
    own.push(
      env.DB.prepare(
        "INSERT INTO download_records (job_id, user_id, batch_no, offset, rows, filename, status, created_at) VALUES (?, ?, ?, 0, 1, '测试页.xlsx', 'failed', ?)",
      ).bind(jobs[Math.floor(i / 10)], user, (i % 10) + 1, at(Math.floor(i / 10), 380) + (i % 10)),
    );
  for (let i = 0; i < 210; i++)
    own.push(env.DB.prepare('INSERT INTO follows (user_id, type, item_id, created_at) VALUES (?, 1, ?, ?)').bind(user, 9_000_000 + i, at(i, 300)));
  for (let i = 0; i < own.length; i += 200) await env.DB.batch(own.slice(i, i + 200));
}, 120_000);

const get = (path: string) => recordRequest(path, { headers: { Authorization: `Bearer ${token}` } });
type Page = {
  data: {
    info: { id?: number; comment_id?: number; order_id?: number; record_id?: number; item_id?: number }[];
    page: { total: number };
  };
};

/** The straightforward query each list replaces: its WHERE, ORDER and page size. */
interface Case {
  label: string;
  path: string;
  where: string;
  from: string;
  id: string;
  order: string;
  per: number;
  rowId: (x: Page['data']['info'][number]) => number | undefined;
}

const eventCase = (label: string, query: Record<string, string>, where: string): Case => ({
  label,
  path: `/api/investevent?${new URLSearchParams(query)}`,
  from: 'invest_events e',
  where,
  id: 'e.id',
  order: 'e.date DESC, e.id DESC',
  per: 10,
  rowId: (x) => x.id,
});

const cases = (): Case[] => [
  eventCase('investevent', {}, '1'),
  eventCase('investevent scope', { scope: MED }, `e.scope = '${MED}'`),
  eventCase('investevent other scope', { scope: '企业服务' }, "e.scope = '企业服务'"),
  eventCase('investevent tag', { tag: f.parentName }, `e.com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${f.parent})`),
  eventCase(
    'investevent child tag + scope',
    { tag: f.childName, scope: MED },
    `e.scope = '${MED}' AND e.com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${f.child})`,
  ),
  eventCase('investevent unknown tag', { tag: '没有这个标签' }, '0'),
  {
    ...eventCase('atlas events', {}, `e.com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${f.parent})`),
    path: `/api/atlas/${f.parent}/events?`,
  },
  {
    label: 'firm investments',
    path: `/api/investfirm/${f.firmA}/investments?`,
    from: 'invest_event_investors i JOIN invest_events e ON e.id = i.event_id',
    where: `i.invst_id = ${f.firmA}`,
    id: 'e.id',
    order: 'e.date DESC, e.id DESC',
    per: 10,
    rowId: (x) => x.id,
  },
  {
    label: 'user comments',
    path: `/api/users/${user}/comments?`,
    from: 'comments c',
    where: `c.user_id = ${user}`,
    id: 'c.id',
    order: 'c.created_at DESC, c.id DESC',
    per: 10,
    rowId: (x) => x.comment_id,
  },
  {
    label: 'user incense',
    path: `/api/users/${user}/incense?`,
    from: 'incense_records c',
    where: `c.user_id = ${user}`,
    id: 'c.id',
    order: 'c.created_at DESC, c.id DESC',
    per: 10,
    rowId: (x) => x.id,
  },
  { ...own('coin ledger', '/api/user/ledger?', 'coin_ledger', 'x.id', 'x.id', 20), rowId: (x) => x.id },
  { ...own('orders', '/api/orders?', 'orders', 'x.id', 'x.id', 10), rowId: (x) => x.order_id },
  { ...own('download records', '/api/downloads?', 'download_records', 'x.id', 'x.id', 20), rowId: (x) => x.record_id },
  { ...own('follows', '/api/follow?type=1', 'follows', 'x.item_id', 'x.rowid', 10), rowId: (x) => x.item_id },
];

/** A signed-in user's own list, newest first, at its default page size. */
const own = (label: string, path: string, table: string, id: string, tie: string, per: number) => ({
  label,
  path: `${path}&per_page=${per}`,
  from: `${table} x`,
  where: `x.user_id = ${user}`,
  id,
  order: `x.created_at DESC, ${tie} DESC`,
  per,
});

async function oracle(c: Case, page: number) {
  const ids = await env.DB.prepare(`SELECT ${c.id} AS id FROM ${c.from} WHERE ${c.where} ORDER BY ${c.order} LIMIT ? OFFSET ?`)
    .bind(c.per, (page - 1) * c.per)
    .all<{ id: number }>();
  const total = await env.DB.prepare(`SELECT count(*) AS n FROM ${c.from} WHERE ${c.where}`).first<{ n: number }>();
  return { ids: ids.results.map((r) => r.id), total: total!.n };
}

async function pagesOf(c: Case) {
  const total = (await oracle(c, 1)).total;
  const last = Math.max(1, Math.ceil(total / c.per));
  return [...new Set([1, 2, 4, 5, 6, Math.floor(last / 2), Math.ceil(last / 2) + 1, last - 5, last - 4, last - 1, last, last + 1].filter((p) => p >= 1))];
}

async function expectSameAsOracle() {
  for (const c of cases()) {
    for (const page of await pagesOf(c)) {
      const r = await get(`${c.path}&page=${page}`);
      expect(r.status, `${c.label} page ${page}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      const body = r.body as Page;
      const want = await oracle(c, page);
      expect(body.data.page.total, `${c.label} page ${page} total`).toBe(want.total);
      expect(body.data.info.map(c.rowId), `${c.label} page ${page}`).toEqual(want.ids);
    }
  }
}

/** Every kept row, recounted from the data (the rows the triggers should hold). */
async function recount() {
  const lv = '(SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l';
  const ymd = (d: string) => `CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN ${d} / 10000 * 10000 WHEN 2 THEN ${d} / 100 * 100 ELSE ${d} END`;
  const days = (t: string) =>
    `CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN ${t} / ${DAY_MS} / 512 * 512 WHEN 2 THEN ${t} / ${DAY_MS} / 16 * 16 ELSE ${t} / ${DAY_MS} END`;
  const tagged = `(SELECT e.id, e.date, e.scope, m.tag_id FROM medical_company_tags m JOIN invest_events e ON e.com_id = m.com_id)`;
  const firms = `(SELECT e.id, e.date, e.scope, i.invst_id FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id > 0)`;
  // One statement per key family (D1 caps compound SELECTs), merged in key order.
  const parts = [
    `SELECT 'all' AS k, l.lv AS level, ${ymd('e.date')} AS bucket, count(*) AS n FROM invest_events e, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 's:' || e.scope AS k, l.lv AS level, ${ymd('e.date')} AS bucket, count(*) AS n FROM invest_events e, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 't:' || x.tag_id AS k, l.lv AS level, ${ymd('x.date')} AS bucket, count(*) AS n FROM ${tagged} x, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'st:' || x.scope || ':' || x.tag_id AS k, l.lv AS level, ${ymd('x.date')} AS bucket, count(*) AS n FROM ${tagged} x, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'f:' || x.invst_id AS k, l.lv AS level, ${ymd('x.date')} AS bucket, count(*) AS n FROM ${firms} x, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'fs:' || x.invst_id || ':' || x.scope AS k, 0 AS level, 0 AS bucket, count(*) AS n FROM ${firms} x GROUP BY 1`,
    `SELECT 'uc:' || c.user_id AS k, l.lv AS level, ${days('c.created_at')} AS bucket, count(*) AS n FROM comments c, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'uis:' || c.user_id AS k, 0 AS level, 0 AS bucket, sum(c.amount) AS n FROM incense_records c GROUP BY 1`,
    `SELECT 'ui:' || c.user_id AS k, l.lv AS level, ${days('c.created_at')} AS bucket, count(*) AS n FROM incense_records c, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'ul:' || c.user_id AS k, l.lv AS level, ${days('c.created_at')} AS bucket, count(*) AS n FROM coin_ledger c, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'uo:' || c.user_id AS k, l.lv AS level, ${days('c.created_at')} AS bucket, count(*) AS n FROM orders c, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'ud:' || c.user_id AS k, l.lv AS level, ${days('c.created_at')} AS bucket, count(*) AS n FROM download_records c, ${lv} GROUP BY 1, 2, 3`,
    `SELECT 'uf:' || c.user_id || ':' || c.type AS k, l.lv AS level, ${days('c.created_at')} AS bucket, count(*) AS n FROM follows c, ${lv} GROUP BY 1, 2, 3`,
  ];
  const rows: Record<string, unknown>[] = [];
  for (const q of parts) rows.push(...(await env.DB.prepare(q).all()).results);
  const key = (r: Record<string, unknown>) => [r.k, r.level, r.bucket] as [string, number, number];
  return rows.sort((x, y) => {
    const [a, b] = [key(x), key(y)];
    return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2];
  });
}

async function expectKeptEqualRecount() {
  const kept = (await env.DB.prepare('SELECT k, level, bucket, n FROM list_day_counts ORDER BY 1, 2, 3').all()).results;
  expect(kept).toEqual(await recount());
  const tags = await env.DB.prepare(
    `SELECT count(*) AS n FROM (SELECT e.id, m.tag_id, e.scope, e.date FROM medical_company_tags m JOIN invest_events e ON e.com_id = m.com_id
       EXCEPT SELECT event_id, tag_id, scope, date FROM invest_event_tags)`,
  ).first<{ n: number }>();
  const tagRows = await env.DB.prepare(
    'SELECT (SELECT count(*) FROM invest_event_tags) - (SELECT count(*) FROM medical_company_tags m JOIN invest_events e ON e.com_id = m.com_id) AS d',
  ).first<{ d: number }>();
  expect([tags!.n, tagRows!.d]).toEqual([0, 0]);
  const firmRows = await env.DB.prepare(
    `SELECT count(*) AS n FROM (SELECT invst_id, event_id, scope, date, count(*) FROM invest_event_firms GROUP BY 1, 2, 3, 4
       EXCEPT SELECT i.invst_id, e.id, e.scope, e.date, count(*) FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id > 0 GROUP BY 1, 2, 3, 4)`,
  ).first<{ n: number }>();
  const firmCount = await env.DB.prepare(
    'SELECT (SELECT count(*) FROM invest_event_firms) - (SELECT count(*) FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id > 0) AS d',
  ).first<{ d: number }>();
  expect([firmRows!.n, firmCount!.d]).toEqual([0, 0]);
}

const TABLES = [
  ...LARGE_TABLES,
  'coin_ledger',
  'orders',
  'download_records',
  'follows',
  'invest_events',
  'invest_event_investors',
  'invest_event_tags',
  'invest_event_firms',
  'list_day_counts',
  'companies',
  'medical_company_tags',
];
const scans = (steps: PlanStep[]) =>
  steps.filter((s) => {
    const m = /^SCAN (\w+)(.*)$/.exec(s.detail);
    if (!m || /USING (COVERING )?INDEX|VIRTUAL TABLE/.test(m[2])) return false;
    if (TABLES.includes(m[1])) return true;
    const alias = new RegExp(`["\`]?(\\w+)["\`]?\\s+(?:as\\s+)?["\`]?${m[1]}["\`]?(?=\\s|$|,)`, 'i').exec(s.sql);
    return alias !== null && TABLES.includes(alias[1]);
  });

describe('entity lists from kept day counts', () => {
  it('every page of every filter holds the rows and total of the straightforward query', async () => {
    await expectSameAsOracle();
  });

  it.each(['list_day_counts', 'entity_money_counts'])('keeps %s in one b-tree: WITHOUT ROWID, its key not stored a second time in an index', async (table) => {
    const objects = (await env.DB.prepare('SELECT type, name FROM sqlite_master WHERE tbl_name = ? ORDER BY type').bind(table).all()).results;
    expect(objects).toEqual([{ type: 'table', name: table }]);
    const sql = await env.DB.prepare('SELECT sql FROM sqlite_master WHERE name = ?').bind(table).first<{ sql: string }>();
    expect(sql!.sql).toMatch(/WITHOUT ROWID\s*$/);
  });

  it('the kept rows equal a recount', async () => {
    await expectKeptEqualRecount();
  });

  it('every page reads at most 3 rows per row returned plus 100 in at most four round trips on the kept rows, on no full scan; details read kept totals', async () => {
    const over: string[] = [];
    const found: string[] = [];
    const slow: string[] = [];
    for (const c of cases()) {
      for (const page of await pagesOf(c)) {
        const r = await get(`${c.path}&page=${page}`);
        const returned = (r.body as Page).data.info.length;
        const by = await rowsReadBy(r.statements);
        const read = by.reduce((n, s) => n + s.rows, 0);
        // The descent to a deep page's start day reads the total and the top level together, then each
        // lower level at once: at most four round trips on the kept rows (a walk four rows at a time took up to eight).
        const kept = roundTrips(r.statements.filter((x) => /list_day_counts/.test(x.sql)));
        if (kept > 4) slow.push(`${c.label} page ${page}: ${kept} round trips on list_day_counts`);
        if (read > 3 * returned + 100)
          over.push(`${c.label} page ${page}: ${read} rows read for ${returned}\n${by.map((s) => `  ${s.rows} ${s.sql.slice(0, 160)}`).join('\n')}`);
        for (const steps of await plans(r.statements)) for (const s of scans(steps)) found.push(`${c.label} page ${page}: ${s.detail} in ${s.sql}`);
      }
    }
    expect(over).toEqual([]);
    expect(found).toEqual([]);
    expect(slow).toEqual([]);
    // The firm card and the profile count from kept rows, not from the firm's or user's rows.
    for (const path of [`/api/investfirm/${f.firmA}`, `/api/users/${user}`]) {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect((await rowsReadBy(r.statements)).filter((s) => /invest_event_investors|from "comments"/i.test(s.sql))).toEqual([]);
    }
    const firm = (await get(`/api/investfirm/${f.firmA}`)).body as {
      data: { invse_num: number; medical_invse_num: number };
    };
    expect(firm.data.invse_num).toBe(EVENTS / 2);
    expect(firm.data.medical_invse_num).toBe(
      (await env.DB.prepare(
        `SELECT count(*) AS n FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id = ? AND e.scope = '${MED}'`,
      )
        .bind(f.firmA)
        .first<{ n: number }>())!.n,
    );
    const profile = (await get(`/api/users/${user}`)).body as {
      data: { comment_num: number; incense_num: number };
    };
    expect([profile.data.comment_num, profile.data.incense_num]).toEqual([260, 230]);
  });

  it('after inserts, updates and deletes the kept rows equal a recount and every page still matches', async () => {
    const [a, b, c, d] = (
      await env.DB.prepare('SELECT id FROM invest_events WHERE com_id = ? ORDER BY id LIMIT 4').bind(f.coms[0]).all<{ id: number }>()
    ).results.map((r) => r.id);
    const fresh = nextId();
    const newCom = await makeCompany('测试页新公司', { medical: true });
    await env.DB.batch([
      // an event moves day and scope, another changes company (and so tags), one is deleted
      env.DB.prepare(`UPDATE invest_events SET date = 20240229, scope = '企业服务' WHERE id = ?`).bind(a),
      env.DB.prepare('UPDATE invest_events SET com_id = ? WHERE id = ?').bind(f.coms[10], b),
      env.DB.prepare('DELETE FROM invest_events WHERE id = ?').bind(c),
      // a new event and its investors (firm B twice), a firm row moved to another firm, one removed
      env.DB.prepare(`INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, 2, 500, '', 20200505, '${MED}')`).bind(
        fresh,
        newCom,
      ),
      env.DB.prepare(
        "INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '测试页乙资本', 'invst'), (?, ?, '测试页乙资本', 'invst')",
      ).bind(fresh, f.firmB, fresh, f.firmB),
      env.DB.prepare('UPDATE invest_event_investors SET invst_id = ? WHERE event_id = ? AND invst_id = ?').bind(f.firmB, d, f.firmA),
      env.DB.prepare(
        'DELETE FROM invest_event_investors WHERE invst_id = ? AND event_id = (SELECT max(event_id) FROM invest_event_investors WHERE invst_id = ?)',
      ).bind(f.firmA, f.firmA),
      // tags: the new company joins both, another company leaves the child tag, a tag row moves
      env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?), (?, ?)').bind(newCom, f.parent, newCom, f.child),
      env.DB.prepare('DELETE FROM medical_company_tags WHERE com_id = ? AND tag_id = ?').bind(f.coms[1], f.child),
      env.DB.prepare('UPDATE medical_company_tags SET com_id = ? WHERE com_id = ? AND tag_id = ?').bind(f.coms[9], f.coms[2], f.child),
      // comments and incense: one moves day, one is deleted, one is new
      env.DB.prepare('UPDATE comments SET created_at = created_at - 400 * 86400000 WHERE id = (SELECT max(id) FROM comments WHERE user_id = ?)').bind(user),
      env.DB.prepare('DELETE FROM comments WHERE id = (SELECT min(id) FROM comments WHERE user_id = ?)').bind(user),
      env.DB.prepare("INSERT INTO comments (target_type, target_id, user_id, comment_type, content, created_at) VALUES ('com', 1, ?, 1, '新评论', ?)").bind(
        user,
        Date.UTC(2025, 5, 1),
      ),
      env.DB.prepare('DELETE FROM incense_records WHERE id = (SELECT max(id) FROM incense_records WHERE user_id = ?)').bind(user),
      env.DB.prepare('UPDATE incense_records SET created_at = ? WHERE id = (SELECT min(id) FROM incense_records WHERE user_id = ?)').bind(
        Date.UTC(2020, 1, 2),
        user,
      ),
      // the user's own lists: a row of each moves day, one of each is deleted, one of each is new
      ...['coin_ledger', 'orders', 'download_records'].flatMap((t) => [
        env.DB.prepare(`UPDATE ${t} SET created_at = created_at - 200 * 86400000 WHERE id = (SELECT max(id) FROM ${t} WHERE user_id = ?)`).bind(user),
        env.DB.prepare(`DELETE FROM ${t} WHERE id = (SELECT min(id) FROM ${t} WHERE user_id = ?)`).bind(user),
      ]),
      env.DB.prepare("INSERT INTO coin_ledger (user_id, delta, reason, idempotency_key, op_nonce, created_at) VALUES (?, -1, 'incense', 'kept-new', 'n', ?)").bind(
        user,
        Date.UTC(2025, 5, 1),
      ),
      env.DB.prepare("INSERT INTO orders (user_id, product, amount_fen, status, provider, created_at) VALUES (?, 'coins_100', 100, 'pending', 'sandbox', ?)").bind(
        user,
        Date.UTC(2021, 3, 3),
      ),
      env.DB.prepare('UPDATE follows SET created_at = ? WHERE user_id = ? AND item_id = 9000007').bind(Date.UTC(2019, 0, 1), user),
      env.DB.prepare('DELETE FROM follows WHERE user_id = ? AND item_id = 9000011').bind(user),
      env.DB.prepare('INSERT INTO follows (user_id, type, item_id, created_at) VALUES (?, 1, 9000999, ?)').bind(user, Date.UTC(2024, 0, 1)),
    ]);
    await expectKeptEqualRecount();
    await expectSameAsOracle();
  });
});
