import { describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { keyUse } from '../../../worker/src/apikeys/policy';
import { freshIsolate, keyed, userWithKey } from './fixtures';

const POLICY = policy();
const KEY_REFUSED = 'API 密钥不能调用这个接口（管理密钥、账户、订单、评论等需要登录后在网站上操作）';

describe('what a key may call, over every route', () => {
  it('reads pass; spending needs the scope; everything else needs a session', async () => {
    freshIsolate();
    // A super-VIP's keys: the access level never stands in the way, only the key's own rules.
    const reader = await userWithKey({ role: 'svip', coins: 0 });
    const spender = await userWithKey({ role: 'svip', scope: 'spend', coins: 0 });
    const failures: string[] = [];
    const counts = { read: 0, spend: 0, session: 0 };
    for (const [route, entry] of Object.entries(POLICY)) {
      const [method, pattern] = route.split(' ');
      const path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, '1');
      const use = keyUse(route, entry);
      counts[use]++;
      const json = method === 'GET' ? undefined : {};
      const res = await keyed(path, reader.key, { method, json });
      const got = `${res.status} ${res.body?.code ?? ''} ${res.body?.msg ?? ''}`;
      // A payment provider's notify answers any refusal in its own protocol (order/notify.ts), never the envelope.
      const notify = pattern.startsWith('/api/pay/notify/');
      if (use === 'session' && notify && res.body?.status === 'success') failures.push(`${route}: expected a refusal, got ${got}`);
      if (use === 'session' && !notify && (res.status !== 401 || res.body?.msg !== KEY_REFUSED)) failures.push(`${route}: expected the session-only refusal, got ${got}`);
      if (use === 'spend' && res.body?.code !== 'SCOPE_REQUIRED') failures.push(`${route}: expected SCOPE_REQUIRED, got ${got}`);
      if (use === 'read' && (res.status >= 500 || ['LOGIN_REQUIRED', 'SCOPE_REQUIRED', 'VIP_REQUIRED', 'SVIP_REQUIRED'].includes(res.body?.code))) {
        failures.push(`${route}: expected a key to pass, got ${got}`);
      }
      if (use === 'spend') {
        const paid = await keyed(path, spender.key, { method, json });
        if (['LOGIN_REQUIRED', 'SCOPE_REQUIRED'].includes(paid.body?.code) || paid.status >= 500) failures.push(`${route}: a spend key should pass, got ${paid.status} ${paid.body?.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(counts.read).toBeGreaterThan(60);
    expect(counts.spend).toBe(6);
  });
});
