import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure } from './fixtures';
import { call, makeUser } from '../helpers';

/**
 * akshare's death_company() replayed exactly: empty parameters, the bare token in Authorization
 * (no "Bearer"), and the seven fields it reads from data.info. (Raw `call`: the point is the exact
 * request a script sends, which the typed client would normalise.)
 */
const AKSHARE_FIELDS = ['com_name', 'born', 'com_change_close_date', 'live_time', 'total_money', 'cat_name', 'com_prov'];

let token: string;
beforeAll(async () => {
  await baseTaxonomy();
  for (let i = 0; i < 25; i++) await makeClosure({ prov: '脚本省', born: 20150301, close: 20190101 + i });
  token = (await makeUser()).token;
});

describe('a scripted client (akshare death_company)', () => {
  it('reads pages 1 and 2 with a bare token and gets the seven fields, live_time in days', async () => {
    for (const page of [1, 2]) {
      const res = await call(`/api/closure?com_prov=&sort=&page=${page}&keyword=&cat_id=`, { headers: { Authorization: token } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = res.body.data.info as Record<string, unknown>[];
      expect(rows).toHaveLength(10);
      for (const row of rows) for (const f of AKSHARE_FIELDS) expect(row, f).toHaveProperty(f);
    }
    const mine = await call('/api/closure?com_prov=脚本省&page=1', { headers: { Authorization: token } });
    // 2015-03-01 to 2019-01-25 (the latest closing, first on page 1): 1,426 days.
    const row = (mine.body.data.info as { com_change_close_date: string; live_time: number }[]).find((r) => r.com_change_close_date === '2019-01-25');
    expect(row?.live_time).toBe(1426);
  });

  it('still refuses a bare string that is not a live session', async () => {
    const res = await call('/api/closure?page=2', { headers: { Authorization: 'not-a-token' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('LOGIN_REQUIRED');
  });
});
