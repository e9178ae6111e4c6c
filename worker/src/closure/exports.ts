/**
 * The closed-company export kinds (the down_type values of /closure/closure_down), built on the
 * area's one selection (select.ts) so an export lists exactly the rows, in the order, of the page
 * it was started from. Registered with the export pipeline in exports/kinds.ts.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { closureAlbums, closureCompanyAlbums, closureCompanyTracks, closureCompanyTypes, closures, closureTracks, closureTypes, rounds, sectors } from '../db';
import { slice } from '../exports/schemas';
import type { ExportColumn, ExportKind, ExportQuery } from '../exports/types';
import type { Db } from '../env';
import { decimalOnly, optInt, reqId } from '../lib/params';
import { CLOSURE_DOWN_KINDS, HORSE_UNICORN, RANKING_SIZE } from './constants';
import { listQuery, rankingQuery } from './schemas';
import { closureConditions, closureSortKey, SORT_COLUMNS } from './select';

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

// In raw SQL an alias renders as its name only: the FROM and JOIN pieces say `<table> AS <alias>` themselves.
const s1 = alias(sectors, 's1');
const s2 = alias(sectors, 's2');

// The reasons and investors cells are correlated group_concat subqueries, raw SQL: drizzle's
// builder has no aggregate-with-separator inside a select list of another query.
const SELECT = sql`${closures.comName} AS com_name, ${s1.name} AS cat_name, ${s2.name} AS se_cat_name, ${closures.comProv} AS com_prov,
  ${closures.bornDate} AS born_date, ${closures.closeDate} AS close_date, ${closures.survivalMonths} AS survival_months,
  ${rounds.name} AS round_name, ${closures.totalMoney} AS total_money, ${closures.valuation} AS valuation,
  (SELECT group_concat(COALESCE(tp.name || '-', '') || t.name, '、')
     FROM closure_company_types r JOIN closure_types t ON t.id = r.type_id LEFT JOIN closure_types tp ON tp.id = t.p_id
    WHERE r.com_id = ${closures.comId}) AS reasons,
  ${closures.operatingStatus} AS operating_status,
  (SELECT group_concat(i.invst_name, '、') FROM closure_investors i WHERE i.com_id = ${closures.comId}) AS investors,
  ${closures.comDes} AS com_des`;

const JOINS = sql`LEFT JOIN ${sectors} AS s1 ON ${s1.id} = ${closures.catId} LEFT JOIN ${sectors} AS s2 ON ${s2.id} = ${closures.seCatId}
  LEFT JOIN ${rounds} ON ${rounds.id} = ${closures.fundStatusId}`;

const { page: _page, ...filterFields } = listQuery.shape;
/** The home list's own filter fields and sort (sort optional: absent is the list's default), plus the file slice. */
const listParams = z.object({ ...filterFields, sort: optInt('排序方式', 1, 3), ...slice });
type ListParams = z.infer<typeof listParams>;

/** down_type 0: the whole closed-company list with the home page's filters and sort. */
export const closureAll: ExportKind<ListParams> = {
  name: CLOSURE_DOWN_KINDS[0],
  level: 'login',
  params: listParams,
  columns: COLUMNS,
  title: async () => '死亡公司数据',
  query: (p) => ({
    from: sql`${closures}`,
    joins: JOINS,
    where: closureConditions(p),
    key: [...closureSortKey((p.sort ?? 1) as 1 | 2 | 3)].map((c) => sql`${c}`),
    dir: 'DESC',
    select: SELECT,
  }),
};

/**
 * Companies of a link table (reason, track, album), read through its (id, close_date, com_id)
 * index and joined to closures by primary key: only the linked companies are touched.
 */
function byLink(
  link: { table: SQL; comId: SQLiteColumn; closeDate: SQLiteColumn },
  where: SQL,
  distinct = false,
): ExportQuery {
  return {
    from: link.table,
    joins: sql`JOIN ${closures} ON ${closures.comId} = ${link.comId} ${JOINS}`,
    where: [where],
    key: [sql`${link.closeDate}`, sql`${link.comId}`],
    dir: 'DESC',
    select: SELECT,
    distinct,
  };
}

const reasonLinks = alias(closureCompanyTypes, 'x');
const trackLinks = alias(closureCompanyTracks, 'x');
const albumLinks = alias(closureCompanyAlbums, 'x');

/** A file titled `<prefix>-<name>` by the name of the row it exports the companies of (its id, should the row have gone). */
function titleByName<P>(prefix: string, table: SQLiteTable, name: SQLiteColumn, id: SQLiteColumn, idOf: (p: P) => number) {
  return async (db: Db, p: P) => {
    const row = await db.select({ name }).from(table).where(eq(id, idOf(p))).get();
    return `${prefix}-${row?.name ?? idOf(p)}`;
  };
}

const reasonParams = z.object({ type_id: reqId('死亡原因 type_id'), ...slice });

/** down_type 1: companies of a closing reason; a parent reason means all of its children. */
export const closureReason: ExportKind<z.infer<typeof reasonParams>> = {
  name: CLOSURE_DOWN_KINDS[1],
  // The reason page's company list is members-only; its export is too.
  level: 'vip',
  params: reasonParams,
  columns: COLUMNS,
  title: titleByName('死亡原因', closureTypes, closureTypes.name, closureTypes.id, (p) => p.type_id),
  async query(p, db) {
    const reason = await db.select({ pId: closureTypes.pId }).from(closureTypes).where(eq(closureTypes.id, p.type_id)).get();
    const link = { table: sql`${closureCompanyTypes} AS x`, comId: reasonLinks.comId, closeDate: reasonLinks.closeDate };
    // A company can sit under two children of one parent: the parent's rows are grouped per company.
    return reason?.pId === 0 ? byLink(link, eq(reasonLinks.pId, p.type_id), true) : byLink(link, eq(reasonLinks.typeId, p.type_id));
  },
};

const itemParams = z.object({ item_id: reqId('item_id'), ...slice });
type ItemParams = z.infer<typeof itemParams>;

/** The export of one item's companies (a track or an album), through its link table aliased x. */
const itemKind = (name: string, title: ExportKind<ItemParams>['title'], links: SQLiteTable, x: { comId: SQLiteColumn; closeDate: SQLiteColumn; item: SQLiteColumn }): ExportKind<ItemParams> => ({
  name,
  level: 'login',
  params: itemParams,
  columns: COLUMNS,
  title,
  query: (p) => byLink({ table: sql`${links} AS x`, comId: x.comId, closeDate: x.closeDate }, eq(x.item, p.item_id)),
});

/** down_type 2: companies of a track. */
export const closureTrack = itemKind(
  CLOSURE_DOWN_KINDS[2],
  titleByName('死亡赛道', closureTracks, closureTracks.tagName, closureTracks.tagId, (p: ItemParams) => p.item_id),
  closureCompanyTracks,
  { comId: trackLinks.comId, closeDate: trackLinks.closeDate, item: trackLinks.tagId },
);

/** down_type 3: companies of an album. */
export const closureAlbum = itemKind(
  CLOSURE_DOWN_KINDS[3],
  titleByName('死亡专辑', closureAlbums, closureAlbums.albumName, closureAlbums.albumId, (p: ItemParams) => p.item_id),
  closureCompanyAlbums,
  { comId: albumLinks.comId, closeDate: albumLinks.closeDate, item: albumLinks.albumId },
);

/** A ranking takes the ranking page's filters and sort; the sort orders its top 100 (as on /deathRank). */
const { page: _rp, per_page: _rpp, ...rankingFields } = rankingQuery.shape;
const rankingParams = z.object({ ...rankingFields, ...slice });
type RankingParams = z.infer<typeof rankingParams>;

/**
 * The same rows in the same order as the ranking page (closure/rankings.ts): the top 100 by the
 * measure, read from the head of its index (LIMIT 100) along with the sort key and numbered by the
 * measure, then ordered by the sort key (absent: the measure) and com_id, both desc. The keyset
 * reader runs on that set of at most 100 rows; closures is joined by primary key for the columns.
 * (Raw SQL around the members: row_number() OVER has no drizzle builder form.)
 */
function ranking(measure: typeof closures.totalMoney | typeof closures.valuation, p: RankingParams, extra: SQL[] = []): ExportQuery {
  const where = and(gt(measure, 0), ...extra, ...closureConditions({ cat_id: p.cat_id, com_prov: p.com_prov }));
  const sortKey = p.sort ? SORT_COLUMNS[p.sort] : measure;
  // The inner "closures" is the subquery's own: SQLite resolves it to the nearest FROM.
  const members = sql`SELECT ${closures.comId} AS com_id, ${measure} AS measure, ${sortKey} AS sort_key FROM ${closures}
    WHERE ${where} ORDER BY ${measure} DESC, ${closures.comId} DESC LIMIT ${sql.raw(String(RANKING_SIZE))}`;
  return {
    from: sql`(SELECT com_id, sort_key, row_number() OVER (ORDER BY measure DESC, com_id DESC) AS measure_rank FROM (${members})) top`,
    joins: sql`JOIN ${closures} ON ${closures.comId} = top.com_id ${JOINS}`,
    where: [],
    key: [sql`top.sort_key`, sql`top.com_id`],
    dir: 'DESC',
    select: sql`top.measure_rank, ${SELECT}`,
    limit: RANKING_SIZE,
  };
}

/** down_type 4: financing total top 100. */
export const closureAmountTop: ExportKind<RankingParams> = {
  name: CLOSURE_DOWN_KINDS[4],
  level: 'login',
  params: rankingParams,
  columns: RANKED_COLUMNS,
  title: async () => '烧钱榜-融资总额TOP100',
  query: (p) => ranking(closures.totalMoney, p),
};

/** down_type 5: valuation top 100. */
export const closureValuationTop: ExportKind<RankingParams> = {
  name: CLOSURE_DOWN_KINDS[5],
  level: 'login',
  params: rankingParams,
  columns: RANKED_COLUMNS,
  title: async () => '烧钱榜-估值TOP100',
  query: (p) => ranking(closures.valuation, p),
};

const horseUnicornParams = rankingParams.extend({
  horse_unicorn: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : decimalOnly(v)),
    z.union([z.literal(HORSE_UNICORN.horse), z.literal(HORSE_UNICORN.unicorn)], { message: `horse_unicorn 必须是 ${HORSE_UNICORN.horse}（千里马）或 ${HORSE_UNICORN.unicorn}（独角兽）` }),
  ),
});

/** down_type 6: horse (千里马, horse_unicorn 1) or unicorn (独角兽, 2) by valuation, top 100. */
export const closureHorseUnicorn: ExportKind<z.infer<typeof horseUnicornParams>> = {
  name: CLOSURE_DOWN_KINDS[6],
  level: 'login',
  params: horseUnicornParams,
  columns: RANKED_COLUMNS,
  title: async (_d1, p) => (p.horse_unicorn === HORSE_UNICORN.horse ? '烧钱榜-千里马TOP100' : '烧钱榜-独角兽TOP100'),
  query: (p) => ranking(closures.valuation, p, [eq(closures.horseUnicorn, p.horse_unicorn)]),
};

/** The area's kinds, registered with the pipeline in exports/kinds.ts. */
export const closureExportKinds = [closureAll, closureReason, closureTrack, closureAlbum, closureAmountTop, closureValuationTop, closureHorseUnicorn];
