/**
 * The closed-company list (GET /api/closure): filters by province, round (fund status), sector and
 * company name, three sorts, 10 per page. Each filter/sort pair runs on an index of closures;
 * totals come from the trigger-kept closure_counts when at most one filter is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { closureCounts, closures } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { CLOSURE_PAGE_SIZE, type ClosureSort } from './constants';
import { countQuery, type CountDim } from './counts';
import { closureOrder, closureWhere, type ClosureFilter } from './select';
import { hydrateClosures, type ClosureRow } from './rows';

export interface ClosureListParams extends ClosureFilter {
  sort: ClosureSort;
  page: number;
  per_page?: number;
}

/** The one closure_counts row that answers the total, or null when the filters need a COUNT. */
function countKey(p: ClosureListParams): { dim: CountDim; key: string } | null {
  if (p.keyword) return null;
  const set: { dim: CountDim; key: string }[] = [];
  if (p.com_prov !== undefined) set.push({ dim: 'prov', key: p.com_prov });
  if (p.cat_id !== undefined) set.push({ dim: 'cat', key: String(p.cat_id) });
  if (p.fund_status !== undefined) set.push({ dim: 'fund', key: String(p.fund_status) });
  if (set.length === 0) return { dim: 'all', key: '' };
  return set.length === 1 ? set[0] : null;
}

export async function listClosures(db: Db, p: ClosureListParams): Promise<{ info: ClosureRow[]; total: number }> {
  const perPage = p.per_page ?? CLOSURE_PAGE_SIZE;
  const where = closureWhere(p);
  const key = countKey(p);
  const [idRows, countRows] = await db.batch([
    db
      .select({ id: closures.comId })
      .from(closures)
      .where(where)
      .orderBy(...closureOrder(p.sort))
      .limit(perPage)
      .offset(offsetOf(p.page, perPage)),
    key
      ? countQuery(db, key.dim, key.key)
      : db.select({ n: sql<number>`count(*)` }).from(closures).where(where),
  ]);
  const info = await hydrateClosures(db, idRows.map((r) => r.id));
  return { info, total: countRows[0]?.n ?? 0 };
}

/**
 * Per-year closed-company counts ({ '2019': 812, ... }; JSON objects list integer keys ascending),
 * from the trigger-kept closure_counts: equal to GROUP BY close_year without reading every row.
 */
export async function yearNumbers(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ key: closureCounts.key, n: closureCounts.n })
    .from(closureCounts)
    .where(and(eq(closureCounts.dim, 'year'), sql`${closureCounts.n} > 0`));
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

export async function requireClosure(db: Db, comId: number): Promise<void> {
  const row = await db.select({ id: closures.comId }).from(closures).where(eq(closures.comId, comId)).get();
  if (!row) throw new ApiError('NOT_FOUND', '该公司不存在');
}
