/**
 * An event names its investors lead first (the order they were written, the rows' rowid). Indexes on
 * invest_event_investors (by firm, for a firm's investments and the healthcare FA ranking) once made
 * SQLite hand them back by firm id instead: every read that shows an event's investors must keep the
 * event's order. Here the lead has the largest firm id, so an order by id would put it last.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDigest } from '../../../worker/src/digest/content';
import type { Db } from '../../../worker/src/env';
import { db, makeUser } from '../helpers';
import { makeCompany, makeEvent, makeFirm, taxonomy } from '../entity/fixtures';

const DATE = 20301231;
let eventId = 0;
let comId = 0;
let token = '';
const NAMES = ['领投资本', '跟投一号', '跟投二号'];

beforeAll(async () => {
  await taxonomy();
  comId = await makeCompany('领投排序测试', { medical: true });
  // Firm ids ascending in the order 跟投一号, 跟投二号, 领投资本: the lead's id is the largest.
  const follow1 = await makeFirm(NAMES[1]);
  const follow2 = await makeFirm(NAMES[2]);
  const lead = await makeFirm(NAMES[0]);
  eventId = await makeEvent(
    comId,
    DATE,
    [
      { firm: lead, name: NAMES[0] },
      { firm: follow1, name: NAMES[1] },
      { firm: follow2, name: NAMES[2] },
    ],
    { scope: '医疗健康', money: 20000 },
  );
  // The premise: read by firm id (as the covering index does) the lead comes last.
  const byId = await env.DB.prepare('SELECT invst_name FROM invest_event_investors WHERE event_id = ? ORDER BY invst_id').bind(eventId).all<{ invst_name: string }>();
  expect(byId.results.map((r) => r.invst_name)).toEqual([NAMES[1], NAMES[2], NAMES[0]]);
  token = (await makeUser({ role: 'vip' })).token;
});

const get = async (path: string) => {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: unknown; msg?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data as Record<string, unknown>;
};
const names = (invst: { name: string }[]) => invst.map((i) => i.name);

describe('an event lists its investors lead first everywhere', () => {
  it('the event page', async () => {
    const data = await get(`/api/investevent/${eventId}`);
    const row = (data.info ?? data) as { invst: { name: string }[] };
    expect(names(row.invst)).toEqual(NAMES);
  });

  it('the /investevent list', async () => {
    const data = await get('/api/investevent');
    const row = (data.info as { id: number; invst: { name: string }[] }[]).find((r) => r.id === eventId)!;
    expect(row, 'the newest event is on page 1').toBeDefined();
    expect(names(row.invst)).toEqual(NAMES);
  });

  it("the company's financing history", async () => {
    const data = await get(`/api/company/${comId}`);
    const text = JSON.stringify(data);
    // Whatever the section is called, the three names appear lead first.
    const at = NAMES.map((n) => text.indexOf(n));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('the healthcare financing events tab (/health)', async () => {
    const data = await get('/api/medical?type=event');
    const list = (data.event as { data: { id: number; invst: { name: string }[] }[] }).data;
    const row = list.find((r) => r.id === eventId)!;
    expect(row, 'the newest healthcare event is on page 1').toBeDefined();
    expect(names(row.invst)).toEqual(NAMES);
  });

  it('the daily healthcare e-mail', async () => {
    const digest = await loadDigest(db() as unknown as Db, DATE, DATE);
    const ev = digest.events.find((e) => e.id === eventId)!;
    expect(ev).toBeDefined();
    expect(ev.investors.map((i) => i.name)).toEqual(NAMES);
  });
});
