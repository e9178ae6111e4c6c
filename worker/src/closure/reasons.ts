/**
 * Closing reasons (两级死亡原因): the navigation tree, a reason's representative projects and
 * all of its companies. A parent reason stands for all of its children (as its export does).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { closureCompanyTypes, closures, closureTypes } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../db/kept/read.ts';
import { countQuery } from './counts';
import { hydrateClosures, type ClosureRow } from './rows';

/** The tree carries no incense totals, so it is the same for every caller for long stretches (edge-cacheable). */
export interface ReasonNode {
  id: number;
  p_id: number;
  name: string;
  child: { id: number; p_id: number; name: string }[];
}

export async function reasonTree(db: Db): Promise<ReasonNode[]> {
  const rows = await db.select().from(closureTypes).orderBy(asc(closureTypes.pId), asc(closureTypes.sort), asc(closureTypes.id));
  const parents = rows.filter((r) => r.pId === 0);
  return parents.map((p) => ({
    id: p.id,
    p_id: 0,
    name: p.name,
    child: rows.filter((r) => r.pId === p.id).map((c) => ({ id: c.id, p_id: c.pId, name: c.name })),
  }));
}

export async function findReason(db: Db, id: number) {
  return db.select().from(closureTypes).where(eq(closureTypes.id, id)).get();
}

export async function requireReason(db: Db, id: number) {
  const reason = await findReason(db, id);
  if (!reason) throw new ApiError('NOT_FOUND', '该关闭原因不存在');
  return reason;
}

/** Comments and incense go to a second-level reason: the one the reason page shows. */
export async function requireChildReason(db: Db, id: number) {
  const reason = await requireReason(db, id);
  if (reason.pId === 0) throw new ApiError('BAD_REQUEST', '请选择具体的二级关闭原因', { field: 'type_id' });
  return reason;
}

const linkOf = (reason: { id: number; pId: number }) =>
  reason.pId === 0 ? eq(closureCompanyTypes.pId, reason.id) : eq(closureCompanyTypes.typeId, reason.id);

/** Representative projects of a reason: its companies that burned the most money. */
export const DELEGATE_SIZE = 10;

/**
 * Walks closures from the largest financing total down (closures_money_idx) and keeps those
 * linked to the reason (primary-key probe), stopping at DELEGATE_SIZE: about
 * DELEGATE_SIZE / (the reason's share of companies) rows instead of the reason's whole list.
 */
export async function reasonDelegates(db: Db, typeId: number) {
  const reason = await requireReason(db, typeId);
  // The unary + keeps SQLite from probing through the p_id index (a whole parent per probe)
  // instead of the primary key by com_id.
  const linked =
    reason.pId === 0 ? sql`+${closureCompanyTypes.pId} = ${reason.id}` : sql`${closureCompanyTypes.typeId} = ${reason.id}`;
  return db
    .select({ com_id: closures.comId, com_name: closures.comName, logo: closures.logo, total_money: closures.totalMoney })
    .from(closures)
    .where(sql`EXISTS (SELECT 1 FROM ${closureCompanyTypes} WHERE ${closureCompanyTypes.comId} = ${closures.comId} AND ${linked})`)
    .orderBy(desc(closures.totalMoney), desc(closures.comId))
    .limit(DELEGATE_SIZE);
}

/**
 * All companies of a reason, latest closing first. A child reason's page is read off its covering
 * index; a parent's off closure_reason_companies (one kept row per company, however many of the
 * parent's child reasons it has), so the page skips no repeated links.
 */
export async function reasonCompanies(db: Db, p: { type_id: number; page: number; per_page: number }): Promise<{ info: ClosureRow[]; total: number }> {
  const reason = await requireReason(db, p.type_id);
  const offset = offsetOf(p.page, p.per_page);
  const [idRows, countRows] = await db.batch([
    reason.pId === 0
      ? db
          .select({ id: sql<number>`com_id` })
          .from(sql`closure_reason_companies`)
          .where(sql`p_id = ${reason.id}`)
          .orderBy(sql`close_date DESC, com_id DESC`)
          .limit(p.per_page)
          .offset(offset)
      : // (com_id, close_date) pairs are distinct per company: the date is the company's own.
        db
          .selectDistinct({ id: closureCompanyTypes.comId, closeDate: closureCompanyTypes.closeDate })
          .from(closureCompanyTypes)
          .where(linkOf(reason))
          .orderBy(desc(closureCompanyTypes.closeDate), desc(closureCompanyTypes.comId))
          .limit(p.per_page)
          .offset(offset),
    countQuery(db, reason.pId === 0 ? 'ptype' : 'type', reason.id),
  ]);
  return { info: await hydrateClosures(db, idRows.map((r) => r.id)), total: countRows[0]?.n ?? 0 };
}

/** Child reasons ranked by incense (for the floating ranking panel). */
export async function reasonIncenseTop(db: Db, limit: number) {
  const rows = await db
    .select({ id: closureTypes.id, p_id: closureTypes.pId, name: closureTypes.name, total: closureTypes.incenseTotal })
    .from(closureTypes)
    .where(and(sql`${closureTypes.pId} <> 0`, sql`${closureTypes.incenseTotal} > 0`))
    .orderBy(desc(closureTypes.incenseTotal), asc(closureTypes.id))
    .limit(limit);
  return rows;
}
