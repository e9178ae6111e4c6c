/**
 * Rules and policies: the /policy list (by region 科创板 or scope 医疗健康) and /policy/{id} with its
 * related items. The list's total and page positions come from policy_day_counts (kept by triggers,
 * migration *_news_policy_day_counts); listPoliciesPlain is the straightforward query, the tests' oracle.
 */
import { and, asc, between, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { policies } from '../db';
import type { Db } from '../env';
import { ANY_DAY, dayStart, levelRows, offsetOf, YMD_WIDTHS, type KeptLevels } from '../db/kept/read.ts';
import { ApiError } from '../lib/errors';
import { formatYmd } from '#shared/dates';
import { POLICY_PAGE_SIZE, RELATED_POLICIES } from './constants';

type PolicyRecord = typeof policies.$inferSelect;

const policyRowOf = (p: PolicyRecord) => ({
  id: p.id,
  title: p.title,
  reference_number: p.referenceNumber,
  region: p.region,
  scope: p.scope,
  put_time: formatYmd(p.putTime),
});

export interface PolicyListQuery {
  region?: string;
  scope?: string;
  page: number;
}

/** The policies under a region and scope filter ('' : any) in policy_day_counts (no total row: the sum of the years). */
const policyDays = (q: PolicyListQuery): KeptLevels => ({ table: 'policy_day_counts', key: { region: q.region || '', scope: q.scope || '' }, widths: YMD_WIDTHS });

export async function listPolicies(db: Db, q: PolicyListQuery) {
  const years = await levelRows(db, policyDays(q), 1, ANY_DAY.lo, ANY_DAY.hi);
  const p = await dayStart(db, policyDays(q), years, q.page, POLICY_PAGE_SIZE, ANY_DAY);
  if (p.empty) return { info: [], total: p.total };
  const dir = p.reverse ? asc : desc;
  const rows = await db
    .select()
    .from(policies)
    .where(and(q.region ? eq(policies.region, q.region) : undefined, q.scope ? eq(policies.scope, q.scope) : undefined, between(policies.putTime, p.lo, p.hi)))
    .orderBy(dir(policies.putTime), dir(policies.id))
    .limit(p.limit)
    .offset(p.skip);
  if (p.reverse) rows.reverse();
  return { info: rows.map(policyRowOf), total: p.total };
}

/** The straightforward query (COUNT(*) and OFFSET over every matching row): the tests' oracle. */
export async function listPoliciesPlain(db: Db, q: PolicyListQuery) {
  const where: SQL[] = [];
  if (q.region) where.push(eq(policies.region, q.region));
  if (q.scope) where.push(eq(policies.scope, q.scope));
  const cond = where.length ? and(...where) : undefined;
  const [rows, total] = await db.batch([
    db.select().from(policies).where(cond).orderBy(desc(policies.putTime), desc(policies.id)).limit(POLICY_PAGE_SIZE).offset(offsetOf(q.page, POLICY_PAGE_SIZE)),
    db.select({ n: count() }).from(policies).where(cond),
  ]);
  return { info: rows.map(policyRowOf), total: total[0]?.n ?? 0 };
}

export async function policyDetail(db: Db, id: number) {
  const p = await db.select().from(policies).where(eq(policies.id, id)).get();
  if (!p) throw new ApiError('NOT_FOUND', '该政策法规不存在');
  // The latest others of the same region (科创板 rules) or scope (医疗健康 policies).
  const same = p.region ? eq(policies.region, p.region) : eq(policies.scope, p.scope);
  const related = await db
    .select()
    .from(policies)
    .where(and(same, ne(policies.id, id)))
    .orderBy(desc(policies.putTime), desc(policies.id))
    .limit(RELATED_POLICIES);
  return { ...policyRowOf(p), related: related.map(policyRowOf) };
}
