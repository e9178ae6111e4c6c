/**
 * What a visitor's /health shows is the same for every visitor: GET /api/medical, /medical/data,
 * /medical/block and /medical/chart answer a visitor's default request as public and the edge cache
 * keeps it (lib/cache.ts); a signed-in request never reads or stores it, and what a visitor is
 * refused (another page, a tag, a chart condition) is never stored.
 */
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CACHE_STATUS_HEADER } from '../../../worker/src/lib/cache';
import { makeUser } from '../helpers';
import { baseRounds, makeAtlas, makeCompany, makeEvent, makeNews } from './fixtures';

const get = (path: string, token?: string) => SELF.fetch(`http://localhost${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const body = async (res: Response) => (await res.json()) as { status: string; code?: string; data: Record<string, unknown> };

let user = '';
let comId = 0;

beforeAll(async () => {
  user = (await makeUser()).token;
  await baseRounds();
  const atlas = await makeAtlas(1);
  comId = await makeCompany({ name: '缓存医疗甲', totalMoney: 1000, tags: [atlas.field, atlas.tags[0]], born: [2018, 1], lastInvse: 20230101 });
  await makeEvent({ comId, date: 20230101, money: 1000, roundId: 2 });
  await makeNews({ date: 20240101 });
});

describe("a visitor's /health from the edge cache", () => {
  for (const path of ['/api/medical', '/api/medical/data?type=event', '/api/medical/block?type=company', '/api/medical/chart']) {
    it(`${path}: stored for visitors, served again until it expires; a signed-in reader sees the database`, async () => {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
      expect(first.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=\d+/);
      const stored = await body(first);

      // New data after it was stored: a visitor still gets the stored answer, a signed-in user the new one.
      const later = await makeCompany({ name: `缓存医疗${path.length}`, totalMoney: 9000, tags: [], born: [2021, 1], lastInvse: 20250101 });
      await makeEvent({ comId: later, date: 20250101, money: 9000, roundId: 2 });
      await makeNews({ date: 20250101 });
      const second = await get(path);
      expect(second.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
      expect(await body(second)).toEqual(stored);
      const signedIn = await get(path, user);
      expect(signedIn.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(signedIn.headers.get('Cache-Control')).toBe('private, no-store');
      expect(await body(signedIn)).not.toEqual(stored);
    });
  }

  it('a refusal is never stored: page 2 asks a visitor to log in every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/medical?type=news&page=2');
      expect(res.status).toBe(401);
      expect(res.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect((await body(res)).code).toBe('LOGIN_REQUIRED');
    }
  });
});
