/**
 * Closed-company exports (the down_type values of /closure/closure_down). The filter SQL is written
 * here against the closures table and its link tables, so an export always lists the same rows
 * the check counted.
 */
import { z } from 'zod';
import { likeAnywhere, optInt, optText, reqId } from '../lib/params';
import { slice } from './schemas';
import type { ExportColumn, ExportKind, ExportQuery } from './types';

/** Ranking exports are the top 100, as on /deathRank. */
export const RANKING_SIZE = 100;

const listFilters = {
  com_prov: optText('省份', 20),
  cat_id: optInt('行业', 0, 2_147_483_647),
  fund_status: optInt('融资轮次', 0, 2_147_483_647),
  keyword: optText('关键词', 50),
  sort: optInt('排序方式', 1, 3),
  ...slice,
};

const closureList = z.object(listFilters);
type ClosureList = z.infer<typeof closureList>;

/** Sort ids of the closed-company list: 1 closing date, 2 founding date, 3 survival time; newest / longest first. */
const SORT_KEY: Record<number, string> = { 1: 'c.close_date', 2: 'c.born_date', 3: 'c.survival_months' };

const COLUMNS: ExportColumn[] = [
  { key: 'com_name', header: '公司名称', width: 24, type: 'text' },
  { key: 'cat_name', header: '行业', width: 12, type: 'text' },
  { key: 'se_cat_name', header: '子行业', width: 14, type: 'text' },
  { key: 'com_prov', header: '地区', width: 10, type: 'text' },
  { key: 'born_date', header: '成立时间', width: 12, type: 'date' },
  { key: 'close_date', header: '关闭时间', width: 12, type: 'date' },
  { key: 'survival_months', header: '存活时间(月)', width: 13, type: 'number' },
  { key: 'round_name', header: '融资轮次', width: 12, type: 'text' },
  { key: 'total_money', header: '融资总额(万元)', width: 16, type: 'number' },
  { key: 'valuation', header: '估值(万元)', width: 14, type: 'number' },
  { key: 'reasons', header: '关闭原因', width: 32, type: 'text' },
  { key: 'operating_status', header: '运营状态', width: 12, type: 'text' },
  { key: 'investors', header: '投资机构', width: 32, type: 'text' },
  { key: 'com_des', header: '公司简介', width: 60, type: 'text' },
];

/** 排名 is the company's place by the ranking's measure, whatever order the file is in. */
const RANKED_COLUMNS: ExportColumn[] = [{ key: 'measure_rank', header: '排名', width: 8, type: 'number' }, ...COLUMNS];

const SELECT = `c.com_name, s1.name AS cat_name, s2.name AS se_cat_name, c.com_prov, c.born_date, c.close_date,
  c.survival_months, r.name AS round_name, c.total_money, c.valuation,
  (SELECT group_concat(COALESCE(tp.name || '-', '') || t.name, '、')
     FROM closure_company_types x JOIN closure_types t ON t.id = x.type_id LEFT JOIN closure_types tp ON tp.id = t.p_id
    WHERE x.com_id = c.com_id) AS reasons,
  c.operating_status,
  (SELECT group_concat(i.invst_name, '、') FROM closure_investors i WHERE i.com_id = c.com_id) AS investors,
  c.com_des`;

const JOINS = `LEFT JOIN sectors s1 ON s1.id = c.cat_id LEFT JOIN sectors s2 ON s2.id = c.se_cat_id
  LEFT JOIN rounds r ON r.id = c.fund_status_id`;

/** The list filters shared by the home list and the rankings. */
function filterWhere(p: { com_prov?: string; cat_id?: number; fund_status?: number; keyword?: string }) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (p.com_prov) add('c.com_prov = ?', p.com_prov);
  if (p.cat_id) add('c.cat_id = ?', p.cat_id);
  if (p.fund_status) add('c.fund_status_id = ?', p.fund_status);
  if (p.keyword) {
    // As the list does (closure/list.ts nameMatches): trigram FTS for 3+ characters, LIKE below that.
    if ([...p.keyword].length >= 3) add('c.com_id IN (SELECT rowid FROM closure_name_fts WHERE closure_name_fts MATCH ?)', `"${p.keyword.replace(/"/g, '""')}"`);
    else add("c.com_name LIKE ? ESCAPE '\\'", likeAnywhere(p.keyword));
  }
  return { where, params };
}

const byClosingDate = (where: string[], params: unknown[]): ExportQuery => ({
  from: 'closures c',
  joins: JOINS,
  where,
  params,
  key: ['c.close_date', 'c.com_id'],
  dir: 'DESC',
  select: SELECT,
});

async function nameOf(d1: D1Database, sql: string, id: number): Promise<string> {
  const row = await d1.prepare(sql).bind(id).first<{ name: string }>();
  return row?.name ?? String(id);
}

/** down_type 0: the whole closed-company list with the home page's filters and sort. */
export const closureAll: ExportKind<ClosureList> = {
  name: 'closure',
  level: 'login',
  params: closureList,
  columns: COLUMNS,
  title: async () => '死亡公司数据',
  query(p) {
    const { where, params } = filterWhere(p);
    return { ...byClosingDate(where, params), key: [SORT_KEY[p.sort ?? 1], 'c.com_id'] };
  },
};

const reasonParams = z.object({ type_id: reqId('死亡原因 type_id'), ...slice });

/**
 * Companies of a link table (reason, track, album), read through its (id, close_date, com_id)
 * index and joined to closures by primary key: only the linked companies are touched.
 */
const byLink = (from: string, where: string, id: number, distinct = false): ExportQuery => ({
  ...byClosingDate([where], [id]),
  from,
  joins: `JOIN closures c ON c.com_id = x.com_id ${JOINS}`,
  key: ['x.close_date', 'x.com_id'],
  distinct,
});

/** down_type 1: companies of a closing reason; a parent reason means all of its children. */
export const closureReason: ExportKind<z.infer<typeof reasonParams>> = {
  name: 'closure_reason',
  // The reason page's company list is members-only; its export is too.
  level: 'vip',
  params: reasonParams,
  columns: COLUMNS,
  title: async (d1, p) => `死亡原因-${await nameOf(d1, 'SELECT name FROM closure_types WHERE id = ?', p.type_id)}`,
  async query(p, d1) {
    const reason = await d1.prepare('SELECT p_id FROM closure_types WHERE id = ?').bind(p.type_id).first<{ p_id: number }>();
    // A company can sit under two children of one parent: the parent's rows are grouped per company.
    return reason?.p_id === 0
      ? byLink('closure_company_types x', 'x.p_id = ?', p.type_id, true)
      : byLink('closure_company_types x', 'x.type_id = ?', p.type_id);
  },
};

const itemParams = z.object({ item_id: reqId('item_id'), ...slice });

/** down_type 2: companies of a track. */
export const closureTrack: ExportKind<z.infer<typeof itemParams>> = {
  name: 'closure_track',
  level: 'login',
  params: itemParams,
  columns: COLUMNS,
  title: async (d1, p) => `死亡赛道-${await nameOf(d1, 'SELECT tag_name AS name FROM closure_tracks WHERE tag_id = ?', p.item_id)}`,
  query: (p) => byLink('closure_company_tracks x', 'x.tag_id = ?', p.item_id),
};

/** down_type 3: companies of an album. */
export const closureAlbum: ExportKind<z.infer<typeof itemParams>> = {
  name: 'closure_album',
  level: 'login',
  params: itemParams,
  columns: COLUMNS,
  title: async (d1, p) => `死亡专辑-${await nameOf(d1, 'SELECT album_name AS name FROM closure_albums WHERE album_id = ?', p.item_id)}`,
  query: (p) => byLink('closure_company_albums x', 'x.album_id = ?', p.item_id),
};

/** A ranking takes the list's filters and sort; the sort orders its top 100 (as on /deathRank). */
const rankingParams = z.object(listFilters);
type RankingParams = z.infer<typeof rankingParams>;

/**
 * The same rows in the same order as the ranking page (closure/rankings.ts): the top 100 by the
 * measure, read from the head of its index (LIMIT 100) along with the sort key and numbered by the
 * measure, then ordered by the sort key (absent: the measure) and com_id, both desc. The keyset
 * reader runs on that set of at most 100 rows; closures is joined by primary key for the columns.
 */
function ranking(measure: 'c.total_money' | 'c.valuation', p: RankingParams, extra: string[] = [], extraParams: unknown[] = []): ExportQuery {
  const { where, params } = filterWhere(p);
  const conds = [...where, `${measure} > 0`, ...extra];
  const sortKey = p.sort ? SORT_KEY[p.sort] : measure;
  const members = `SELECT c.com_id, ${measure} AS measure, ${sortKey} AS sort_key FROM closures c
    WHERE ${conds.join(' AND ')} ORDER BY ${measure} DESC, c.com_id DESC LIMIT ${RANKING_SIZE}`;
  return {
    from: `(SELECT com_id, sort_key, row_number() OVER (ORDER BY measure DESC, com_id DESC) AS measure_rank FROM (${members})) top`,
    joins: `JOIN closures c ON c.com_id = top.com_id ${JOINS}`,
    where: [],
    params: [...params, ...extraParams],
    key: ['top.sort_key', 'top.com_id'],
    dir: 'DESC',
    select: `top.measure_rank, ${SELECT}`,
    limit: RANKING_SIZE,
  };
}

/** down_type 4: financing total top 100. */
export const closureAmountTop: ExportKind<RankingParams> = {
  name: 'closure_amount_top',
  level: 'login',
  params: rankingParams,
  columns: RANKED_COLUMNS,
  title: async () => '烧钱榜-融资总额TOP100',
  query: (p) => ranking('c.total_money', p),
};

/** down_type 5: valuation top 100. */
export const closureValuationTop: ExportKind<RankingParams> = {
  name: 'closure_valuation_top',
  level: 'login',
  params: rankingParams,
  columns: RANKED_COLUMNS,
  title: async () => '烧钱榜-估值TOP100',
  query: (p) => ranking('c.valuation', p),
};

const horseUnicornParams = z.object({
  ...listFilters,
  horse_unicorn: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.union([z.literal(1), z.literal(2)], { message: 'horse_unicorn 必须是 1（千里马）或 2（独角兽）' }),
  ),
});

/** down_type 6: horse (千里马, horse_unicorn 1) or unicorn (独角兽, 2) by valuation, top 100. */
export const closureHorseUnicorn: ExportKind<z.infer<typeof horseUnicornParams>> = {
  name: 'closure_horse_unicorn',
  level: 'login',
  params: horseUnicornParams,
  columns: RANKED_COLUMNS,
  title: async (_d1, p) => (p.horse_unicorn === 1 ? '烧钱榜-千里马TOP100' : '烧钱榜-独角兽TOP100'),
  query: (p) => ranking('c.valuation', p, ['c.horse_unicorn = ?'], [p.horse_unicorn]),
};
