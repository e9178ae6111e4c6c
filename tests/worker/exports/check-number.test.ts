import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf } from '../client';
import { seedClosures } from './fixtures';
import { balance, ledgerSum, makeUser } from '../helpers';

/** Spec §7: closure_down_check takes `number`, the rows the user will download. */
let big: { prov: string };
beforeAll(async () => {
  big = await seedClosures(6000);
});

describe('closure_down_check and closure_down honour number', () => {
  it('quotes only the rows asked for: number=2000 of 6,000 is one file of 2000 at its own price', async () => {
    const u = await makeUser({ coins: 1000 });
    const quote = await dataOf(api(u.token).closure.closure_down_check.$get({ query: { down_type: '0', com_prov: big.prov, number: '2000' } }));
    expect(quote).toMatchObject({ rows: 2000, batches: 1, jzb_down: 200 });
    expect(quote.files).toEqual([{ page: 1, per_page: 2000, from: 1, to: 2000, rows: 2000, coins: 200 }]);
    const all = await dataOf(api(u.token).closure.closure_down_check.$get({ query: { down_type: '0', com_prov: big.prov } }));
    expect(all).toMatchObject({ rows: 6000, batches: 3, jzb_down: 600 });
  });

  it('caps number at the rows that match, and charges the download exactly what was quoted', async () => {
    const u = await makeUser({ coins: 1000 });
    const quote = await dataOf(api(u.token).closure.closure_down_check.$get({ query: { down_type: '0', com_prov: big.prov, number: '99999' } }));
    expect(quote.rows).toBe(6000);
    const partial = await dataOf(api(u.token).closure.closure_down_check.$get({ query: { down_type: '0', com_prov: big.prov, number: '2500' } }));
    expect(partial).toMatchObject({ rows: 2500, batches: 2, jzb_down: 250 });
    const created = await dataOf(
      api(u.token, { 'Idempotency-Key': `number-${u.id}-2500` }).closure.closure_down.$post({ json: { down_type: 0, com_prov: big.prov, number: 2500 } }),
    );
    expect(created).toMatchObject({ rows: 2500, batches: 2, jzb_down: partial.jzb_down });
    expect(created.records.map((r) => [r.from, r.to])).toEqual([
      [1, 2000],
      [2001, 2500],
    ]);
    expect(await balance(u.id)).toBe(1000 - 250);
    expect(await ledgerSum(u.id)).toBe(await balance(u.id));
  });
});
