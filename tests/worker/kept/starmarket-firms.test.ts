/**
 * The STAR-market institution ranking (/api/starmarket/invst_top) reads kept rows two joins away
 * from its sources: starmarket_events (events × STAR companies) and starmarket_firm_links
 * (investors × starmarket_events). After every kind of write on the three source tables, each
 * firm's event count and case companies equal what the sources say now.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf } from '../client';
import { makeUser } from '../helpers';
import { makeFirm, makeStars, nextId, starTaxonomy, type MadeStar } from '../starmarket/fixtures';

let user: string;
let firmA: number;
let firmB: number;
let x: MadeStar;
let y: MadeStar;
let z: MadeStar;

beforeAll(async () => {
  user = (await makeUser()).token;
  await starTaxonomy();
  firmA = await makeFirm('样例甲资本');
  firmB = await makeFirm('样例乙资本');
  const a: [number, string] = [firmA, '样例甲资本'];
  const b: [number, string] = [firmB, '样例乙资本'];
  [x, y, z] = await makeStars([
    { name: '样例芯片甲', totalMoney: 500, events: [[20200101, 100, [a, b]], [20210101, 200, [a]]] },
    { name: '样例芯片乙', totalMoney: 300, events: [[20200301, 100, [a]]] },
    { name: '样例芯片丙', totalMoney: 100, events: [[20200501, 100, [a, b, [0, '某自然人']]]] },
  ]);
});

/** Each firm's count and cases from the source tables as they stand. */
async function fresh(firm: number) {
  const pairs = `FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id JOIN starmarket_companies s ON s.com_id = e.com_id WHERE i.invst_id = ?`;
  const { n } = (await env.DB.prepare(`SELECT count(*) AS n ${pairs}`).bind(firm).first<{ n: number }>())!;
  const cases = await env.DB.prepare(`SELECT DISTINCT s.com_id, s.com_name, s.total_money, s.m_com_id ${pairs} ORDER BY s.total_money DESC, s.m_com_id DESC LIMIT 3`)
    .bind(firm)
    .all<{ com_id: number; com_name: string }>();
  return { n, com: cases.results.map((c) => ({ com_id: c.com_id, com_name: c.com_name })) };
}

async function expectRanking(when: string) {
  const ranked = await dataOf(api(user).starmarket.invst_top.$post({ json: { limit: 100 } }));
  for (const firm of [firmA, firmB]) {
    const want = await fresh(firm);
    const got = ranked.find((f) => f.invst_id === firm);
    if (want.n === 0) expect(got, `${when}: firm ${firm} has no events and is not ranked`).toBeUndefined();
    else expect({ n: got?.count, com: got?.com }, `${when}: firm ${firm}`).toEqual(want);
  }
  expect(ranked.some((f) => f.invst_id === 0), 'investors outside the firm database are not ranked').toBe(false);
}

describe('the STAR-market institution ranking follows its three source tables', () => {
  it('counts every event of a firm in STAR companies and shows the largest financing totals first', async () => {
    await expectRanking('after the companies went in');
    const ranked = await dataOf(api(user).starmarket.invst_top.$post({ json: { limit: 100 } }));
    expect(ranked.find((f) => f.invst_id === firmA)).toMatchObject({ count: 4, com: [{ com_id: x.comId }, { com_id: y.comId }, { com_id: z.comId }] });
    expect(ranked.find((f) => f.invst_id === firmB)).toMatchObject({ count: 2, com: [{ com_id: x.comId }, { com_id: z.comId }] });
  });

  it('moves a company among the cases when its financing total changes', async () => {
    await env.DB.prepare('UPDATE starmarket_companies SET total_money = 900 WHERE m_com_id = ?').bind(z.mComId).run();
    await expectRanking('after a financing total changed');
    const ranked = await dataOf(api(user).starmarket.invst_top.$post({ json: { limit: 100 } }));
    expect(ranked.find((f) => f.invst_id === firmA)?.com.map((c) => c.com_id)).toEqual([z.comId, x.comId, y.comId]);
  });

  it('follows an event moved to another company, and a deleted event', async () => {
    await env.DB.prepare('UPDATE invest_events SET com_id = ? WHERE id = ?').bind(y.comId, x.eventIds[0]).run();
    await expectRanking('after an event moved to another company');
    await env.DB.prepare('DELETE FROM invest_events WHERE id = ?').bind(y.eventIds[0]).run();
    await expectRanking('after an event was deleted');
  });

  it('follows investors removed, added and changed', async () => {
    await env.DB.prepare('DELETE FROM invest_event_investors WHERE invst_id = ?').bind(firmB).run();
    await expectRanking('after a firm lost its investments');
    await env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '样例乙资本', 'invst')").bind(z.eventIds[0], firmB).run();
    await expectRanking('after a firm invested again');
    await env.DB.prepare('UPDATE invest_event_investors SET invst_id = ? WHERE event_id = ? AND invst_id = 0').bind(firmB, z.eventIds[0]).run();
    await expectRanking('after an unnamed investor was matched to a firm');
  });

  it('follows a STAR company whose events were recorded before it, and a deleted company', async () => {
    // An event of a company that has no STAR-market row yet, then the STAR row pointed at it.
    const comId = nextId();
    const event = nextId();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO invest_events (id, com_id, round_id, money, date) VALUES (?, ?, 3, 100, 20220101)').bind(event, comId),
      env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '样例甲资本', 'invst')").bind(event, firmA),
    ]);
    await expectRanking('after an event of a company outside the STAR market');
    await env.DB.prepare('UPDATE starmarket_companies SET com_id = ? WHERE m_com_id = ?').bind(comId, y.mComId).run();
    await expectRanking('after a STAR company took that company');
    await env.DB.prepare('DELETE FROM starmarket_companies WHERE m_com_id = ?').bind(x.mComId).run();
    await expectRanking('after a STAR company was deleted');
    const ranked = await dataOf(api(user).starmarket.invst_top.$post({ json: { limit: 100 } }));
    expect(ranked.flatMap((f) => f.com.map((c) => c.com_id))).not.toContain(x.comId);
  });
});
