/**
 * Rows the entity tests need, written straight to D1 (search names through the worker's own write
 * path, searchNameRow): a sector, rounds, firms, companies with financing events (firm, person and
 * corporate investors), a closed company with team, reasons and incense, a STAR-market listing, an
 * atlas tag, news and policies. Ids come from one counter so tests never collide.
 */
import { env } from 'cloudflare:test';
import { searchNameRow } from '../../../worker/src/search/keys';
import type { SearchKind } from '../../../worker/src/search/constants';

let next = 80_000;
export const nextId = () => ++next;

const run = (sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).run();

export async function taxonomy() {
  await env.DB.batch([
    env.DB.prepare(`INSERT OR IGNORE INTO sectors (id, parent_id, name) VALUES (9801, 0, '测试医疗'), (980101, 9801, '测试器械')`),
    env.DB.prepare(`INSERT OR IGNORE INTO rounds (id, name) VALUES (1, '天使轮'), (2, 'A轮'), (3, 'B轮')`),
    env.DB.prepare(`INSERT OR IGNORE INTO starmarket_states (id, name, sort) VALUES (2, '已问询', 2)`),
  ]);
}

export async function indexName(kind: SearchKind, id: number, name: string) {
  const r = searchNameRow(kind, id, name);
  await run(
    // An upsert, not INSERT OR REPLACE: REPLACE deletes the old row without firing its delete trigger,
    // which would leave the old name in search_fts.
    `INSERT INTO search_names (id, kind, ref_id, name, pinyin, initials, head, tail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, pinyin = excluded.pinyin, initials = excluded.initials, head = excluded.head, tail = excluded.tail`,
    r.id, r.kind, r.ref_id, r.name, r.pinyin, r.initials, r.head, r.tail,
  );
}

export async function makeCompany(name: string, opts: { medical?: boolean } = {}) {
  const id = nextId();
  await run(
    `INSERT INTO companies (id, name, full_name, logo, slogan, des, prov, city, cat_id, se_cat_id, born_year, born_month, round_id, total_money, is_medical)
     VALUES (?, ?, ?, '', '让看病更简单', '一家测试公司', '北京', '北京', 9801, 980101, 2015, 6, 2, 5000, ?)`,
    id, name, `北京${name}科技有限公司`, opts.medical ? 1 : 0,
  );
  await indexName('company', id, name);
  return id;
}

export async function makeFirm(name: string) {
  const id = nextId();
  await run("INSERT INTO invest_firms (id, name, logo, des, is_fa) VALUES (?, ?, '', '专注早期投资', 0)", id, name);
  await indexName('investfirm', id, name);
  return id;
}

export async function makePerson(name: string) {
  const id = nextId();
  await run("INSERT INTO persons (id, name, des) VALUES (?, ?, '')", id, name);
  await indexName('person', id, name);
  return id;
}

type Investor = { firm: number; name: string } | { person: number; name: string } | { com: string };

/** An event of `comId` on yyyymmdd `date` with its investors (a person investor gets their role row). */
export async function makeEvent(comId: number, date: number, investors: Investor[], opts: { scope?: string; money?: number } = {}) {
  const id = nextId();
  await run("INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, 2, ?, '数千万人民币', ?, ?)", id, comId, opts.money ?? 3000, date, opts.scope ?? '');
  for (const inv of investors) {
    if ('firm' in inv) await run("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, ?, 'invst')", id, inv.firm, inv.name);
    else if ('person' in inv) {
      await run("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, 0, ?, 'person')", id, inv.name);
      await run("INSERT INTO person_roles (id, person_id, com_id, role, position, event_id) VALUES (?, ?, ?, 'investor', '', ?)", nextId(), inv.person, comId, id);
    } else await run("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, 0, ?, 'com')", id, inv.com);
  }
  return id;
}

/** Closes `comId` on `close` with one reason, a team member (as a person) and a firm as investor. */
export async function closeCompany(comId: number, name: string, opts: { close: number; firm?: { id: number; name: string }; founder: number; founderName: string }) {
  const parent = nextId();
  const child = nextId();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO closure_types (id, p_id, name, sort) VALUES (?, 0, ?, 1), (?, ?, ?, 1)').bind(parent, '测试融资问题', child, parent, '测试现金流断裂'),
    env.DB.prepare(
      `INSERT INTO closures (com_id, com_name, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status, total_money, incense_total)
       VALUES (?, ?, '北京', 9801, 980101, 2, 20150601, ?, '已关闭', 5000, 12)`,
    ).bind(comId, name, opts.close),
    env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, ?, ?, ?)').bind(comId, child, parent, opts.close),
    env.DB.prepare("INSERT INTO closure_teams (id, com_id, name, position) VALUES (?, ?, ?, '创始人')").bind(nextId(), comId, opts.founderName),
    env.DB.prepare("INSERT INTO person_roles (id, person_id, com_id, role, position) VALUES (?, ?, ?, 'team', '创始人')").bind(nextId(), opts.founder, comId),
    ...(opts.firm ? [env.DB.prepare('INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, ?, ?)').bind(comId, opts.firm.id, opts.firm.name)] : []),
  ]);
  return { parent, child };
}

export async function makeTag(name: string, comIds: number[]) {
  const id = nextId();
  await run("INSERT INTO medical_tags (id, p_id, name, \"desc\") VALUES (?, 0, ?, '测试标签的简介')", id, name);
  for (const c of comIds) await run('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)', c, id);
  return id;
}

export async function makeNews(comId: number, comName: string, date: number, scope = '') {
  const id = nextId();
  await run("INSERT INTO news (id, title, url, source, com_id, com_name, scope, prov, date) VALUES (?, ?, 'https://news.example/1', '测试日报', ?, ?, ?, '北京', ?)", id, `${comName}完成新一轮融资`, comId, comName, scope, date);
  return id;
}

export async function makePolicy(title: string, opts: { region?: string; scope?: string; putTime: number }) {
  const id = nextId();
  await run("INSERT INTO policies (id, title, reference_number, region, scope, put_time) VALUES (?, ?, '测试〔2024〕1号', ?, ?, ?)", id, title, opts.region ?? '', opts.scope ?? '', opts.putTime);
  return id;
}
