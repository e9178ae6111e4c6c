/**
 * The one definition of the closed-company selection: the list's filters (province, sector, round,
 * company name) and sorts (closing, founding, survival). The home list, the burn rankings and the
 * export kinds all build their WHERE and ORDER BY from here, so a page and its export always list
 * the same rows in the same order.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { closures } from '../db';
import { nameMatchOf, nameMatchSql, type Bindable, type NameIndex, type NameMatchKind } from '../lib/name-match';
import { ph } from '../lib/shaped';
import type { ClosureSort } from './constants';

export interface ClosureFilter {
  com_prov?: string;
  cat_id?: number;
  fund_status?: number;
  keyword?: string;
}

/**
 * Company-name substring match, always through an index of closures' names kept by triggers
 * (lib/name-match.ts): closure_name_fts (trigram) for 3+ characters, closure_name_chars for 1–2.
 */
export function nameMatches(keyword: string): SQL {
  const m = nameMatchOf(keyword);
  return nameMatchSql(NAME_INDEX, m.kind, m.phrase, m.like);
}

const NAME_INDEX: NameIndex = { id: closures.comId, name: closures.comName, trigram: 'closure_name_fts', chars: 'closure_name_chars' };

/** The filters' values (or a shaped statement's placeholders for them) as conditions on closures. */
function conditionsOf(p: ClosureFilter, v: { prov?: Bindable; cat?: Bindable; fund?: Bindable; phrase?: Bindable; like?: Bindable }, kind?: NameMatchKind): SQL[] {
  // With a keyword the name index drives (its matches are few); the unary + keeps SQLite from
  // walking a whole province or sector range instead and testing each row against the matches.
  const is = (column: SQLiteColumn, value: Bindable) => (p.keyword ? sql`+${column} = ${value}` : eq(column, value));
  const conds: SQL[] = [];
  if (p.com_prov !== undefined) conds.push(is(closures.comProv, v.prov!));
  if (p.cat_id !== undefined) conds.push(is(closures.catId, v.cat!));
  if (p.fund_status !== undefined) conds.push(is(closures.fundStatusId, v.fund!));
  if (p.keyword) conds.push(nameMatchSql(NAME_INDEX, kind!, v.phrase!, v.like!));
  return conds;
}

/** The filters as conditions on closures (empty when none is set). */
export function closureConditions(p: ClosureFilter): SQL[] {
  const m = p.keyword ? nameMatchOf(p.keyword) : undefined;
  return conditionsOf(p, { prov: p.com_prov, cat: p.cat_id, fund: p.fund_status, phrase: m?.phrase, like: m?.like }, m?.kind);
}

export const closureWhere = (p: ClosureFilter): SQL | undefined => {
  const conds = closureConditions(p);
  return conds.length ? and(...conds) : undefined;
};

/**
 * closureWhere for a shaped statement (lib/shaped.ts): `shape` names which filters are present
 * and how the keyword matches, `where()` builds the conditions with placeholders, and `values`
 * holds what they bind (placeholders prov, cat, fund, phrase, like).
 */
export function closureWhereShape(p: ClosureFilter) {
  const m = p.keyword ? nameMatchOf(p.keyword) : undefined;
  const shape = `${p.com_prov === undefined ? '' : 'p'}${p.cat_id === undefined ? '' : 'c'}${p.fund_status === undefined ? '' : 'f'}${m ? `k${m.kind}` : ''}`;
  const where = () => {
    const conds = conditionsOf(p, { prov: ph('prov'), cat: ph('cat'), fund: ph('fund'), phrase: ph('phrase'), like: ph('like') }, m?.kind);
    return conds.length ? and(...conds) : undefined;
  };
  return { shape, where, values: { prov: p.com_prov, cat: p.cat_id, fund: p.fund_status, phrase: m?.phrase, like: m?.like } };
}

/**
 * The sort keys (1 closing date, 2 founding date, 3 survival time), newest / longest first with
 * com_id desc breaking ties. The burn rankings order their top 100 by the same keys.
 */
export const SORT_COLUMNS = { 1: closures.closeDate, 2: closures.bornDate, 3: closures.survivalMonths } as const;

/** ORDER BY of a sort: its key, then com_id, both descending (a total order, so keyset reads never skip). */
export const closureOrder = (sort: ClosureSort) => [desc(SORT_COLUMNS[sort]), desc(closures.comId)] as const;

/** The order as (key, direction) for the export's keyset reader. */
export const closureSortKey = (sort: ClosureSort) => [SORT_COLUMNS[sort], closures.comId] as const;
