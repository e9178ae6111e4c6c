/**
 * A kept list as it stands next to a fresh count of its sources (both as key → n, zero counts left
 * out), and the closed-company rows kept beside the counts (cards, firms' top-3 cases) next to a
 * fresh computation. Pure SQL over a query function, so the worker tests run it on D1 and the
 * import bench on the stack's SQLite file (node:sqlite).
 */
import { cardColumns } from '../../../worker/src/db/kept/bulk.ts';
import { firmCases } from '../../../worker/src/db/kept/closure.ts';
import { KEPT_LISTS } from '../../../worker/src/db/kept/index.ts';
import { keptRowsSql, recountSql, valueColumns } from '../../../worker/src/db/kept/sql.ts';
import type { KeptList } from '../../../worker/src/db/kept/shape.ts';

export type Row = Record<string, unknown>;
/** The rows a statement gives. */
export type All = (sql: string) => Promise<Row[]>;

const keyOf = (list: KeptList, r: Row) => JSON.stringify(list.columns.map((c) => r[c]));

/**
 * A kept list as key → value (the count; with summed columns [count, sums…]; a mirror's copied
 * columns, one of them bare) beside the same from its recount. A key a mirror's recount gives twice
 * shows as ['twice', …] so it never equals the kept row.
 */
export async function compareKeptWith(all: All, list: KeptList) {
  const cols = valueColumns(list);
  const valueOf = (r: Row): unknown => (cols.length === 1 ? r[cols[0]] : cols.map((c) => r[c]));
  const kept = new Map<string, unknown>();
  for (const r of await all(keptRowsSql(list))) kept.set(keyOf(list, r), valueOf(r));
  const fresh = new Map<string, unknown>();
  for (const sql of recountSql(list))
    for (const r of await all(sql)) {
      const k = keyOf(list, r);
      const had = fresh.get(k);
      if (had === undefined) fresh.set(k, valueOf(r));
      else if (list.mirror) fresh.set(k, ['twice', had, valueOf(r)]);
      else if (cols.length === 1) fresh.set(k, (had as number) + (r[cols[0]] as number));
      else fresh.set(k, (had as number[]).map((v, i) => v + (r[cols[i]] as number)));
    }
  if (!list.mirror) for (const [k, v] of fresh) if ((Array.isArray(v) ? v[0] : v) === 0) fresh.delete(k);
  return { kept: Object.fromEntries([...kept].sort()), fresh: Object.fromEntries([...fresh].sort()) };
}

/**
 * Every declared list, the cards of companies with a reason or an investor, and the firms' cases:
 * stored and fresh side by side (equal when nothing drifted), and whether the bulk flag is down.
 */
export async function keptAndFreshWith(all: All) {
  const lists: Record<string, Awaited<ReturnType<typeof compareKeptWith>>> = {};
  for (const l of KEPT_LISTS) lists[`${l.table}${l.owns ? ` ${l.owns}` : ''}`] = await compareKeptWith(all, l);
  const linked = 'SELECT com_id FROM closure_company_types UNION SELECT com_id FROM closure_investors';
  const [t, tm, tg, inv] = cardColumns('c.com_id');
  return {
    lists,
    cards: {
      kept: await all(`SELECT com_id, types, team, tags, investors FROM closure_cards WHERE com_id IN (${linked}) ORDER BY com_id`),
      fresh: await all(`SELECT c.com_id, ${t} AS types, ${tm} AS team, ${tg} AS tags, ${inv} AS investors FROM (${linked}) c ORDER BY c.com_id`),
    },
    cases: {
      kept: await all('SELECT invst_id, cases FROM closure_firm_stats WHERE com_count > 0 ORDER BY invst_id'),
      fresh: await all(`SELECT s.invst_id, ${firmCases('s.invst_id')} AS cases FROM closure_firm_stats s WHERE s.com_count > 0 ORDER BY s.invst_id`),
    },
    bulkFlag: (await all('SELECT id FROM kept_bulk')).length,
  };
}
