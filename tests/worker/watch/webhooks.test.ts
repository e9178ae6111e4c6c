/**
 * VIP webhooks: registration (VIP only, secret shown once, SSRF refusal in a deployment), new
 * matches as deliveries signed per Standard Webhooks and checked by the maintained verifier, one
 * alert per user per row change, retries with exponential backoff, the delivery log, and an
 * endpoint disabled after repeated failures with an e-mail to its owner. The receiver is a function
 * standing where the network would be; the running stack's e2e test posts to a real local server.
 */
import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkEndpointUrl, isPrivateAddress, WEBHOOK_DISABLE_AFTER, WEBHOOK_MAX_ATTEMPTS } from '../../../worker/src/watch/endpoints';
import { attemptDelivery, backoffSeconds, planWebhooks, type Poster } from '../../../worker/src/watch/webhooks';
import { baseTaxonomy, makeClosure, SECTOR } from '../closure/fixtures';
import { recordingMail, textPart } from '../digest/fixtures';
import { createSession } from '../../../worker/src/auth/session';
import { call, db, makeUser, type TestUser } from '../helpers';

let vip: TestUser;
let user: TestUser;
beforeAll(async () => {
  await baseTaxonomy();
  [vip, user] = await Promise.all([makeUser({ role: 'vip' }), makeUser()]);
});

const tick = () => new Promise((r) => setTimeout(r, 5));
const save = (who: TestUser, name: string, query: Record<string, unknown>) =>
  call('/api/saved_searches', { token: who.token, json: { name, area: 'closure', query } }).then((r) => r.body.data);

interface Received {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver that answers `status` and writes down what it got. */
function receiver(status = 204): { post: Poster; got: Received[] } {
  const got: Received[] = [];
  return {
    got,
    post: async (url, init) => {
      got.push({ url, headers: Object.fromEntries(new Headers(init.headers).entries()), body: String(init.body) });
      return new Response(null, { status });
    },
  };
}

const deliveryIds = async (endpointId: number) =>
  (await env.DB.prepare('SELECT id FROM watch_webhook_deliveries WHERE endpoint_id = ? ORDER BY id').bind(endpointId).all<{ id: number }>()).results.map((r) => r.id);

describe('registering', () => {
  it('only a VIP adds one; the secret is shown once; another user’s search is 404', async () => {
    const s = await save(user, '用户的', {});
    const refused = await call(`/api/saved_searches/${s.id}/webhooks`, { token: user.token, json: { url: 'https://hooks.example.com/a' } });
    expect(refused.body.code).toBe('VIP_REQUIRED');
    const v = await save(vip, 'VIP的', {});
    const r = await call(`/api/saved_searches/${v.id}/webhooks`, { token: vip.token, json: { url: 'https://hooks.example.com/a' } });
    expect(r.body.data).toMatchObject({ url: 'https://hooks.example.com/a', status: 'active' });
    expect(r.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await call(`/api/saved_searches/${v.id}/webhooks`, { token: vip.token });
    expect(listed.body.data).toEqual([{ id: r.body.data.id, url: 'https://hooks.example.com/a', status: 'active', failures: 0, created_at: expect.any(Number), disabled_at: null, deliveries: [] }]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    const other = await makeUser({ role: 'vip' });
    expect((await call(`/api/saved_searches/${v.id}/webhooks`, { token: other.token })).status).toBe(404);
    expect((await call(`/api/saved_searches/${v.id}/webhooks/${r.body.data.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await call(`/api/saved_searches/${v.id}/webhooks/${r.body.data.id}`, { method: 'DELETE', token: vip.token })).body.data).toEqual({ id: r.body.data.id, deleted: true });
  });

  it('a deployment refuses plain http, localhost and IP literals in private, loopback and link-local ranges; the local stack allows them', () => {
    const prod = 'https://juzi.example.com';
    for (const url of [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'not a url',
    ]) {
      expect(() => checkEndpointUrl(url, prod), url).toThrow();
    }
    expect(checkEndpointUrl('https://hooks.example.com/x', prod)).toBe('https://hooks.example.com/x');
    expect(checkEndpointUrl('https://8.8.8.8/x', prod)).toBe('https://8.8.8.8/x');
    expect(checkEndpointUrl('http://127.0.0.1:9999/hook', 'http://localhost:8787')).toBe('http://127.0.0.1:9999/hook');
    expect(isPrivateAddress('172.32.0.1')).toBe(false);
  });
});

describe('delivering', () => {
  it('a new match is posted once, signed per Standard Webhooks; a row matching two of the user’s searches is one alert', async () => {
    const s1 = await save(vip, '山东', { com_prov: '山东' });
    const s2 = await save(vip, '山东电商', { com_prov: '山东', cat_id: SECTOR.shop });
    const h1 = (await call(`/api/saved_searches/${s1.id}/webhooks`, { token: vip.token, json: { url: 'https://hooks.example.com/one' } })).body.data;
    const h2 = (await call(`/api/saved_searches/${s2.id}/webhooks`, { token: vip.token, json: { url: 'https://hooks.example.com/two' } })).body.data;
    await tick();
    const hit = await makeClosure({ name: '山东新关闭', prov: '山东', close: 20261201 });
    await tick();
    expect(await planWebhooks(env)).toBe(1);
    expect(await planWebhooks(env)).toBe(0);
    expect(await deliveryIds(h2.id)).toEqual([]);
    const [id] = await deliveryIds(h1.id);
    const rx = receiver(200);
    expect(await attemptDelivery(env, id!, Date.now(), rx.post)).toEqual({ outcome: 'delivered' });
    expect(await attemptDelivery(env, id!, Date.now(), rx.post)).toEqual({ outcome: 'skipped' });
    expect(rx.got).toHaveLength(1);
    const got = rx.got[0]!;
    expect(got.url).toBe('https://hooks.example.com/one');
    // The maintained verifier accepts it under the endpoint's secret, and refuses it under another.
    const payload = new Webhook(h1.secret).verify(got.body, got.headers) as { type: string; data: { item: { url: string; title: string } } };
    expect(payload.type).toBe('saved_search.match');
    expect(payload.data.item).toMatchObject({ url: `${env.APP_ORIGIN}/company/${hit}`, title: '山东新关闭（天使轮）' });
    expect(() => new Webhook(h2.secret).verify(got.body, got.headers)).toThrow();
    expect(got.headers['webhook-id']).toMatch(/^msg_closures_\d+_\d+$/);
    const log = (await call(`/api/saved_searches/${s1.id}/webhooks`, { token: vip.token })).body.data[0].deliveries;
    expect(log).toMatchObject([{ status: 'delivered', attempts: 1, last_status: 200, last_error: '', title: '山东新关闭（天使轮）' }]);
  });

  it('a failing receiver is retried with exponential backoff, the delivery fails after the last attempt, and repeated failures disable the endpoint with an e-mail', async () => {
    const s = await save(vip, '江苏', { com_prov: '江苏' });
    const h = (await call(`/api/saved_searches/${s.id}/webhooks`, { token: vip.token, json: { url: 'https://hooks.example.com/down' } })).body.data;
    await tick();
    await makeClosure({ name: '江苏一', prov: '江苏', close: 20261202 });
    await makeClosure({ name: '江苏二', prov: '江苏', close: 20261202 });
    await tick();
    expect(await planWebhooks(env)).toBe(2);
    const [first, second] = await deliveryIds(h.id);
    const rx = receiver(500);
    let t = Date.now();
    const delays: (number | undefined)[] = [];
    // Not due before its backoff has passed.
    for (let i = 1; i <= WEBHOOK_MAX_ATTEMPTS; i++) {
      const r = await attemptDelivery(env, first!, t, rx.post);
      delays.push(r.delaySeconds);
      expect(await attemptDelivery(env, first!, t + 1000, rx.post)).toEqual({ outcome: 'skipped' });
      t += (r.delaySeconds ?? 0) * 1000;
    }
    expect(delays).toEqual([backoffSeconds(1), backoffSeconds(2), backoffSeconds(3), backoffSeconds(4), undefined]);
    expect(delays.slice(0, 4)).toEqual([30, 120, 480, 1920]);
    let log = (await call(`/api/saved_searches/${s.id}/webhooks`, { token: vip.token })).body.data[0];
    expect(log.deliveries.find((d: { id: number }) => d.id === first)).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, last_status: 500, last_error: 'HTTP 500' });
    expect(log.status).toBe('active');

    const mail = recordingMail();
    for (let i = WEBHOOK_MAX_ATTEMPTS; i < WEBHOOK_DISABLE_AFTER; i++) {
      const r = await attemptDelivery(mail.env, second!, t, rx.post);
      t += (r.delaySeconds ?? 0) * 1000;
      if (i === WEBHOOK_DISABLE_AFTER - 1) expect(r).toMatchObject({ outcome: 'failed', disabled: true });
    }
    log = (await call(`/api/saved_searches/${s.id}/webhooks`, { token: vip.token })).body.data[0];
    expect(log).toMatchObject({ status: 'disabled', failures: WEBHOOK_DISABLE_AFTER });
    expect(mail.sent.map((m) => m.to)).toEqual([vip.account]);
    // A disabled endpoint gets nothing more.
    await tick();
    await makeClosure({ name: '江苏三', prov: '江苏', close: 20261203 });
    await tick();
    expect(await planWebhooks(env)).toBe(0);
    expect(textPart(mail.sent[0]!.raw)).toContain('请在“我的订阅”中重新启用');

    // Switched back on by its owner only: a clean run of failures, what matched while off is not replayed, the next match is posted.
    const other = await makeUser({ role: 'vip' });
    expect((await call(`/api/saved_searches/${s.id}/webhooks/${h.id}`, { method: 'PATCH', token: other.token, json: { active: true } })).status).toBe(404);
    expect((await call(`/api/saved_searches/${s.id}/webhooks/${h.id + 999}`, { method: 'PATCH', token: vip.token, json: { active: true } })).status).toBe(404);
    const bad = await call(`/api/saved_searches/${s.id}/webhooks/${h.id}`, { method: 'PATCH', token: vip.token, json: { active: false } });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringContaining('active 只能是 true') });
    const on = await call(`/api/saved_searches/${s.id}/webhooks/${h.id}`, { method: 'PATCH', token: vip.token, json: { active: true } });
    expect(on.body.data).toEqual({ id: h.id, status: 'active', failures: 0 });
    log = (await call(`/api/saved_searches/${s.id}/webhooks`, { token: vip.token })).body.data[0];
    expect(log).toMatchObject({ status: 'active', failures: 0, disabled_at: null });
    expect(await planWebhooks(env)).toBe(0);
    await tick();
    await makeClosure({ name: '江苏四', prov: '江苏', close: 20261204 });
    await tick();
    expect(await planWebhooks(env)).toBe(1);
    const fourth = (await deliveryIds(h.id)).at(-1)!;
    const ok = receiver(200);
    expect(await attemptDelivery(env, fourth, Date.now(), ok.post)).toEqual({ outcome: 'delivered' });
    expect(JSON.parse(ok.got[0]!.body).data.item.title).toContain('江苏四');
  });

  it('a lapsed membership posts nothing and may not switch an endpoint back on; a renewal does not replay the gap', async () => {
    const member = await makeUser({ role: 'vip' });
    const s = await save(member, '广西', { com_prov: '广西' });
    const h = (await call(`/api/saved_searches/${s.id}/webhooks`, { token: member.token, json: { url: 'https://hooks.example.com/lapse' } })).body.data;
    const ends = await env.DB.prepare('SELECT max(ends_at) AS e FROM memberships WHERE user_id = ?').bind(member.id).first<{ e: number }>();
    await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(Date.now() - 1, member.id).run();
    await tick();
    await makeClosure({ name: '广西新关闭', prov: '广西', close: 20261203 });
    await tick();
    expect(await planWebhooks(env)).toBe(0);
    expect(await deliveryIds(h.id)).toEqual([]);
    // A fresh session of the same user, so no kept session still says VIP.
    const { token } = await createSession(db(), member.id);
    expect((await call(`/api/saved_searches/${s.id}/webhooks/${h.id}`, { method: 'PATCH', token, json: { active: true } })).body.code).toBe('VIP_REQUIRED');
    await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(ends!.e, member.id).run();
    expect(await planWebhooks(env)).toBe(0);
  });

  it('a paused search posts nothing', async () => {
    const s = await save(vip, '福建', { com_prov: '福建' });
    const h = (await call(`/api/saved_searches/${s.id}/webhooks`, { token: vip.token, json: { url: 'https://hooks.example.com/p' } })).body.data;
    await call(`/api/saved_searches/${s.id}`, { method: 'PATCH', token: vip.token, json: { paused: true } });
    await tick();
    await makeClosure({ name: '福建新关闭', prov: '福建', close: 20261203 });
    await tick();
    expect(await planWebhooks(env)).toBe(0);
    expect(await deliveryIds(h.id)).toEqual([]);
  });
});
