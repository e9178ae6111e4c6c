import { afterEach, describe, expect, it } from 'vitest';
import { visitorMayAsk } from '../../../web/src/generated/visitor-rules';
import { visiblePage } from '../../../web/src/features/entity/usePager';
import { setToken } from '../../../web/src/lib/token';

describe('the entity lists read the declared visitor rules (web/src/generated/visitor-rules.ts)', () => {
  afterEach(() => setToken(null));

  it('a visitor is kept on the page the route fixes; a signed-in reader gets the page asked for', () => {
    expect(visiblePage('GET /api/news', 3)).toBe(1);
    expect(visiblePage('GET /api/investfirm/:id/closures', undefined)).toBe(1);
    setToken('a-token');
    expect(visiblePage('GET /api/news', 3)).toBe(3);
    expect(visiblePage('GET /api/news', undefined)).toBe(1);
  });

  it('the filters a link carries are a visitor\'s to set; a tab outside the set is not', () => {
    expect(visitorMayAsk('GET /api/news', { scope: '医疗健康', tag: '基因检测', page: 1 })).toBe(true);
    expect(visitorMayAsk('GET /api/news', { scope: '医疗健康', page: 2 })).toBe(false);
    expect(visitorMayAsk('GET /api/medical/data', { type: 'broker_report' })).toBe(true);
    expect(visitorMayAsk('GET /api/medical/data', { type: 'ipo_rank' })).toBe(false);
    expect(visitorMayAsk('GET /api/medical', { type: ['basic', 'event'] })).toBe(true);
    expect(visitorMayAsk('GET /api/medical', { type: ['event', 'news'] })).toBe(false);
  });
});
