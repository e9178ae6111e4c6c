/**
 * The closed-company row (spec §3) shared by every company list of the area: the home list,
 * a reason's companies, a track's or album's companies and the burn rankings.
 * A page is hydrated from its ids in one D1 batch: the rows with their sector and round names,
 * and their related lists from closure_cards (JSON kept by triggers), one row per company.
 */
import { sql } from 'drizzle-orm';
import { closureCards, closures } from '../db';
import type { Db } from '../env';
import { namesOf } from '../lib/names';
import { formatYearMonth, formatYmd } from '#shared/dates';
import { liveDays, survival } from './format';

export interface ClosureRow {
  com_id: number;
  com_name: string;
  logo: string;
  com_des: string;
  com_prov: string;
  cat_id: number;
  cat_name: string;
  se_cat_name: string;
  /** Founding month, 'YYYY-MM'. */
  born: string;
  com_change_close_date: string;
  com_fund_status_name: string;
  survival: { years: number; months: number };
  /** Survival in days, founding to closing (the field scripts such as akshare's death_company() read). */
  live_time: number;
  operating_status: string;
  /** 万元 */
  total_money: number;
  /** 万元 */
  valuation: number;
  incense_total: number;
  closure_type: { id: number; p_id: number; name: string }[];
  com_team: { id: number; name: string; position: string }[];
  com_tag: { tag_id: number; tag_name: string }[];
  com_invst: { invst_id: number; invst_name: string }[];
}

/** A company's own columns and its card (the four related lists as JSON), one row per company. */
export interface BaseRow
  extends Pick<ClosureRow, 'com_id' | 'com_name' | 'logo' | 'com_des' | 'com_prov' | 'cat_id' | 'operating_status' | 'total_money' | 'valuation' | 'incense_total'> {
  se_cat_id: number;
  fund_status_id: number;
  born_date: number;
  close_date: number;
  survival_months: number | null;
  types: string | null;
  team: string | null;
  tags: string | null;
  investors: string | null;
}

/** SELECT list and FROM of BaseRow: closures with its card (no aliases, so closures' conditions apply as written). */
export const BASE_SELECT = sql`
  SELECT ${closures}.com_id, com_name, logo, com_des, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date,
    survival_months, operating_status, total_money, valuation, incense_total,
    ${closureCards}.types, ${closureCards}.team, ${closureCards}.tags, ${closureCards}.investors`;

/** BaseRow's columns for a drizzle select (one name each, so they survive D1's batch, which returns objects). */
export const BASE_COLUMNS = {
  com_id: closures.comId,
  com_name: closures.comName,
  logo: closures.logo,
  com_des: closures.comDes,
  com_prov: closures.comProv,
  cat_id: closures.catId,
  se_cat_id: closures.seCatId,
  fund_status_id: closures.fundStatusId,
  born_date: closures.bornDate,
  close_date: closures.closeDate,
  survival_months: closures.survivalMonths,
  operating_status: closures.operatingStatus,
  total_money: closures.totalMoney,
  valuation: closures.valuation,
  incense_total: closures.incenseTotal,
  types: closureCards.types,
  team: closureCards.team,
  tags: closureCards.tags,
  investors: closureCards.investors,
};

/**
 * BaseRows to ClosureRows (same order): sector and round names come from the isolate's kept
 * reference names (lib/names.ts), not one lookup per row and column.
 */
export async function closureRowsOf(db: Db, base: BaseRow[]): Promise<ClosureRow[]> {
  if (base.length === 0) return [];
  const names = await namesOf(db, {
    sectors: base.flatMap((b) => [b.cat_id, b.se_cat_id]),
    rounds: base.map((b) => b.fund_status_id),
  });
  const sectorName = names.sectors;
  const roundName = names.rounds;
  const list = <T>(json: string | null): T[] => JSON.parse(json ?? '[]') as T[];
  return base.map((b) => ({
    com_id: b.com_id,
    com_name: b.com_name,
    logo: b.logo,
    com_des: b.com_des,
    com_prov: b.com_prov,
    cat_id: b.cat_id,
    cat_name: sectorName.get(b.cat_id) ?? '',
    se_cat_name: sectorName.get(b.se_cat_id) ?? '',
    born: formatYearMonth(b.born_date),
    com_change_close_date: formatYmd(b.close_date),
    com_fund_status_name: roundName.get(b.fund_status_id) ?? '',
    survival: survival(b.survival_months ?? 0),
    live_time: liveDays(b.born_date, b.close_date),
    operating_status: b.operating_status,
    total_money: b.total_money,
    valuation: b.valuation,
    incense_total: b.incense_total,
    closure_type: list<ClosureRow['closure_type'][number]>(b.types),
    com_team: list<ClosureRow['com_team'][number]>(b.team),
    com_tag: list<ClosureRow['com_tag'][number]>(b.tags),
    com_invst: list<ClosureRow['com_invst'][number]>(b.investors),
  }));
}

/**
 * The rows of `ids`, in the order of `ids`: one statement driven by the id list (json_each, so each
 * company is one rowid lookup in closures and one in closure_cards, with no temporary IN table).
 */
export async function hydrateClosures(db: Db, ids: number[]): Promise<ClosureRow[]> {
  if (ids.length === 0) return [];
  const base = await db.all<BaseRow>(sql`${BASE_SELECT}
    FROM json_each(${JSON.stringify(ids)}) j
    JOIN ${closures} ON ${closures}.com_id = j.value
    LEFT JOIN ${closureCards} ON ${closureCards}.com_id = ${closures}.com_id`);
  const byId = new Map(base.map((b) => [b.com_id, b]));
  return closureRowsOf(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
