import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, count, makeClosure, makeReasons } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { makeUser, type TestUser } from '../helpers';

let com: number;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  await baseTaxonomy();
  com = await makeClosure();
  [alice, bob, carol] = await Promise.all([makeUser(), makeUser({ role: 'vip' }), makeUser()]);
});

const comments = (comId: number, query: Record<string, string | number> = {}, token?: string) =>
  api(token).closure.com_comment.$get({ query: { com_id: comId, ...query } });

describe('company comments', () => {
  it('a posted comment (POST and GET forms) appears first in the list, trimmed, with its author', async () => {
    const first = await dataOf(api(alice.token).add_comment.$post({ json: { com_id: com, commont_detail: '  第一条评论  ', is_closure: 1 } }));
    expect(first).toMatchObject({ id: alice.id, des: '第一条评论', comment_type: 1, comment_replay: [] });
    const second = await dataOf(api(bob.token).add_comment.$get({ query: { com_id: com, commont_detail: '第二条', is_closure: 1 } }));
    const list = await dataOf(comments(com));
    expect(list.info.map((c) => c.des)).toEqual(['第二条', '第一条评论']);
    expect(list.page).toEqual({ total: 2, page: 1, per_page: 5 });
    expect(list.info[0]).toMatchObject({ comment_id: second.comment_id, id: bob.id, name: expect.any(String), time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) });
  });

  it('refuses empty, blank and over-long text with a Chinese message and stores nothing', async () => {
    const other = await makeClosure();
    for (const text of ['', '   ', undefined]) {
      const res = await errorOf(api(alice.token).add_comment.$post({ json: { com_id: other, commont_detail: text } }));
      expect(res.status).toBe(400);
      expect(res.code).toBe('BAD_REQUEST');
      expect(res.msg).toContain('评论内容不能为空');
    }
    const long = await errorOf(api(alice.token).add_comment.$post({ json: { com_id: other, commont_detail: '长'.repeat(501) } }));
    expect(long.status).toBe(400);
    expect(long.msg).toContain('评论内容不能超过500字');
    await dataOf(api(alice.token).add_comment.$post({ json: { com_id: other, commont_detail: '长'.repeat(500) } }));
    expect(await count("SELECT COUNT(*) AS n FROM comments WHERE target_type = 'com' AND target_id = ?", other)).toBe(1);
  });

  it('needs login to comment or reply, and an existing company', async () => {
    const res = await errorOf(api().add_comment.$post({ json: { com_id: com, commont_detail: '游客评论' } }));
    expect(res.status).toBe(401);
    expect(res.code).toBe('LOGIN_REQUIRED');
    const reply = await errorOf(api().add_revert_comment.$post({ json: { com_id: com, commont_id: 1, replay_user_id: alice.id, commont_replay_info: 'x' } }));
    expect(reply.status).toBe(401);
    const missing = await errorOf(api(alice.token).add_comment.$post({ json: { com_id: 999999, commont_detail: '不存在' } }));
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe('该公司不存在');
  });

  it('replies hang under a top-level comment, oldest first, naming the answered user', async () => {
    const target = await makeClosure();
    const top = await dataOf(api(alice.token).add_comment.$post({ json: { com_id: target, commont_detail: '主楼' } }));
    const r1 = await dataOf(
      api(bob.token).add_revert_comment.$post({ json: { com_id: target, commont_id: top.comment_id, replay_user_id: alice.id, commont_replay_info: ' 回复主楼 ' } }),
    );
    expect(r1).toMatchObject({ id: bob.id, replay_user_id: alice.id, info: '回复主楼' });
    // Carol answers Bob inside the thread (GET form).
    await dataOf(
      api(carol.token).add_revert_comment.$get({ query: { com_id: target, commont_id: top.comment_id, replay_user_id: bob.id, commont_replay_info: '回复bob' } }),
    );
    for (let i = 0; i < 3; i++) {
      await api(alice.token).add_revert_comment.$post({ json: { com_id: target, commont_id: top.comment_id, replay_user_id: carol.id, commont_replay_info: `更多${i}` } });
    }
    const list = await dataOf(comments(target));
    const thread = list.info[0];
    expect(thread.reply_total).toBe(5);
    expect(thread.comment_replay.map((r) => r.info)).toEqual(['回复主楼', '回复bob', '更多0', '更多1', '更多2']);
    expect(thread.comment_replay[1]).toMatchObject({ id: carol.id, replay_user_id: bob.id, replay_name: expect.any(String) });
    // Replies are not top-level comments: the total counts the thread once.
    expect(list.page.total).toBe(1);
  });

  it('refuses a reply to a reply, to another company\'s comment, to a missing comment or to a user outside the thread', async () => {
    const target = await makeClosure();
    const elsewhere = await makeClosure();
    const top = await dataOf(api(alice.token).add_comment.$post({ json: { com_id: target, commont_detail: '主楼' } }));
    const reply = await dataOf(api(bob.token).add_revert_comment.$post({ json: { com_id: target, commont_id: top.comment_id, replay_user_id: alice.id, commont_replay_info: '楼中楼' } }));
    const before = await count('SELECT COUNT(*) AS n FROM comments');
    const replyAs = (token: string, json: { com_id: number; commont_id: number; replay_user_id: number; commont_replay_info: string }) =>
      errorOf(api(token).add_revert_comment.$post({ json }));

    const toReply = await replyAs(carol.token, { com_id: target, commont_id: reply.comment_id, replay_user_id: bob.id, commont_replay_info: 'x' });
    expect(toReply.status).toBe(400);
    expect(toReply.msg).toBe('只能回复一级评论');

    const wrongCompany = await replyAs(carol.token, { com_id: elsewhere, commont_id: top.comment_id, replay_user_id: alice.id, commont_replay_info: 'x' });
    expect(wrongCompany.status).toBe(400);
    expect(wrongCompany.msg).toBe('该评论不属于这家公司');

    const missing = await replyAs(carol.token, { com_id: target, commont_id: 99999999, replay_user_id: alice.id, commont_replay_info: 'x' });
    expect(missing.status).toBe(404);

    const ghost = await replyAs(carol.token, { com_id: target, commont_id: top.comment_id, replay_user_id: 99999999, commont_replay_info: 'x' });
    expect(ghost.status).toBe(404);
    expect(ghost.msg).toBe('被回复的用户不存在');

    const outsider = await replyAs(alice.token, { com_id: target, commont_id: top.comment_id, replay_user_id: carol.id, commont_replay_info: 'x' });
    expect(outsider.status).toBe(400);

    const empty = await replyAs(carol.token, { com_id: target, commont_id: top.comment_id, replay_user_id: alice.id, commont_replay_info: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.msg).toContain('评论内容不能为空');
    expect(await count('SELECT COUNT(*) AS n FROM comments')).toBe(before);
  });

  it('pages 5 top-level comments at a time; a visitor sees page 1 with the defaults only', async () => {
    const target = await makeClosure();
    for (let i = 0; i < 7; i++) await api(alice.token).add_comment.$post({ json: { com_id: target, commont_detail: `评论${i}` } });
    const visitor = await dataOf(comments(target));
    expect(visitor.info.map((c) => c.des)).toEqual(['评论6', '评论5', '评论4', '评论3', '评论2']);
    for (const q of [{ page: 2 }, { per_page: 10 }, { type: 2 }] as Record<string, number>[]) {
      const res = await errorOf(comments(target, q));
      expect(res.status, JSON.stringify(q)).toBe(401);
      expect(res.code).toBe('LOGIN_REQUIRED');
    }
    const page2 = await dataOf(comments(target, { page: 2 }, alice.token));
    expect(page2.info.map((c) => c.des)).toEqual(['评论1', '评论0']);
    const all = await dataOf(comments(target, { per_page: 10 }, alice.token));
    expect(all.info).toHaveLength(7);
    const oldest = await dataOf(comments(target, { type: 2 }, alice.token));
    expect(oldest.info[0].des).toBe('评论0');
  });
});

describe('reason comments', () => {
  it('comment and reply on a second-level reason; a parent reason or a missing one is refused', async () => {
    const r = await makeReasons(2);
    const child = r.children[0];
    const added = await dataOf(api(alice.token).closure.add_closure_comment.$post({ json: { type_id: child, content: '原因讨论' } }));
    await dataOf(
      api(bob.token).closure.add_closure_revert_comment.$get({ query: { type_id: child, comment_id: added.comment_id, replay_user_id: alice.id, comment_replay_info: '同意' } }),
    );
    const list = await dataOf(api(carol.token).closure.closure_type_comment.$get({ query: { type_id: child } }));
    expect(list.info).toHaveLength(1);
    expect(list.info[0].comment_replay[0].info).toBe('同意');

    // The same comment id under a sibling reason is not that reason's comment.
    const sibling = await errorOf(
      api(bob.token).closure.add_closure_revert_comment.$post({
        json: { type_id: r.children[1], comment_id: added.comment_id, replay_user_id: alice.id, comment_replay_info: 'x' },
      }),
    );
    expect(sibling.status).toBe(400);
    expect(sibling.msg).toBe('该评论不属于这个关闭原因');

    const parent = await errorOf(api(alice.token).closure.add_closure_comment.$post({ json: { type_id: r.parent, content: '父原因' } }));
    expect(parent.status).toBe(400);
    const missing = await errorOf(api(alice.token).closure.add_closure_comment.$post({ json: { type_id: 99999999, content: 'x' } }));
    expect(missing.status).toBe(404);
    const empty = await errorOf(api(alice.token).closure.add_closure_comment.$post({ json: { type_id: child, content: '' } }));
    expect(empty.status).toBe(400);
    const visitor = await errorOf(api().closure.closure_type_comment.$get({ query: { type_id: child } }));
    expect(visitor.status).toBe(401);
  });

  it('a company comment and a reason comment with the same target id never mix', async () => {
    const r = await makeReasons(1);
    const c = await makeClosure();
    // A second-level reason whose id equals the company's.
    await env.DB.prepare('INSERT INTO closure_types (id, p_id, name, sort) VALUES (?, ?, ?, 9)').bind(c, r.parent, '同号原因').run();
    await api(alice.token).closure.add_closure_comment.$post({ json: { type_id: c, content: '原因' } });
    await api(alice.token).add_comment.$post({ json: { com_id: c, commont_detail: '公司' } });
    expect((await dataOf(comments(c))).info.map((x) => x.des)).toEqual(['公司']);
    const reason = await dataOf(api(alice.token).closure.closure_type_comment.$get({ query: { type_id: c } }));
    expect(reason.info.map((x) => x.des)).toEqual(['原因']);
  });
});
