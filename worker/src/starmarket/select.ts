/**
 * The one definition of the STAR-market selection: the filters of /kcb/project (keyword on the
 * short name, sector, province and, for applicants, review state) and its order (newest
 * acceptance first). The lists, the state counts and the export kinds all build their WHERE
 * from here, so a tab and its export always hold the same rows in the same order.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { starmarketCompanies as m } from '../db';
import { nameMatchOf, nameMatchSql, type Bindable, type NameIndex, type NameMatchKind } from '../lib/name-match';
import { ph } from '../lib/shaped';

export interface StarFilter {
  keyword?: string;
  cat_id?: number;
  com_prov?: string;
  /** Review state (applicants only). */
  state?: number;
}

/** Applicants (0: every company not listed, whatever its review state) or listed companies (1). */
export type Listed = 0 | 1;

/**
 * Short-name substring match through the name indexes kept by triggers (migration
 * *_speed_kept_triggers): 3+ characters through the trigram FTS5 table, 1–2 characters through
 * the per-character table as a phrase of adjacent characters, confirmed by LIKE on those
 * candidates only. A keyword without any letter or digit has nothing to look up: LIKE alone.
 */
export function starNameMatches(keyword: string): SQL {
  const n = nameMatchOf(keyword);
  return nameMatchSql(NAME_INDEX, n.kind, n.phrase, n.like);
}

const NAME_INDEX: NameIndex = { id: m.mComId, name: m.comName, trigram: 'starmarket_name_fts', chars: 'starmarket_name_chars' };

/** The filters' values (or a shaped statement's placeholders for them) as conditions. */
function conditionsOf(
  p: StarFilter,
  v: { listed: Bindable; cat?: Bindable; prov?: Bindable; state?: Bindable; phrase?: Bindable; like?: Bindable },
  kind?: NameMatchKind,
): SQL[] {
  // With a keyword the name index drives (its matches are few); the unary + keeps SQLite from
  // walking a whole tab, province or sector range and testing each row against the matches.
  const is = (column: SQLiteColumn, value: Bindable) => (p.keyword ? sql`+${column} = ${value}` : eq(column, value));
  const where = [is(m.isListed, v.listed)];
  if (p.keyword) where.push(nameMatchSql(NAME_INDEX, kind!, v.phrase!, v.like!));
  if (p.cat_id !== undefined) where.push(is(m.catId, v.cat!));
  if (p.com_prov !== undefined) where.push(is(m.comProv, v.prov!));
  if (p.state !== undefined) where.push(is(m.stateId, v.state!));
  return where;
}

export function starConditions(p: StarFilter, listed: Listed): SQL[] {
  const n = p.keyword ? nameMatchOf(p.keyword) : undefined;
  return conditionsOf(p, { listed, cat: p.cat_id, prov: p.com_prov, state: p.state, phrase: n?.phrase, like: n?.like }, n?.kind);
}

/**
 * starConditions for a shaped statement (lib/shaped.ts): `shape` names which filters are present
 * and how the keyword matches, `conditions()` builds them with placeholders, and `values` holds
 * what they bind (placeholders listed, cat, prov, state, phrase, like).
 */
export function starConditionsShape(p: StarFilter, listed: Listed) {
  const n = p.keyword ? nameMatchOf(p.keyword) : undefined;
  const shape = `${p.cat_id === undefined ? '' : 'c'}${p.com_prov === undefined ? '' : 'p'}${p.state === undefined ? '' : 's'}${n ? `k${n.kind}` : ''}`;
  const conditions = () =>
    conditionsOf(p, { listed: ph('listed'), cat: ph('cat'), prov: ph('prov'), state: ph('state'), phrase: ph('phrase'), like: ph('like') }, n?.kind);
  return { shape, conditions, values: { listed, cat: p.cat_id, prov: p.com_prov, state: p.state, phrase: n?.phrase, like: n?.like } };
}

/** ORDER BY of every list: acceptance date, then m_com_id, newest first (a total order for keyset reads). */
export const starOrder = () => [desc(m.acceptanceTime), desc(m.mComId)] as const;

/** The same order as keyset columns for the export reader. */
export const starSortKey = () => [sql`${m.acceptanceTime}`, sql`${m.mComId}`];

