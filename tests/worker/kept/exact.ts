/** The kept lists, cards and cases next to fresh counts, on the test's D1 (compare.ts). */
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { KeptList } from '../../../worker/src/db/kept/shape.ts';
import { compareKeptWith, keptAndFreshWith, type Row } from './compare.ts';

const all = async (sql: string) => (await env.DB.prepare(sql).all<Row>()).results;

export const compareKept = (list: KeptList) => compareKeptWith(all, list);

export const keptAndFresh = () => keptAndFreshWith(all);

/** Asserts that nothing kept drifted from its sources. */
export async function expectKeptExact() {
  const r = await keptAndFresh();
  for (const [name, c] of Object.entries(r.lists)) expect(c.kept, name).toEqual(c.fresh);
  expect(r.cards.kept, 'closure_cards').toEqual(r.cards.fresh);
  expect(r.cases.kept, 'closure_firm_stats.cases').toEqual(r.cases.fresh);
  expect(r.bulkFlag, 'kept_bulk').toEqual(0);
}
