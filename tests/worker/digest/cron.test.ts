/**
 * The daily cron (0 2 * * *, 10:00 Beijing) through a scheduled controller, with the real digest
 * queue and its consumer (wrangler.toml) sending through the real send_email binding: which days
 * send, what each day's e-mail covers, reruns, retries of failed sends, lapsed members and the
 * one-click unsubscribe.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { planDigest } from '../../../worker/src/digest/fanout';
import { api, dataOf } from '../client';
import { deliver, deliveries, fireDaily, until, header, lapse, recordingMail, settled, subscriber, textPart, type Subscriber } from './fixtures';

let a: Subscriber;
let b: Subscriber;
beforeAll(async () => {
  [a, b] = await Promise.all([subscriber('vip'), subscriber('svip')]);
});

const ids = () => [a.subscriptionId, b.subscriptionId];

describe('which days send', () => {
  it('an ordinary working day (Tuesday 2026-11-24): one e-mail each, covering Monday', async () => {
    await fireDaily(20261124);
    const rows = await settled(20261124, ids());
    expect(rows.map((r) => [r.status, r.attempts, r.from_day, r.to_day])).toEqual([
      ['sent', 1, 20261123, 20261123],
      ['sent', 1, 20261123, 20261123],
    ]);
    expect(rows.every((r) => r.message_id.startsWith('<'))).toBe(true);
  });

  it('a Monday covers the weekend: Friday to Sunday', async () => {
    await fireDaily(20261123);
    const rows = await settled(20261123, ids());
    expect(rows.map((r) => [r.status, r.from_day, r.to_day])).toEqual([
      ['sent', 20261120, 20261122],
      ['sent', 20261120, 20261122],
    ]);
  });

  it('a Saturday (2026-11-21) sends nothing', async () => {
    await fireDaily(20261121);
    expect(await deliveries(20261121, ids())).toEqual([]);
  });

  it('a statutory holiday (National Day, 2026-10-01, a Thursday) sends nothing', async () => {
    await fireDaily(20261001);
    expect(await deliveries(20261001, ids())).toEqual([]);
  });

  it('the day after the holiday (2026-10-08) covers everything since the last working day’s e-mail: 30 Sep to 7 Oct', async () => {
    await fireDaily(20261008);
    const rows = await settled(20261008, ids());
    expect(rows.map((r) => [r.status, r.from_day, r.to_day])).toEqual([
      ['sent', 20260930, 20261007],
      ['sent', 20260930, 20261007],
    ]);
  });

  it('a make-up working day (Saturday 2026-10-10) sends, covering Friday', async () => {
    await fireDaily(20261010);
    const rows = await settled(20261010, ids());
    expect(rows.map((r) => [r.status, r.from_day, r.to_day])).toEqual([
      ['sent', 20261009, 20261009],
      ['sent', 20261009, 20261009],
    ]);
  });

  it('for a year the calendar package does not know, the D1 overrides decide (else Monday to Friday)', async () => {
    // National Day 2027 as the State Council would publish it: 1-7 Oct off, Saturday 9 Oct worked.
    const holidays = [1, 2, 3, 4, 5, 6, 7].map((d) => `(${20271000 + d}, 0, '国庆节')`).join(', ');
    await env.DB.prepare(`INSERT INTO workday_overrides (day, is_workday, note) VALUES ${holidays}, (20271009, 1, '国庆调休上班')`).run();
    await fireDaily(20271001); // a Friday, a holiday by the override
    expect(await deliveries(20271001, ids())).toEqual([]);
    await fireDaily(20271008); // the first working day after it: covers 30 Sep to 7 Oct
    expect((await settled(20271008, ids())).map((r) => [r.status, r.from_day, r.to_day])).toEqual([
      ['sent', 20270930, 20271007],
      ['sent', 20270930, 20271007],
    ]);
    await fireDaily(20271009); // a Saturday, a working day by the override: covers Friday
    expect((await settled(20271009, ids())).map((r) => [r.status, r.from_day, r.to_day])).toEqual([
      ['sent', 20271008, 20271008],
      ['sent', 20271008, 20271008],
    ]);
    // Without an override, a weekday of such a year is a working day.
    await fireDaily(20271012);
    expect((await settled(20271012, ids())).map((r) => r.from_day)).toEqual([20271011, 20271011]);
  });
});

describe('each subscriber, once a day', () => {
  it('a rerun of the cron the same day sends nothing twice', async () => {
    await fireDaily(20261125);
    const first = await settled(20261125, ids());
    await fireDaily(20261125);
    await fireDaily(20261125);
    // Nothing was due: no row went back to sending, no attempt started, the same message stands.
    expect(await deliveries(20261125, ids())).toEqual(first);
  });

  it('overlapping runs: the same chunk delivered twice at once sends one e-mail per subscriber', async () => {
    const { messages } = await planDigest(env, Date.UTC(2026, 10, 26, 2));
    const mail = recordingMail();
    await Promise.all([deliver(mail.env, messages), deliver(mail.env, messages), deliver(mail.env, messages)]);
    for (const s of [a, b]) expect(mail.sent.filter((m) => m.to === s.email)).toHaveLength(1);
    expect((await deliveries(20261126, ids())).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a failed send is recorded and the next run of the same day retries it (and only it)', async () => {
    const { messages } = await planDigest(env, Date.UTC(2026, 10, 27, 2));
    const mail = recordingMail((to) => to === a.email);
    await deliver(mail.env, messages);
    const [ra, rb] = await deliveries(20261127, ids());
    expect(ra).toMatchObject({ status: 'failed', attempts: 1 });
    expect(ra!.error).toContain('暂时无法接收');
    expect(rb).toMatchObject({ status: 'sent', attempts: 1 });
    await fireDaily(20261127);
    await until('the failed send retried', async () => (await deliveries(20261127, [a.subscriptionId]))[0]?.status === 'sent');
    const [ra2, rb2] = await deliveries(20261127, ids());
    expect(ra2).toMatchObject({ status: 'sent', attempts: 2, error: '' });
    expect(rb2).toEqual(rb);
  });

  it('a member whose VIP lapsed gets nothing; one who lapses between the cron and the send is skipped', async () => {
    const lapsed = await subscriber('vip');
    await lapse(lapsed);
    await fireDaily(20261130);
    await settled(20261130, ids());
    expect(await deliveries(20261130, [lapsed.subscriptionId])).toEqual([]);

    const late = await subscriber('vip');
    const { messages } = await planDigest(env, Date.UTC(2026, 11, 1, 2));
    await lapse(late);
    const mail = recordingMail();
    await deliver(mail.env, messages);
    expect(mail.sent.filter((m) => m.to === late.email)).toEqual([]);
    expect(await deliveries(20261201, [late.subscriptionId])).toMatchObject([{ status: 'skipped', error: '会员已到期' }]);
    // The subscription itself stays: renewing resumes the e-mail.
    expect(await dataOf(api(late.token).medical.check_subscribe.$post())).toEqual({ status: 1, email: late.email, is_vip: false });
  });
});

describe('one-click unsubscribe', () => {
  it('the signed link of an e-mail stops the next day’s e-mail, without logging in', async () => {
    const c = await subscriber('vip');
    const { messages } = await planDigest(env, Date.UTC(2026, 11, 2, 2));
    const mail = recordingMail();
    await deliver(mail.env, messages);
    const raw = mail.sent.find((m) => m.to === c.email)!.raw;
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(header(raw, 'List-Unsubscribe')!)![1]!;
    expect(link.startsWith(`${env.APP_ORIGIN}/api/medical/unsubscribe?s=${c.subscriptionId}&e=`)).toBe(true);
    expect(textPart(raw)).toContain(link);
    const path = link.slice(env.APP_ORIGIN.length);

    // Opening the link (or a scanner prefetching it) only asks.
    const page = await SELF.fetch(`http://localhost${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('确认退订');
    expect(html).toContain('<form method="post"');
    expect(await dataOf(api(c.token).medical.check_subscribe.$post())).toMatchObject({ status: 1 });

    // A tampered tag changes nothing.
    const forged = await SELF.fetch(`http://localhost${path.replace(/t=.{4}/, 't=0000')}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('退订链接无效');
    expect(await dataOf(api(c.token).medical.check_subscribe.$post())).toMatchObject({ status: 1 });

    // The mail client's one-click POST (RFC 8058).
    const done = await SELF.fetch(`http://localhost${path}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('退订成功');
    expect(await dataOf(api(c.token).medical.check_subscribe.$post())).toMatchObject({ status: 0 });
    // Again: still fine, says so.
    expect(await (await SELF.fetch(`http://localhost${path}`, { method: 'POST' })).text()).toContain('此前已退订');

    await fireDaily(20261203);
    await settled(20261203, ids());
    expect(await deliveries(20261203, [c.subscriptionId])).toEqual([]);
  });
});
