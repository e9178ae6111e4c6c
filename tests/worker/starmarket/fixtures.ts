/**
 * Rows the STAR-market tests need, written straight to D1: the review states and disclosure types
 * of the seed, two sectors, and companies with their stages, financing, news and filings.
 * Ids come from one counter so the rows of different tests in a file never collide.
 */
import { env } from 'cloudflare:test';

let next = 70_000;
export const nextId = () => ++next;

export const SECTOR = { chip: 9701, chipSub: 970101, bio: 9702, bioSub: 970201 } as const;
export const STATE = { accepted: 1, inquired: 2, committee: 3, submitted: 4, registered: 5, issued: 6, suspended: 7, terminated: 8 } as const;
const STATE_NAMES = ['已受理', '已问询', '上市委会议', '提交注册', '注册生效', '已发行', '中止', '终止'];

export async function starTaxonomy() {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO sectors (id, parent_id, name) VALUES (9701, 0, '测试芯片'), (970101, 9701, '测试设计'), (9702, 0, '测试生物'), (970201, 9702, '测试制药')`,
    ),
    env.DB.prepare(`INSERT OR IGNORE INTO starmarket_states (id, name, sort) VALUES ${STATE_NAMES.map((n, i) => `(${i + 1}, '${n}', ${i + 1})`).join(', ')}`),
    env.DB.prepare(`INSERT OR IGNORE INTO disclosure_types (id, name) VALUES (1, '招股说明书'), (2, '审核问询函'), (3, '问询函回复')`),
    env.DB.prepare(`INSERT OR IGNORE INTO rounds (id, name) VALUES (1, '天使轮'), (2, 'A轮'), (3, 'B轮'), (4, 'IPO')`),
  ]);
}

export interface StarSpec {
  name?: string;
  prov?: string;
  catId?: number;
  /** The review state reached; 6 makes a listed company. */
  state?: number;
  /** yyyymmdd of each stage reached, in order; a stopped company (7/8) gets its stop stage last. */
  stageDays?: number[];
  acceptance?: number;
  totalMoney?: number;
  countMoney?: number;
  /** Financing events, newest last: [yyyymmdd, money, investors as [invst_id, name]]. */
  events?: [number, number, [number, string][]][];
  news?: [number, string][];
  /** Filings: [type_id, file name, yyyymmdd]. */
  filings?: [number, string, number][];
  logo?: string;
}

export interface MadeStar {
  mComId: number;
  comId: number;
  name: string;
  eventIds: number[];
}

/** Statements for one company; run many through `makeStars` for volume. */
function starStatements(s: StarSpec): { made: MadeStar; stmts: D1PreparedStatement[] } {
  const mComId = nextId();
  const comId = nextId();
  const name = s.name ?? `科创测试${mComId}`;
  const state = s.state ?? STATE.inquired;
  const listed = state === STATE.issued ? 1 : 0;
  const catId = s.catId ?? SECTOR.chip;
  const seCatId = catId === SECTOR.chip ? SECTOR.chipSub : SECTOR.bioSub;
  const acceptance = s.acceptance ?? s.stageDays?.[0] ?? 20240110;
  const days = s.stageDays ?? [acceptance];
  const events = s.events ?? [];
  const lastEvent = events.length ? events[events.length - 1][0] : 0;
  const stmts: D1PreparedStatement[] = [
    env.DB.prepare(
      `INSERT INTO companies (id, name, full_name, logo, slogan, des, url, prov, city, cat_id, se_cat_id, born_year, born_month, round_id, total_money, last_invse_date)
       VALUES (?, ?, ?, ?, '做芯片的公司', '一家做芯片的测试公司', 'https://example.com', ?, '测试市', ?, ?, 2012, 5, ?, ?, ?)`,
    ).bind(comId, name, `${name}股份有限公司`, s.logo ?? '', s.prov ?? '北京', catId, seCatId, events.length ? 3 : 0, s.totalMoney ?? 0, lastEvent),
    env.DB.prepare(
      `INSERT INTO starmarket_companies (m_com_id, com_id, com_name, com_registered_name, com_slogan, com_prov, com_city, cat_id, se_cat_id, state_id, is_listed,
         acceptance_time, acceptance_update_time, plan_issue_capital, count_money, money, total_money, organization_name, representative, accounting_firm, accountant,
         law_firm, lawyer, evaluator_firm, evaluator)
       VALUES (?, ?, ?, ?, '做芯片的公司', ?, '测试市', ?, ?, ?, ?, ?, ?, 125000, ?, ?, ?, '测试证券', '张三、李四', '测试会计师事务所', '王五', '测试律师事务所', '赵六', '测试评估', '钱七')`,
    ).bind(mComId, comId, name, `${name}股份有限公司`, s.prov ?? '北京', catId, seCatId, state, listed, acceptance, days[days.length - 1], s.countMoney ?? 0, listed ? 90000 : 0, s.totalMoney ?? 0),
  ];
  const stopped = state === STATE.suspended || state === STATE.terminated;
  const stageRows: [number, string, number, number][] = [];
  if (stopped) {
    days.slice(0, -1).forEach((d, i) => stageRows.push([i + 1, STATE_NAMES[i], d, i + 1]));
    stageRows.push([days.length, STATE_NAMES[state - 1], days[days.length - 1], state]);
  } else {
    for (let i = 0; i < 6; i++) stageRows.push([i + 1, STATE_NAMES[i], days[i] ?? 0, i + 1]);
  }
  for (const [seq, n, d, st] of stageRows) {
    stmts.push(env.DB.prepare('INSERT INTO starmarket_stages (m_com_id, seq, state_sub_name, time, state) VALUES (?, ?, ?, ?, ?)').bind(mComId, seq, n, d, st));
  }
  const eventIds: number[] = [];
  for (const [date, money, investors] of events) {
    const eid = nextId();
    eventIds.push(eid);
    stmts.push(env.DB.prepare('INSERT INTO invest_events (id, com_id, round_id, money, date) VALUES (?, ?, 3, ?, ?)').bind(eid, comId, money, date));
    for (const [iid, iname] of investors) {
      stmts.push(env.DB.prepare(`INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, ?, ?)`).bind(eid, iid, iname, iid ? 'invst' : 'unstruct'));
    }
  }
  for (const [date, title] of s.news ?? []) {
    stmts.push(env.DB.prepare('INSERT INTO news (id, title, url, com_id, com_name, date) VALUES (?, ?, ?, ?, ?, ?)').bind(nextId(), title, `https://news.example.com/${nextId()}`, comId, name, date));
  }
  for (const [type, file, date] of s.filings ?? []) {
    const id = nextId();
    stmts.push(env.DB.prepare('INSERT INTO disclosures (id, m_com_id, type_id, file_name, url, disclosure_time) VALUES (?, ?, ?, ?, ?, ?)').bind(id, mComId, type, file, `https://static.example.com/${id}.pdf`, date));
  }
  return { made: { mComId, comId, name, eventIds }, stmts };
}

export async function makeStar(s: StarSpec = {}): Promise<MadeStar> {
  const { made, stmts } = starStatements(s);
  await env.DB.batch(stmts);
  return made;
}

export async function makeStars(specs: StarSpec[]): Promise<MadeStar[]> {
  const built = specs.map(starStatements);
  const all = built.flatMap((b) => b.stmts);
  for (let i = 0; i < all.length; i += 500) await env.DB.batch(all.slice(i, i + 500));
  return built.map((b) => b.made);
}

export async function makeFirm(name: string, logo = ''): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO invest_firms (id, name, logo) VALUES (?, ?, ?)').bind(id, name, logo).run();
  return id;
}

export async function makeRule(title: string, putTime: number): Promise<number> {
  const id = nextId();
  await env.DB.prepare(`INSERT INTO policies (id, title, reference_number, region, put_time) VALUES (?, ?, '上证发〔2019〕1号', '科创板', ?)`).bind(id, title, putTime).run();
  return id;
}
