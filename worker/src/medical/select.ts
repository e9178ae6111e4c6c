/**
 * The one definition of the healthcare selections: which companies, events and news belong to the
 * area or to an atlas tag, the block's company sorts and the valuation bands. Lists, rankings, the
 * chart and the tag banner all build their WHERE and ORDER BY from here, so a tag page's counts
 * and its lists always cover the same rows.
 */
import { and, between, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { companies, investEvents, medicalCompanyTags, news } from '../db';
import { HORSE_MIN, MEDICAL_SCOPE, UNICORN_MIN, type MedicalOrder } from './constants';

/** Companies carrying an atlas tag (a parent tag is stored on its children's companies too). */
export const tagCompanyIds = (tagId: number) =>
  sql`(SELECT ${medicalCompanyTags.comId} FROM ${medicalCompanyTags} WHERE ${medicalCompanyTags.tagId} = ${tagId})`;

/**
 * The area's companies: healthcare companies (is_medical) on /health; on a tag page every company
 * carrying the tag (STAR-market applicants with a healthcare tag included).
 */
export function medicalCompanyWhere(tagId?: number): SQL {
  return tagId === undefined ? eq(companies.isMedical, 1) : sql`${companies.id} IN ${tagCompanyIds(tagId)}`;
}

/** ORDER BY of the block's sorts (排序方式), largest / newest first, id breaking ties. */
export const MEDICAL_ORDER_COLUMNS = {
  1: [companies.totalMoney],
  2: [companies.bornYear, companies.bornMonth],
  3: [companies.lastInvseDate],
} as const;

export const medicalCompanyOrder = (order: MedicalOrder) => [...MEDICAL_ORDER_COLUMNS[order].map((c) => desc(c)), desc(companies.id)];

/** Horse (千里马) and unicorn bands of companies.valuation (万元). */
export function valuationBand(band: 'horse' | 'unicorn'): SQL {
  return band === 'unicorn'
    ? and(eq(companies.isMedical, 1), gte(companies.valuation, UNICORN_MIN))!
    : and(eq(companies.isMedical, 1), gte(companies.valuation, HORSE_MIN), lt(companies.valuation, UNICORN_MIN))!;
}

export interface EventFilter {
  tagId?: number;
  roundId?: number;
  /** yyyymmdd bounds, both inclusive. */
  from?: number;
  to?: number;
}

/**
 * Financing events of the area (scope 医疗健康, through invest_events_scope_date_idx) or of a tag's
 * companies (through invest_events_com_idx), optionally of one round and a date range.
 */
export function medicalEventWhere(f: EventFilter): SQL {
  const conds: SQL[] = [f.tagId === undefined ? eq(investEvents.scope, MEDICAL_SCOPE) : sql`${investEvents.comId} IN ${tagCompanyIds(f.tagId)}`];
  if (f.roundId !== undefined) conds.push(eq(investEvents.roundId, f.roundId));
  if (f.from !== undefined && f.to !== undefined) conds.push(between(investEvents.date, f.from, f.to));
  return and(...conds)!;
}

/** Newest first; the rowid tie-break is the index's own order, so no sort step. */
export const eventOrder = [desc(investEvents.date), desc(investEvents.id)] as const;

/** News of the area (scope) or about a tag's companies. */
export function medicalNewsWhere(tagId?: number): SQL {
  return tagId === undefined ? eq(news.scope, MEDICAL_SCOPE) : sql`${news.comId} IN ${tagCompanyIds(tagId)}`;
}

export const newsOrder = [desc(news.date), desc(news.id)] as const;
