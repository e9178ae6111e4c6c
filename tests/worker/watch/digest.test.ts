/**
 * The watchlist digest in the 10:00 job: save -> a change in the data -> the job fired for a working
 * day -> one e-mail per user with the new match once (even when several of the user's searches find
 * it), nothing for a paused search or on a holiday, nothing twice on a rerun, the feed showing the
 * same match, and the per-search one-click unsubscribe (RFC 8058).
 */
import { env, SELF } from 'cloudflare:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueWatchMessages, planWatchDigest } from '../../../worker/src/watch/digest';
import { baseTaxonomy, makeClosure, SECTOR } from '../closure/fixtures';
import { deliver, fireDaily, header, recordingMail, textPart, until } from '../digest/fixtures';
import { call, makeUser, type TestUser } from '../helpers';

let alice: TestUser;
let bob: TestUser;
let phone: TestUser;

const save = (who: TestUser, name: string, query: Record<string, unknown>) =>
  call('/api/saved_searches', { token: who.token, json: { name, area: 'closure', query } }).then((r) => r.body.data);

const digestRows = async (day: number) =>
  (await env.DB.prepare('SELECT user_id, status, matches, attempts FROM watch_digests WHERE day = ? ORDER BY user_id').bind(day).all<{ user_id: number; status: string; matches: number; attempts: number }>())
    .results;

const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  await baseTaxonomy();
  [alice, bob, phone] = await Promise.all([makeUser(), makeUser({ role: 'vip' }), makeUser()]);
  // An account signed up with a phone number has no address until it adds one.
  await env.DB.prepare("UPDATE users SET account = '13800000000' WHERE id = ?").bind(phone.id).run();
});

describe('the digest e-mail', () => {
  it('one e-mail with the new match once, for the user whose searches match; paused and quiet searches send nothing', async () => {
    const a1 = await save(alice, '湖北', { com_prov: '湖北' });
    const a2 = await save(alice, '湖北电商', { com_prov: '湖北', cat_id: SECTOR.shop });
    const b1 = await save(bob, '湖北（暂停）', { com_prov: '湖北' });
    await call(`/api/saved_searches/${b1.id}`, { method: 'PATCH', token: bob.token, json: { paused: true } });
    await save(bob, '西藏', { com_prov: '西藏' });
    await save(phone, '湖北（无邮箱）', { com_prov: '湖北' });
    await tick();
    const hit = await makeClosure({ name: '湖北新关闭', prov: '湖北', close: 20261120 });
    await makeClosure({ name: '河南新关闭', prov: '河南', close: 20261120 });
    await tick();

    const run = await planWatchDigest(env, Date.UTC(2026, 10, 24, 2));
    expect(run).toMatchObject({ workday: true, planned: 1 });
    // The matching step read the change log's two new rows; the 西藏 search's list was not run (no changed row in 西藏).
    expect(run.changesRead).toBe(2);
    expect(run.listsRun).toBe(2);
    expect((await digestRows(20261124)).map((r) => [r.user_id, r.status, r.matches])).toEqual([[alice.id, 'queued', 1]]);

    const mail = recordingMail();
    await deliver(mail.env, (await dueWatchMessages(env, 20261124, Date.now(), false)) as never);
    expect(mail.sent.map((m) => m.to)).toEqual([alice.account]);
    const raw = mail.sent[0]!.raw;
    const text = textPart(raw);
    expect(text.match(/湖北新关闭/g)).toHaveLength(1);
    expect(text).toContain(`【湖北】死亡公司，1条新匹配`);
    expect(text).not.toContain('湖北电商】');
    expect(text).toContain(`${env.APP_ORIGIN}/company/${hit}`);
    expect(text).toContain(`${env.APP_ORIGIN}/user-center/watchlists`);
    expect(text).not.toContain('河南');
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The header's one-click stops all of the user's watchlist e-mail; the body has one link per search.
    expect(header(raw, 'List-Unsubscribe')).toMatch(new RegExp(`^<${env.APP_ORIGIN}/api/saved_searches/unsubscribe\\?u=${alice.id}&t=[0-9a-f]{64}>$`));
    expect(text).toContain(`unsubscribe?s=${a1.id}&t=`);
    expect(text).not.toContain(`unsubscribe?s=${a2.id}&t=`);
    expect((await digestRows(20261124)).map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);

    // The same match is in the feed once.
    const feed = parseFeed(await (await SELF.fetch(a1.feed_url.replace(env.APP_ORIGIN, 'http://localhost'))).text());
    expect(feed.items.filter((i) => i.title?.startsWith('湖北新关闭'))).toHaveLength(1);

    // A rerun the same day, and the next working day without changes, send nothing more.
    const again = recordingMail();
    await planWatchDigest(env, Date.UTC(2026, 10, 24, 2));
    await deliver(again.env, (await dueWatchMessages(env, 20261124, Date.now(), false)) as never);
    expect(await planWatchDigest(env, Date.UTC(2026, 10, 25, 2))).toMatchObject({ planned: 0, changesRead: 0, listsRun: 0 });
    expect(again.sent).toEqual([]);
  });

  it('a holiday plans nothing; the next working day carries what changed meanwhile', async () => {
    await tick();
    await makeClosure({ name: '湖北国庆关闭', prov: '湖北', close: 20261001 });
    await tick();
    expect(await planWatchDigest(env, Date.UTC(2026, 9, 1, 2))).toMatchObject({ workday: false, planned: 0 });
    expect(await planWatchDigest(env, Date.UTC(2026, 9, 8, 2))).toMatchObject({ workday: true, planned: 1 });
  });

  it('through the cron and the real queue: the row is sent; a phone account with an added address gets its own', async () => {
    await call('/api/saved_searches/mailbox', { token: phone.token, json: { email: 'Phone@Example.com' } });
    expect((await call('/api/saved_searches/mailbox', { token: phone.token })).body.data).toEqual({ email: 'phone@example.com', follows_mail: true });
    await tick();
    await makeClosure({ name: '湖北又一家', prov: '湖北', close: 20261125 });
    await tick();
    await fireDaily(20261126);
    await until('the watch digests sent', async () => {
      const rows = await digestRows(20261126);
      return rows.length === 2 && rows.every((r) => r.status === 'sent');
    });
    expect((await digestRows(20261126)).map((r) => r.user_id)).toEqual([alice.id, phone.id].sort((x, y) => x - y));
  });
});

describe('per-search one-click unsubscribe', () => {
  it('GET asks, POST List-Unsubscribe=One-Click stops that search’s e-mail only; a forged link is refused', async () => {
    const carol = await makeUser();
    const c1 = await save(carol, '广东', { com_prov: '广东' });
    const c2 = await save(carol, '广西', { com_prov: '广西' });
    await tick();
    await makeClosure({ name: '广东新关闭', prov: '广东', close: 20261126 });
    await makeClosure({ name: '广西新关闭', prov: '广西', close: 20261126 });
    await tick();
    await planWatchDigest(env, Date.UTC(2026, 10, 27, 2));
    const mail = recordingMail();
    await deliver(mail.env, (await dueWatchMessages(env, 20261127, Date.now(), false)) as never);
    const text = textPart(mail.sent.find((m) => m.to === carol.account)!.raw);
    const link = new RegExp(`不再接收这个订阅的邮件：(${env.APP_ORIGIN}\\S+s=${c1.id}&t=[0-9a-f]{64})`).exec(text)![1]!;
    const path = link.slice(env.APP_ORIGIN.length);

    const ask = await SELF.fetch(`http://localhost${path}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('“广东”');
    const form = (body: string) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    expect((await SELF.fetch(`http://localhost${path}`, form('List-Unsubscribe=Other'))).status).toBe(400);
    const done = await SELF.fetch(`http://localhost${path}`, form('List-Unsubscribe=One-Click'));
    expect(await done.text()).toContain('退订成功');
    const mine = (await call('/api/saved_searches', { token: carol.token })).body.data.info;
    expect(mine.map((s: { id: number; mail: boolean }) => [s.id, s.mail])).toEqual([
      [c2.id, true],
      [c1.id, false],
    ]);
    const forged = await SELF.fetch(`http://localhost/api/saved_searches/unsubscribe?s=${c2.id}&t=${'a'.repeat(64)}`, form('List-Unsubscribe=One-Click'));
    expect(forged.status).toBe(400);
    expect((await call('/api/saved_searches', { token: carol.token })).body.data.info[0].mail).toBe(true);

    // The next day only the other search mails.
    await tick();
    await makeClosure({ name: '广东再关闭', prov: '广东', close: 20261127 });
    await makeClosure({ name: '广西再关闭', prov: '广西', close: 20261127 });
    await tick();
    await planWatchDigest(env, Date.UTC(2026, 10, 30, 2));
    const next = recordingMail();
    await deliver(next.env, (await dueWatchMessages(env, 20261130, Date.now(), false)) as never);
    const t2 = textPart(next.sent.find((m) => m.to === carol.account)!.raw);
    expect(t2).toContain('广西再关闭');
    expect(t2).not.toContain('广东再关闭');

    // The mail client's one-click (the List-Unsubscribe header) stops all of the user's watchlist e-mail.
    const raw2 = next.sent.find((m) => m.to === carol.account)!.raw;
    const all = /^<(.+)>$/.exec(header(raw2, 'List-Unsubscribe')!)![1]!.slice(env.APP_ORIGIN.length);
    expect(all).toMatch(new RegExp(`\\?u=${carol.id}&t=`));
    expect((await SELF.fetch(`http://localhost${all.replace(`u=${carol.id}`, `u=${alice.id}`)}`, form('List-Unsubscribe=One-Click'))).status).toBe(400);
    expect(await (await SELF.fetch(`http://localhost${all}`, form('List-Unsubscribe=One-Click'))).text()).toContain('“广西”');
    const after = (await call('/api/saved_searches', { token: carol.token })).body.data.info;
    expect(after.map((s: { mail: boolean }) => s.mail)).toEqual([false, false]);
  });
});

describe('followed companies in the digest', () => {
  it('a followed company’s new financing event and news are in the e-mail once, also when a saved search finds the event; its own link stops that part', async () => {
    const dave = await makeUser();
    const comId = 880_001;
    await env.DB.prepare(
      `INSERT INTO companies (id, name, full_name, slogan, prov, city, cat_id, se_cat_id, born_year, born_month) VALUES (?, '关注测试科技', '关注测试科技有限公司', '', '北京', '北京', 1, 0, 2019, 1)`,
    )
      .bind(comId)
      .run();
    expect((await call('/api/follow', { token: dave.token, json: { type: 1, item_id: comId } })).status).toBe(200);
    await save(dave, '医疗融资', {});
    await call('/api/saved_searches', { token: dave.token, json: { name: '全部融资事件', area: 'investevent', query: {} } });
    await tick();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (880101, ?, 2, 20000, 20261203, '企业服务')").bind(comId),
      env.DB.prepare("INSERT INTO news (id, title, url, source, com_id, com_name, date, scope) VALUES (880102, '关注测试科技发布新品', 'https://news.example.com/880102', '36氪', ?, '关注测试科技', 20261203, '')").bind(comId),
    ]);
    await tick();
    await planWatchDigest(env, Date.UTC(2026, 11, 4, 2));
    const mail = recordingMail();
    await deliver(mail.env, (await dueWatchMessages(env, 20261204, Date.now(), false)) as never);
    const raw = mail.sent.find((m) => m.to === dave.account)!.raw;
    const text = textPart(raw);
    // The event is under the saved search that found it; the news (no search lists it) under the followed companies.
    expect(text.match(/关注测试科技 完成A轮融资/g)).toHaveLength(1);
    expect(text).toContain('【全部融资事件】融资事件，1条新匹配');
    expect(text).toContain('【关注的公司】关注的公司，1条新匹配');
    expect(text.match(/关注测试科技发布新品/g)).toHaveLength(1);
    const link = new RegExp(`不再接收这个订阅的邮件：(${env.APP_ORIGIN}\\S+f=${dave.id}&t=[0-9a-f]{64})`).exec(text)![1]!;
    const form = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' };
    expect(await (await SELF.fetch(`http://localhost${link.slice(env.APP_ORIGIN.length)}`, form)).text()).toContain('“关注的公司”');
    expect((await call('/api/saved_searches/mailbox', { token: dave.token })).body.data.follows_mail).toBe(false);

    // Next day: the followed company's news no longer mails; the saved search still does.
    await tick();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (880103, ?, 2, 30000, 20261204, '企业服务')").bind(comId),
      env.DB.prepare("INSERT INTO news (id, title, url, source, com_id, com_name, date, scope) VALUES (880104, '关注测试科技再发新品', 'https://news.example.com/880104', '36氪', ?, '关注测试科技', 20261204, '')").bind(comId),
    ]);
    await tick();
    await planWatchDigest(env, Date.UTC(2026, 11, 7, 2));
    const next = recordingMail();
    await deliver(next.env, (await dueWatchMessages(env, 20261207, Date.now(), false)) as never);
    const t2 = textPart(next.sent.find((m) => m.to === dave.account)!.raw);
    expect(t2).toContain('关注测试科技 完成A轮融资');
    expect(t2).not.toContain('关注测试科技再发新品');
    // Turned on again from the watchlist page.
    expect((await call('/api/saved_searches/follows_mail', { token: dave.token, json: { on: true } })).body.data.follows_mail).toBe(true);
  });
});
