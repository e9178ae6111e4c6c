/** What one e-mail says and how it is built: its window's healthcare events and news, links back, the MIME headers. */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { planDigest, reconcileDigest } from '../../../worker/src/digest/fanout';
import { DIGEST_RETRY_AFTER_MS } from '../../../worker/src/digest/constants';
import { addDays, DAY_MS, dayNumber, ymd } from '#shared/dates';
import { isWorkday, loadOverrides } from '../../../worker/src/digest/calendar';
import { drizzleDb } from '../../../worker/src/db';
import { encodeWords } from '../../../worker/src/digest/mime';
import { deliver, deliveries, header, healthEvent, healthNews, recordingMail, subscriber, textPart, until, type Subscriber } from './fixtures';

let s: Subscriber;
beforeAll(async () => {
  s = await subscriber('vip');
  // The 2026 National Day break: 30 Sep was the last working day before it, 8 Oct the first after.
  await healthEvent(20260929, { company: '九月二十九医疗', investors: ['早一天资本'] });
  await healthEvent(20260930, { company: '康华生物', round: 'B轮', money: 25000, investors: ['高瓴资本', '红杉中国'] });
  await healthEvent(20261003, { company: '瑞影医疗', round: '天使轮', money: 800, investors: [] });
  await healthEvent(20261007, { company: '启明基因', round: 'C轮', money: 12000, investors: ['启明创投'] });
  await healthEvent(20261004, { company: '不是医疗的电商', scope: '' });
  await healthEvent(20261008, { company: '当天的事件医疗', investors: ['今天资本'] });
  await healthNews(20261005, '国庆期间医疗器械审批提速');
  await healthNews(20261006, '某电商新闻', '');
});

async function mailOf(day: number) {
  const { messages } = await planDigest(env, Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100, 2));
  const mail = recordingMail();
  await deliver(mail.env, messages);
  return mail.sent.find((m) => m.to === s.email)!;
}

describe('the e-mail after a holiday (2026-10-08)', () => {
  it('lists the healthcare events and news of 30 Sep to 7 Oct with company, round, amount and investors', async () => {
    const m = await mailOf(20261008);
    const text = textPart(m.raw);
    expect(text).toContain('本期覆盖：9月30日至10月7日');
    expect(text).toContain('【融资事件】共3起');
    // Largest first; amounts in 亿 from 10000 万 on.
    expect(text.indexOf('康华生物')).toBeLessThan(text.indexOf('启明基因'));
    expect(text.indexOf('启明基因')).toBeLessThan(text.indexOf('瑞影医疗'));
    expect(text).toContain('轮次：B轮  金额：2.5亿元');
    expect(text).toContain('投资方：高瓴资本、红杉中国');
    expect(text).toContain('轮次：天使轮  金额：800万元');
    expect(text).toContain('投资方：未透露');
    expect(text).toContain('国庆期间医疗器械审批提速');
    for (const absent of ['九月二十九医疗', '不是医疗的电商', '当天的事件医疗', '某电商新闻']) expect(text).not.toContain(absent);
    // Links back to the product.
    expect(text).toContain(`${env.APP_ORIGIN}/health`);
    expect(text).toMatch(new RegExp(`${env.APP_ORIGIN}/company/\\d+`));
  });

  it('is a multipart/alternative message with a UTF-8 text and an HTML part, an encoded subject with the date and RFC 8058 headers', async () => {
    const m = await mailOf(20261012);
    const head = m.raw.split('\r\n\r\n')[0]!;
    expect(m.from).toBe(env.MAIL_FROM);
    expect(header(m.raw, 'To')).toBe(`<${s.email}>`);
    expect(header(m.raw, 'MIME-Version')).toBe('1.0');
    expect(header(m.raw, 'Content-Type')).toMatch(/^multipart\/alternative; boundary="=_juzi_[0-9a-f]+"$/);
    expect(head).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    expect(head).toContain(`Subject: ${encodeWords('桔子医疗健康日报 2026年10月12日（周一）：融资事件0起，新闻0条')}`);
    expect(header(m.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:8787\/api\/medical\/unsubscribe\?s=\d+&e=\d+&a=[0-9a-f]{16}&t=[0-9a-f]{64}>$/);
    expect(header(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(m.raw).toContain('Content-Type: text/plain; charset=UTF-8');
    expect(m.raw).toContain('Content-Type: text/html; charset=UTF-8');
    // Body lines within 76 characters (base64), header lines within RFC 5322's 998 (the signed link is one long line); CRLF only.
    const [, ...body] = m.raw.split('\r\n\r\n');
    for (const line of body.join('\r\n\r\n').split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    for (const line of head.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(m.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // An empty window says so rather than sending blank tables.
    expect(textPart(m.raw)).toContain('本期没有新的医疗健康融资事件');
  });
});

describe('the reconciler', () => {
  it('re-sends a failed e-mail of today once it has waited, not before', async () => {
    // The digest goes out on Beijing working days only: on a weekend or a holiday the test's day is
    // the next working day at 10:00 Beijing (the clock is set there; the subscriber's membership,
    // taken out today, still holds), so the test means the same whatever day it runs.
    let day = ymd();
    const overrides = await loadOverrides(drizzleDb(env.DB), day, addDays(day, 30));
    while (!isWorkday(day, overrides)) day = addDays(day, 1);
    const now = Math.max(Date.now(), dayNumber(day) * DAY_MS + 2 * 3_600_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(now);
      const { messages } = await planDigest(env, now, now);
      expect(messages[0]?.day).toBe(day);
      const mail = recordingMail((to) => to === s.email);
      await deliver(mail.env, messages);
      expect((await deliveries(day, [s.subscriptionId]))[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await reconcileDigest(env, now + 1000)).toBe(0);
      // Through the real digest queue and its consumer, once the wait has passed.
      vi.setSystemTime(now + DIGEST_RETRY_AFTER_MS + 1000);
      expect(await reconcileDigest(env, now + DIGEST_RETRY_AFTER_MS + 1000)).toBeGreaterThanOrEqual(1);
      await until('the failed send retried', async () => (await deliveries(day, [s.subscriptionId]))[0]?.status === 'sent');
      expect((await deliveries(day, [s.subscriptionId]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
