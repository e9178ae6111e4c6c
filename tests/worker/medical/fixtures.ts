/**
 * Healthcare rows the medical tests need, written straight to D1: a two-level atlas, healthcare
 * companies with events, investors (firms, FAs), news, policies, broker reports and IPOs.
 * Ids come from one counter; names carry the id so a test finds exactly its own rows.
 */
import { env } from 'cloudflare:test';

let next = 70_000;
export const nextId = () => ++next;

export const SCOPE = '医疗健康';

export async function baseRounds() {
  await env.DB.prepare(`INSERT OR IGNORE INTO rounds (id, name) VALUES (1, '天使轮'), (2, 'A轮'), (3, 'B轮'), (15, 'IPO上市')`).run();
}

/** A field (p_id 0) with child tags; returns their ids. */
export async function makeAtlas(children = 2): Promise<{ field: number; tags: number[]; fieldName: string; tagNames: string[] }> {
  const field = nextId();
  const tags = Array.from({ length: children }, () => nextId());
  const fieldName = `测试领域${field}`;
  const tagNames = tags.map((t) => `测试标签${t}`);
  await env.DB.batch([
    env.DB.prepare('INSERT INTO medical_tags (id, p_id, name, desc) VALUES (?, 0, ?, ?)').bind(field, fieldName, `${fieldName}的简介`),
    ...tags.map((t, i) => env.DB.prepare('INSERT INTO medical_tags (id, p_id, name, desc) VALUES (?, ?, ?, ?)').bind(t, field, tagNames[i], `${tagNames[i]}的简介`)),
  ]);
  return { field, tags, fieldName, tagNames };
}

export interface CompanySpec {
  name?: string;
  prov?: string;
  medical?: boolean;
  totalMoney?: number;
  valuation?: number;
  born?: [number, number];
  lastInvse?: number;
  tags?: number[];
}

export function companyStatements(s: CompanySpec = {}): { id: number; stmts: D1PreparedStatement[] } {
  const id = nextId();
  const name = s.name ?? `测试医疗公司${id}`;
  const stmts = [
    env.DB.prepare(
      `INSERT INTO companies (id, name, full_name, logo, des, prov, city, cat_id, se_cat_id, born_year, born_month, total_money, valuation, last_invse_date, is_medical)
       VALUES (?, ?, ?, '', ?, ?, '', 4, 401, ?, ?, ?, ?, ?, ?)`,
    ).bind(id, name, `${name}有限公司`, `${name}的简介`, s.prov ?? '北京', s.born?.[0] ?? 2018, s.born?.[1] ?? 6, s.totalMoney ?? 0, s.valuation ?? 0, s.lastInvse ?? 0, s.medical === false ? 0 : 1),
    ...(s.tags ?? []).map((t) => env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(id, t)),
  ];
  return { id, stmts };
}

export async function makeCompany(s: CompanySpec = {}): Promise<number> {
  const { id, stmts } = companyStatements(s);
  await env.DB.batch(stmts);
  return id;
}

export async function makeFirm(opts: { fa?: boolean; name?: string } = {}): Promise<{ id: number; name: string }> {
  const id = nextId();
  const name = opts.name ?? `${opts.fa ? '测试财务顾问' : '测试资本'}${id}`;
  await env.DB.prepare('INSERT INTO invest_firms (id, name, logo, des, is_fa) VALUES (?, ?, \'\', ?, ?)').bind(id, name, `${name}简介`, opts.fa ? 1 : 0).run();
  return { id, name };
}

export interface EventSpec {
  comId: number;
  date: number;
  money?: number;
  roundId?: number;
  scope?: string;
  investors?: { id: number; name: string }[];
  guess?: string;
}

export function eventStatements(s: EventSpec): { id: number; stmts: D1PreparedStatement[] } {
  const id = nextId();
  return {
    id,
    stmts: [
      env.DB.prepare('INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(
        id,
        s.comId,
        s.roundId ?? 2,
        s.money ?? 1000,
        s.guess ?? '',
        s.date,
        s.scope ?? SCOPE,
      ),
      ...(s.investors ?? []).map((f) => env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, ?, 'invst')").bind(id, f.id, f.name)),
    ],
  };
}

export async function makeEvent(s: EventSpec): Promise<number> {
  const { id, stmts } = eventStatements(s);
  await env.DB.batch(stmts);
  return id;
}

export async function makeNews(s: { comId?: number; comName?: string; date: number; scope?: string; title?: string }): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO news (id, title, url, com_id, com_name, scope, prov, date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(id, s.title ?? `测试医疗新闻${id}`, `https://example.com/news/${id}`, s.comId ?? 0, s.comName ?? '', s.scope ?? SCOPE, '北京', s.date)
    .run();
  return id;
}

export async function makePolicy(s: { date: number; scope?: string; title?: string }): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO policies (id, title, reference_number, region, scope, put_time) VALUES (?, ?, ?, \'\', ?, ?)')
    .bind(id, s.title ?? `测试医疗政策${id}`, `国卫发〔2025〕${id}号`, s.scope ?? SCOPE, s.date)
    .run();
  return id;
}

export async function makeBrokerReport(date: number): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO broker_reports (id, name, title, url, time) VALUES (?, ?, ?, ?, ?)')
    .bind(id, '测试证券', `医药行业周报${id}`, `https://example.com/report/${id}.pdf`, date)
    .run();
  return id;
}

export async function makeIpo(s: { comId: number; platform: number; money: number; valuation: string; date?: number }): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO medical_ipos (id, com_id, ipo_platform, time, money, valuation) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(id, s.comId, s.platform, s.date ?? 20240301, s.money, s.valuation)
    .run();
  return id;
}
