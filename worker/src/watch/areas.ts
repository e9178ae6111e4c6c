/**
 * The lists a search can be saved from, each through its own area's code: the list call's query
 * schema (so a saved query is checked exactly as the list checks it, with its messages) and its list
 * function (so matches come back in the list's own row shape). `source` names the change-log rows
 * (watch_changes) its rows are logged under, and `entry` what an e-mail line or a feed entry says.
 */
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { closures, investEvents, news, starmarketCompanies } from '../db';
import { CLOSURE_PAGE_SIZE } from '../closure/constants';
import { listClosures } from '../closure/list';
import { amountTop, valuationTop } from '../closure/rankings';
import * as Closure from '../closure/schemas';
import { ENTITY_PAGE_SIZE, NEWS_LIST_PAGE_SIZE } from '../entity/constants';
import { listEvents } from '../entity/events';
import { listNews } from '../entity/news';
import * as Entity from '../entity/schemas';
import type { Db } from '../env';
import { NON_VIP_MAX_PAGE } from '../auth/limits';
import { formatWan, roundAmount } from '#shared/amounts';
import { STAR_PAGE_SIZE } from '../starmarket/constants';
import { listStar } from '../starmarket/list';
import * as Star from '../starmarket/schemas';
import type { WatchArea } from './constants';

export type WatchSource = 'closures' | 'starmarket' | 'invest_events' | 'news';

/** What an alert (an e-mail line, a feed entry, a webhook payload) says about a row. */
export interface Entry {
  title: string;
  summary: string;
  /** Path of the product's page for the row. */
  path: string;
}

/**
 * The list filters that are plain equality on a column of the source table: the matching step
 * loads these columns of the changed rows once and runs a search's list only when some changed
 * row agrees with each of them (other filters, such as a keyword or a tag, are left to the list).
 */
export interface Prefilter {
  table: SQLiteTable;
  id: SQLiteColumn;
  fields: Record<string, SQLiteColumn>;
}

export interface AreaAdapter {
  schema: z.ZodObject;
  source: WatchSource;
  prefilter: Prefilter;
  perPage: number;
  /** One page of the list under a checked query. */
  page(db: Db, q: Record<string, unknown>, page: number): Promise<{ info: object[]; total: number }>;
  id(row: object): number;
  entry(row: object): Entry;
}

/** Typed per area, stored untyped: the registry holds one adapter of each row type. */
function adapter<S extends z.ZodObject, R extends object>(a: {
  schema: S;
  source: WatchSource;
  prefilter: Prefilter;
  perPage: number;
  page(db: Db, q: z.output<S>, page: number): Promise<{ info: R[]; total: number }>;
  id(row: R): number;
  entry(row: R): Entry;
}): AreaAdapter {
  return a as unknown as AreaAdapter;
}

type ClosureRow = z.infer<typeof Closure.closureRow>;
type StarRow = z.infer<typeof Star.starRow>;
type EventRow = z.infer<typeof Entity.eventRow>;
type NewsRow = z.infer<typeof Entity.newsRow>;

const closureEntry = (r: ClosureRow): Entry => ({
  title: `${r.com_name}（${r.com_fund_status_name || '未知轮次'}）`,
  summary: [r.com_prov, r.cat_name, r.com_change_close_date && `关闭于${r.com_change_close_date}`, r.total_money > 0 && `融资总额${formatWan(r.total_money)}`]
    .filter(Boolean)
    .join(' · '),
  path: `/company/${r.com_id}`,
});

const starEntry = (r: StarRow): Entry => ({
  title: `${r.com_name}：${r.state_sub_name}`,
  summary: [r.com_prov, r.cat_name, r.acceptance_update_time && `更新于${r.acceptance_update_time}`].filter(Boolean).join(' · '),
  path: `/kcb/${r.m_com_id}`,
});

const closurePrefilter: Prefilter = { table: closures, id: closures.comId, fields: { com_prov: closures.comProv, cat_id: closures.catId, fund_status: closures.fundStatusId } };
const starPrefilter: Prefilter = {
  table: starmarketCompanies,
  id: starmarketCompanies.mComId,
  fields: { com_prov: starmarketCompanies.comProv, cat_id: starmarketCompanies.catId, state: starmarketCompanies.stateId },
};

export const AREAS: Record<WatchArea, AreaAdapter> = {
  closure: adapter({
    schema: Closure.listQuery,
    source: 'closures',
    prefilter: closurePrefilter,
    perPage: CLOSURE_PAGE_SIZE,
    page: (db, q, page) => listClosures(db, { ...q, page }),
    id: (r: ClosureRow) => r.com_id,
    entry: closureEntry,
  }),
  'closure/amount_top': adapter({
    schema: Closure.rankingQuery,
    source: 'closures',
    prefilter: closurePrefilter,
    perPage: CLOSURE_PAGE_SIZE,
    page: (db, q, page) => amountTop(db, { ...q, page, per_page: CLOSURE_PAGE_SIZE }),
    id: (r: ClosureRow) => r.com_id,
    entry: closureEntry,
  }),
  'closure/valuation_top': adapter({
    schema: Closure.valuationQuery,
    source: 'closures',
    prefilter: closurePrefilter,
    perPage: CLOSURE_PAGE_SIZE,
    page: (db, q, page) => valuationTop(db, { ...q, page, per_page: CLOSURE_PAGE_SIZE }),
    id: (r: ClosureRow) => r.com_id,
    entry: closureEntry,
  }),
  starmarket: adapter({
    schema: Star.applicantsQuery,
    source: 'starmarket',
    prefilter: starPrefilter,
    perPage: STAR_PAGE_SIZE,
    page: (db, q, page) => listStar(db, { ...q, page, per_page: STAR_PAGE_SIZE }, 0),
    id: (r: StarRow) => r.m_com_id,
    entry: starEntry,
  }),
  'starmarket/listed': adapter({
    schema: Star.listedQuery,
    source: 'starmarket',
    prefilter: starPrefilter,
    perPage: STAR_PAGE_SIZE,
    page: (db, q, page) => listStar(db, { ...q, page, per_page: STAR_PAGE_SIZE }, 1),
    id: (r: StarRow) => r.m_com_id,
    entry: starEntry,
  }),
  investevent: adapter({
    schema: Entity.eventListQuery,
    source: 'invest_events',
    prefilter: { table: investEvents, id: investEvents.id, fields: { scope: investEvents.scope } },
    perPage: ENTITY_PAGE_SIZE,
    page: (db, q, page) => listEvents(db, { ...q, page }),
    id: (r: EventRow) => r.id,
    entry: (r: EventRow) => ({
      title: `${r.com_name} 完成${r.round || '新一轮'}融资`,
      summary: [r.time, roundAmount(r.money, r.guess_money, '金额未透露'), r.invst.map((i) => i.name).join('、')].filter(Boolean).join(' · '),
      path: `/company/${r.com_id}`,
    }),
  }),
  news: adapter({
    schema: Entity.newsListQuery,
    source: 'news',
    prefilter: { table: news, id: news.id, fields: { scope: news.scope } },
    perPage: NEWS_LIST_PAGE_SIZE,
    page: (db, q, page) => listNews(db, { ...q, page }),
    id: (r: NewsRow) => r.id,
    entry: (r: NewsRow) => ({
      title: r.title,
      summary: [r.time, r.source, r.com_name].filter(Boolean).join(' · '),
      path: r.com_id > 0 ? `/company/${r.com_id}` : `/news?scope=${encodeURIComponent(r.scope)}`,
    }),
  }),
};

/**
 * Pages of a list a saved search may read: what a plain (non-VIP) user may see of it, whatever the
 * owner's role, so matches never reach past the lists' page limit.
 */
export const WATCH_MAX_PAGES = NON_VIP_MAX_PAGE;

/** The fields a saved query never keeps: its place in the list is the matcher's business. */
export const PAGING_FIELDS = ['page', 'per_page'] as const;
