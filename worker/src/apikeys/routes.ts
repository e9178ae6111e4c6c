/**
 * /api/keys: a signed-in user's API keys (a key itself can never call these: apikeys/policy.ts).
 */
import type { AppEnv } from '../env';
import { currentUser } from '../auth/access';
import { ok } from '../lib/envelope';
import { createArea, defineRoute, jsonBody } from '../lib/route';
import type { Context } from 'hono';
import { tierOf } from './auth';
import { BLOCK_CALLS, BLOCK_COINS, FREE_PER_MONTH, MAX_KEYS, PRICE_TEXT, RATE_PER_MINUTE } from './constants';
import { createKey, listKeys, ownKey, revokeKey, rotateKey } from './keys';
import { flushUsageLogged } from './meter';
import * as S from './schemas';
import { keyUsage } from './usage';

const SESSION_NOTE = '只能用登录会话调用，API 密钥不能管理密钥';

const list = defineRoute({
  method: 'get',
  path: '/',
  access: 'login',
  summary: '我的 API 密钥（按前缀列出，含创建与最近使用时间）及我的调用额度',
  note: SESSION_NOTE,
  data: S.keyList,
});

const create = defineRoute({
  method: 'post',
  path: '/',
  access: 'login',
  summary: '创建 API 密钥：{ name, scope }，返回 { id, key, prefix }；完整密钥只返回这一次',
  note: SESSION_NOTE,
  request: { body: jsonBody(S.createInput) },
  data: S.secret,
});

const revoke = defineRoute({
  method: 'delete',
  path: '/{id}',
  access: 'login',
  summary: '吊销 API 密钥：立即在本节点失效，60 秒内在所有节点失效',
  note: SESSION_NOTE,
  request: { params: S.keyId },
  data: S.keyRow,
});

const rotate = defineRoute({
  method: 'post',
  path: '/{id}/rotate',
  access: 'login',
  summary: '轮换 API 密钥：同一个密钥换新的密文（旧的立即停用），返回 { id, key, prefix }',
  note: SESSION_NOTE,
  request: { params: S.keyId },
  data: S.secret,
});

const usage = defineRoute({
  method: 'get',
  path: '/{id}/usage',
  access: 'login',
  summary: '密钥的用量：近 30 天每天的调用次数与花费的桔子币、各接口的调用次数、本月额度',
  note: SESSION_NOTE,
  request: { params: S.keyId },
  data: S.usage,
});

const limitsOf = (c: Context<AppEnv>) => {
  const tier = tierOf(currentUser(c));
  return {
    tier,
    rate_per_minute: RATE_PER_MINUTE[tier],
    free_per_month: FREE_PER_MONTH[tier],
    block_calls: BLOCK_CALLS,
    block_coins: BLOCK_COINS,
    max_keys: MAX_KEYS,
    price: PRICE_TEXT,
  };
};

export const apiKeyRoutes = createArea()
  .openapi(list, async (c) => {
    // This isolate's counted calls first (through the request's session, whose later reads see
    // them), so last-used times include the calls just made. A failed write keeps the counts for the
    // next flush and the list is still answered.
    await flushUsageLogged(c.get('db'));
    return ok(c, { info: await listKeys(c.get('db'), currentUser(c).id), limits: limitsOf(c) });
  })
  .openapi(create, async (c) => {
    const { name, scope } = c.req.valid('json');
    return ok(c, await createKey(c.get('db'), currentUser(c).id, name, scope));
  })
  .openapi(revoke, async (c) => ok(c, await revokeKey(c.get('db'), currentUser(c).id, c.req.valid('param').id)))
  .openapi(rotate, async (c) => ok(c, await rotateKey(c.get('db'), currentUser(c).id, c.req.valid('param').id)))
  .openapi(usage, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    await ownKey(c.get('db'), user.id, id);
    // This isolate's counted calls first, so the developer sees the calls just made.
    await flushUsageLogged(c.get('db'));
    return ok(c, await keyUsage(c.get('db'), user.id, id, tierOf(user)));
  });

export type KeyRoutes = typeof apiKeyRoutes;
