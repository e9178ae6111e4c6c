/**
 * Rows the closed-company tests need, written straight to D1. Ids come from one counter so
 * fixtures of different tests in a file never collide; names carry the id so a test can find
 * exactly its own rows.
 */
import { env } from 'cloudflare:test';

let next = 5000;
export const nextId = () => ++next;

/** Sector 9100 (测试电商) with sub-sector 9101, sector 9200 (测试金融) with 9201; rounds 1-3. */
export const SECTOR = { shop: 9100, shopSub: 9101, finance: 9200, financeSub: 9201 } as const;

export async function baseTaxonomy() {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO sectors (id, parent_id, name) VALUES (9100, 0, '测试电商'), (9101, 9100, '测试社区电商'), (9200, 0, '测试金融'), (9201, 9200, '测试网贷')`,
    ),
    env.DB.prepare(`INSERT OR IGNORE INTO rounds (id, name) VALUES (1, '天使轮'), (2, 'A轮'), (3, 'B轮')`),
  ]);
}

export interface ClosureSpec {
  name?: string;
  prov?: string;
  catId?: number;
  seCatId?: number;
  fundStatusId?: number;
  born?: number;
  close?: number;
  status?: string;
  totalMoney?: number;
  valuation?: number;
  horseUnicorn?: 0 | 1 | 2;
  des?: string;
  reasons?: { id: number; pId: number }[];
  tracks?: number[];
  albums?: number[];
  tags?: { id: number; name: string }[];
  team?: string[];
  investors?: { id: number; name: string }[];
}

/** A closed company with its links; returns com_id. */
export async function makeClosure(s: ClosureSpec = {}): Promise<number> {
  const { id, stmts } = closureStatements(s);
  await env.DB.batch(stmts);
  return id;
}

/** Many companies in few batches (for volume); returns their com_ids in order. */
export async function makeClosures(specs: ClosureSpec[]): Promise<number[]> {
  const built = specs.map(closureStatements);
  const all = built.flatMap((b) => b.stmts);
  for (let i = 0; i < all.length; i += 1000) await env.DB.batch(all.slice(i, i + 1000));
  return built.map((b) => b.id);
}

function closureStatements(s: ClosureSpec): { id: number; stmts: D1PreparedStatement[] } {
  const id = nextId();
  const close = s.close ?? 20190615;
  const stmts = [
    env.DB.prepare(
      `INSERT INTO closures (com_id, com_name, logo, com_des, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date,
         operating_status, total_money, valuation, horse_unicorn)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      s.name ?? `测试公司${id}`,
      `https://logo.example/${id}.png`,
      s.des ?? `测试公司${id}的简介`,
      s.prov ?? '北京',
      s.catId ?? SECTOR.shop,
      s.seCatId ?? SECTOR.shopSub,
      s.fundStatusId ?? 1,
      s.born ?? 20150301,
      close,
      s.status ?? '已关闭',
      s.totalMoney ?? 0,
      s.valuation ?? 0,
      s.horseUnicorn ?? 0,
    ),
  ];
  for (const r of s.reasons ?? []) {
    stmts.push(env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, ?, ?, ?)').bind(id, r.id, r.pId, close));
  }
  for (const t of s.tracks ?? []) stmts.push(env.DB.prepare('INSERT INTO closure_company_tracks (com_id, tag_id, close_date) VALUES (?, ?, ?)').bind(id, t, close));
  for (const a of s.albums ?? []) stmts.push(env.DB.prepare('INSERT INTO closure_company_albums (com_id, album_id, close_date) VALUES (?, ?, ?)').bind(id, a, close));
  for (const t of s.tags ?? []) stmts.push(env.DB.prepare('INSERT INTO closure_company_tags (com_id, tag_id, tag_name) VALUES (?, ?, ?)').bind(id, t.id, t.name));
  for (const name of s.team ?? []) stmts.push(env.DB.prepare('INSERT INTO closure_teams (id, com_id, name, position) VALUES (?, ?, ?, ?)').bind(nextId(), id, name, '创始人'));
  for (const i of s.investors ?? []) {
    stmts.push(env.DB.prepare('INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, ?, ?)').bind(id, i.id, i.name));
  }
  return { id, stmts };
}

/** A parent reason with `children` second-level reasons. */
export async function makeReasons(children = 2): Promise<{ parent: number; children: number[] }> {
  const parent = nextId();
  const ids = Array.from({ length: children }, () => nextId());
  await env.DB.batch([
    env.DB.prepare('INSERT INTO closure_types (id, p_id, name, sort) VALUES (?, 0, ?, ?)').bind(parent, `测试原因${parent}`, parent),
    ...ids.map((id, i) => env.DB.prepare('INSERT INTO closure_types (id, p_id, name, sort) VALUES (?, ?, ?, ?)').bind(id, parent, `测试子原因${id}`, i + 1)),
  ]);
  return { parent, children: ids };
}

export async function makeTrack(): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO closure_tracks (tag_id, tag_name, sort) VALUES (?, ?, ?)').bind(id, `测试赛道${id}`, id).run();
  return id;
}

export async function makeAlbum(): Promise<number> {
  const id = nextId();
  await env.DB.prepare('INSERT INTO closure_albums (album_id, album_name, des, sort) VALUES (?, ?, ?, ?)').bind(id, `测试专辑${id}`, '专辑说明', id).run();
  return id;
}

export async function makeFirm(name?: string): Promise<{ id: number; name: string }> {
  const id = nextId();
  const n = name ?? `测试资本${id}`;
  await env.DB.prepare('INSERT INTO invest_firms (id, name, logo) VALUES (?, ?, ?)').bind(id, n, `https://logo.example/firm${id}.png`).run();
  return { id, name: n };
}

export interface NewsSpec {
  title?: string;
  comName?: string;
  prov?: string;
  catId?: number;
  date?: number;
  isClosure?: 0 | 1;
}

export async function makeNews(s: NewsSpec = {}): Promise<number> {
  const id = nextId();
  await env.DB.prepare(
    `INSERT INTO news (id, title, url, main_url, source, com_id, com_name, logo, cat_id, prov, date, is_closure)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, s.title ?? `测试新闻${id}`, `https://news.example/${id}`, 'https://news.example', '测试来源', 0, s.comName ?? `新闻公司${id}`, '', s.catId ?? SECTOR.shop, s.prov ?? '北京', s.date ?? 20200101, s.isClosure ?? 1)
    .run();
  return id;
}

export async function count(sql: string, ...params: unknown[]): Promise<number> {
  const r = await env.DB.prepare(sql).bind(...params).first<{ n: number }>();
  return r?.n ?? 0;
}
