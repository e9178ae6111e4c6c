/**
 * Totals kept by triggers in closure_counts (declared in db/kept/closure.ts): one row per
 * (dim, key), equal to counting the rows, without reading them on every request.
 * dims: 'all', 'year', 'prov', 'cat', 'fund' (closures); 'type', 'ptype' (distinct companies of a
 * parent reason), 'track', 'album' (the link tables); 'news' (closed-company news, migration 0013);
 * the filter combinations, 'comments' and 'incense' (migration *_speed_kept_triggers).
 */
import { keptClosureCounts } from '../db/kept/closure.ts';
import { keptTotal } from '../db/kept/read.ts';
import type { Db } from '../env';

export type CountDim =
  | 'all' | 'year' | 'prov' | 'cat' | 'fund' | 'type' | 'ptype' | 'track' | 'album' | 'news'
  // Combinations of the list's filters, keys joined by '|' in this order (migration *_speed_kept_triggers).
  | 'prov_cat' | 'prov_fund' | 'cat_fund' | 'prov_cat_fund'
  // Top-level comments of a target ('com:<id>', 'reason:<id>') and incense records of an item ('<type>:<id>').
  | 'comments' | 'incense';

/** The query of one total, for use inside db.batch(); the row is absent when nothing was ever counted. */
export const countQuery = (db: Db, dim: CountDim, key: string | number) => keptTotal(db, keptClosureCounts, { dim, key: String(key) });
