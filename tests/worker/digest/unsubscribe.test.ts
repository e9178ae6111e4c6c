/**
 * The unsubscribe link of the daily e-mail: it works for UNSUBSCRIBE_LINK_DAYS (at least 30) after
 * its mail, only for the address it was mailed to, and only with the RFC 8058 one-click body; a
 * link that cannot unsubscribe sends the user to the subscription page, where a signed-in user can.
 */
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_DAYS } from '../../../worker/src/digest/constants';
import { planDigest } from '../../../worker/src/digest/fanout';
import { MANAGE_PATH } from '../../../worker/src/digest/page';
import { digestSecret, unsubscribeSigner } from '../../../worker/src/digest/signing';
import { api, dataOf } from '../client';
import { beijing, deliver, header, recordingMail, subscriber, type Subscriber } from './fixtures';

const DAY = 86_400_000;
const ONE_CLICK = { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };

/** The path and query of a link as an e-mail sent at `sentAt` to the subscriber's current address carries it. */
async function linkFor(s: Subscriber, sentAt: number, email = s.email): Promise<string> {
  const token = await env.DB.prepare('SELECT unsubscribe_token AS t FROM subscriptions WHERE id = ?').bind(s.subscriptionId).first<string>('t');
  const signer = await unsubscribeSigner(digestSecret(env)!);
  return (await signer.url('', { id: s.subscriptionId, token: token!, email }, sentAt));
}

const open = (path: string, init?: RequestInit) => SELF.fetch(`http://localhost${path}`, init);
const status = async (s: Subscriber) => (await dataOf(api(s.token).medical.check_subscribe.$post())).status;

/** The List-Unsubscribe link of the e-mail the subscriber gets on a working day (10:00 Beijing). */
async function mailedLink(s: Subscriber, day: number): Promise<string> {
  const { messages } = await planDigest(env, beijing(day));
  const mail = recordingMail();
  await deliver(mail.env, messages);
  const raw = mail.sent.filter((m) => m.to === s.email).at(-1)!.raw;
  return /^<(.+)>$/.exec(header(raw, 'List-Unsubscribe')!)![1]!.slice(env.APP_ORIGIN.length);
}

describe('how long a link works', () => {
  it('is at least 30 days', () => {
    expect(UNSUBSCRIBE_LINK_DAYS).toBeGreaterThanOrEqual(30);
  });

  it('a link mailed 30 days ago, and one a day before its end, still unsubscribes', async () => {
    for (const age of [30, UNSUBSCRIBE_LINK_DAYS - 1]) {
      const s = await subscriber();
      const link = await linkFor(s, Date.now() - age * DAY);
      expect(await (await open(link)).text()).toContain('确认退订');
      const done = await open(link, ONE_CLICK);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('退订成功');
      expect(await status(s)).toBe(0);
    }
  });

  it('a link past its days does not unsubscribe and leads to the page where a signed-in user can', async () => {
    const s = await subscriber();
    const link = await linkFor(s, Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY);
    for (const res of [await open(link), await open(link, ONE_CLICK)]) {
      expect(res.status).toBe(410);
      const html = await res.text();
      expect(html).toContain('退订链接已过期');
      expect(html).toContain(`href="${env.APP_ORIGIN}${MANAGE_PATH}"`);
      expect(html).not.toContain(s.email);
    }
    expect(await status(s)).toBe(1);
    // The page's way: signed in, the subscription page's cancel call.
    expect((await dataOf(api(s.token).medical.rm_subscribe.$post())).status).toBe(0);
  });

  it('a link whose expiry was edited is not ours', async () => {
    const s = await subscriber();
    const link = await linkFor(s, Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY);
    const later = link.replace(/e=(\d+)/, (_m, e: string) => `e=${Number(e) + 10 * 86_400}`);
    const res = await open(later, ONE_CLICK);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('退订链接无效');
    expect(await status(s)).toBe(1);
  });
});

describe('the address a link was mailed to', () => {
  it('after re-subscribing with a new address, the old mail’s link stops cancelling; the new mail’s link works', async () => {
    const s = await subscriber();
    const oldLink = await mailedLink(s, 20261202);
    expect(oldLink).toMatch(/^\/api\/medical\/unsubscribe\?s=\d+&e=\d+&a=[0-9a-f]{16}&t=[0-9a-f]{64}$/);

    const newEmail = `moved${s.id}@example.com`;
    await dataOf(api(s.token).medical.subscribe.$post({ json: { email: newEmail } }));
    for (const res of [await open(oldLink), await open(oldLink, ONE_CLICK)]) {
      expect(res.status).toBe(410);
      const html = await res.text();
      expect(html).toContain('退订链接已失效');
      expect(html).toContain(MANAGE_PATH);
      // The holder of an old mail learns nothing about the new address.
      expect(html).not.toContain('moved');
    }
    expect(await status(s)).toBe(1);

    const newLink = await mailedLink({ ...s, email: newEmail }, 20261203);
    expect((await open(newLink, ONE_CLICK)).status).toBe(200);
    expect(await status(s)).toBe(0);
  });

  it('moving back to the first address makes its links work again (they name that address)', async () => {
    const s = await subscriber();
    const first = await linkFor(s, Date.now());
    await dataOf(api(s.token).medical.subscribe.$post({ json: { email: `other${s.id}@example.com` } }));
    expect((await open(first, ONE_CLICK)).status).toBe(410);
    await dataOf(api(s.token).medical.subscribe.$post({ json: { email: s.email } }));
    expect((await open(first, ONE_CLICK)).status).toBe(200);
    expect(await status(s)).toBe(0);
  });

  it('a link for one subscription does not work with another’s id', async () => {
    const [a, b] = [await subscriber(), await subscriber()];
    const link = (await linkFor(a, Date.now())).replace(`s=${a.subscriptionId}`, `s=${b.subscriptionId}`);
    expect((await open(link, ONE_CLICK)).status).toBe(400);
    expect(await status(a)).toBe(1);
    expect(await status(b)).toBe(1);
  });
});

describe('the one-click POST (RFC 8058)', () => {
  it.each([
    ['an empty body', { method: 'POST' }],
    ['an empty form', { method: 'POST', body: '', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
    ['another value', { method: 'POST', body: 'List-Unsubscribe=Yes', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
    ['the body as text/plain', { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'text/plain' } }],
    ['the body as JSON', { method: 'POST', body: '{"List-Unsubscribe":"One-Click"}', headers: { 'Content-Type': 'application/json' } }],
  ])('%s does not unsubscribe: the confirm page asks again', async (_what, init) => {
    const s = await subscriber();
    const link = await linkFor(s, Date.now());
    const res = await open(link, init);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('请点击下方按钮确认退订');
    expect(html).toContain('<form method="post"');
    expect(await status(s)).toBe(1);
  });

  it('the body as multipart/form-data unsubscribes', async () => {
    const s = await subscriber();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await open(await linkFor(s, Date.now()), { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(await status(s)).toBe(0);
  });

  it('the confirm page’s own form posts the one-click body to the same link', async () => {
    const s = await subscriber();
    const link = await linkFor(s, Date.now());
    const html = await (await open(link)).text();
    const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(action).toBe(link);
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect((await open(action, ONE_CLICK)).status).toBe(200);
    expect(await status(s)).toBe(0);
  });
});

describe('the signing key', () => {
  it('a link signed with the key that was once built into the source is refused and changes nothing', async () => {
    const s = await subscriber();
    const token = await env.DB.prepare('SELECT unsubscribe_token AS t FROM subscriptions WHERE id = ?').bind(s.subscriptionId).first<string>('t');
    const forged = await (await unsubscribeSigner('juzi-digest-dev-secret')).url('', { id: s.subscriptionId, token: token!, email: s.email }, Date.now());
    for (const res of [await open(forged), await open(forged, ONE_CLICK)]) expect(res.status).toBe(400);
    expect(await status(s)).toBe(1);
  });

  it('there is no built-in key: unset or short, none is used', () => {
    expect(digestSecret({ DIGEST_SECRET: undefined })).toBeNull();
    expect(digestSecret({ DIGEST_SECRET: 'short' })).toBeNull();
    expect(digestSecret({ DIGEST_SECRET: env.DIGEST_SECRET })).toBe(env.DIGEST_SECRET);
  });
});
