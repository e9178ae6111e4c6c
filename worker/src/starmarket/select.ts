/**
 * The one definition of the STAR-market selection: the filters of /kcb/project (keyword on the
 * short name, sector, province and, for applicants, review state) and its order (newest
 * acceptance first). The lists, the state counts and the export kinds all build their WHERE
 * from here, so a tab and its export always hold the same rows in the same order.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { starmarketCompanies as m } from '../db';
import { likeAnywhere } from '../lib/params';

export interface StarFilter {
  keyword?: string;
  cat_id?: number;
  com_prov?: string;
  /** Review state (applicants only). */
  state?: number;
}

/** Applicants (0: every company not listed, whatever its review state) or listed companies (1). */
export type Listed = 0 | 1;

export function starConditions(p: StarFilter, listed: Listed): SQL[] {
  const where = [eq(m.isListed, listed)];
  if (p.keyword) where.push(sql`${m.comName} LIKE ${likeAnywhere(p.keyword)} ESCAPE '\\'`);
  if (p.cat_id !== undefined) where.push(eq(m.catId, p.cat_id));
  if (p.com_prov !== undefined) where.push(eq(m.comProv, p.com_prov));
  if (p.state !== undefined) where.push(eq(m.stateId, p.state));
  return where;
}

/** ORDER BY of every list: acceptance date, then m_com_id, newest first (a total order for keyset reads). */
export const starOrder = () => [desc(m.acceptanceTime), desc(m.mComId)] as const;

/** The same order as keyset columns for the export reader. */
export const starSortKey = () => [sql`${m.acceptanceTime}`, sql`${m.mComId}`];

/** True when the request sets any filter (a visitor may not). */
export const hasFilter = (p: StarFilter) => Boolean(p.keyword) || p.cat_id !== undefined || p.com_prov !== undefined || p.state !== undefined;
