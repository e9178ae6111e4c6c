import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { exportSql } from '../../../worker/src/exports/keyset';
import { EXPORT_KINDS } from '../../../worker/src/exports/kinds';
import { seedClosures, seedStarmarket, TAXONOMY } from './fixtures';
import { db } from '../helpers';

/** Every kind with the filters its buttons send; the reason is tried as a child and as a parent. */
const CASES: [string, Record<string, unknown>][] = [
  ['closure', {}],
  ['closure', { com_prov: '测试省1' }],
  ['closure', { cat_id: TAXONOMY.cat, sort: 2 }],
  ['closure', { fund_status: TAXONOMY.round, sort: 3 }],
  ['closure_reason', { type_id: TAXONOMY.reason }],
  ['closure_reason', { type_id: TAXONOMY.reasonParent }],
  ['closure_track', { item_id: TAXONOMY.track }],
  ['closure_album', { item_id: TAXONOMY.album }],
  ['closure_amount_top', {}],
  ['closure_amount_top', { com_prov: '测试省1' }],
  ['closure_valuation_top', { cat_id: TAXONOMY.cat }],
  ['closure_horse_unicorn', { horse_unicorn: 2 }],
  ['closure_amount_top', { com_prov: '测试省1', sort: 3 }],
  ['closure_valuation_top', { cat_id: TAXONOMY.cat, sort: 1 }],
  ['closure_horse_unicorn', { horse_unicorn: 2, sort: 2 }],
  ['starmarket_applicants', { state: 9840 }],
  ['starmarket_listed', {}],
  ['starmarket_amount_top', {}],
];

async function plan(sql: string, params: unknown[]) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/**
 * The closed-company rankings read their top 100 off the head of the measure's index, then number
 * and order those (at most 100) rows, so a sort of that small set is expected there.
 */
const TOP_100 = new Set(['closure_amount_top', 'closure_valuation_top', 'closure_horse_unicorn']);

/** A full pass over a table's rows (a scan of an index is an index walk, which OFFSET and COUNT need). */
const tableScan = (d: string) => /^SCAN (x|closures|starmarket_companies)\b/.test(d) && !/USING (COVERING )?INDEX/.test(d);

describe('export query plans', () => {
  it.each(CASES)('%s %j reads through indexes: counts and offsets walk an index, pages seek from the cursor', async (name, raw) => {
    await seedClosures(30);
    await seedStarmarket(10);
    const kind = EXPORT_KINDS[name];
    const q = await kind.query(kind.params.parse(raw), db(), { userId: 1 });
    const count = await plan(exportSql.count(q).sql, exportSql.count(q).params);
    const keyAt = await plan(exportSql.keyAt(q, 10).sql, exportSql.keyAt(q, 10).params);
    const page = exportSql.page(q, q.key.map(() => 1), 500);
    const pagePlan = await plan(page.sql, page.params);
    for (const d of [...count, ...keyAt, ...pagePlan]) expect(tableScan(d), `${d}`).toBe(false);
    if (TOP_100.has(name)) {
      // Every statement takes its members from a seek on the measure's index (LIMIT 100), and joins closures by primary key.
      for (const p of [count, keyAt, pagePlan]) expect(p.join('\n')).toMatch(/^SEARCH closures USING (COVERING )?INDEX closures_\w*(money|valuation)_idx \(/m);
      expect(pagePlan).toContain('SEARCH closures USING INTEGER PRIMARY KEY (rowid=?)');
      return;
    }
    // The page read starts with a seek on the sort index at the cursor, and needs no sort of its own.
    expect(pagePlan[0]).toMatch(/^SEARCH (closures|x|starmarket_companies) USING (COVERING )?INDEX \S+ \(.*[<>]/);
    expect(pagePlan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
