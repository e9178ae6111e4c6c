/** Rules and policies: the /policy list (by region 科创板 or scope 医疗健康) and /policy/{id} with its related items. */
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { policies } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { formatYmd } from '../lib/time';
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

export async function listPolicies(db: Db, q: { region?: string; scope?: string; page: number }) {
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
