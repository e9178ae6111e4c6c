import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { makeShareData } from './fixtures';

describe('GET /api/group/character/{id}', () => {
  it('serves the profile with its newest dynamics and comments, without login', async () => {
    const d = await makeShareData();
    const res = await call(`/api/group/character/${d.owner.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('public');
    const data = res.body.data;
    expect(data).toMatchObject({
      user_id: d.owner.id,
      user_name: '李<投资>人',
      is_pay: 1,
      group_name: '硬科技投资群',
      company: '远景资本',
      position: '投资总监',
      region: '华东',
      prov: '浙江',
      scope_list: ['企业服务', '智能制造'],
      dynamic_num: 2,
      comment_num: 2,
    });
    expect(data.dynamic_list.map((x: { id: number }) => x.id)).toEqual([d.cardId, d.plainId]);
    expect(data.dynamic_list[1]).toMatchObject({ ctime: '2024-05-20 09:30', praise_num: 12, type: 1, user_name: '李<投资>人' });
    // Newest first: the company comment, then the reply under the card post (named by the post's text).
    expect(data.comment_list.map((x: { dynamic_desc: string; item_desc: string }) => [x.dynamic_desc, x.item_desc])).toEqual([
      ['估值偏高', '云图智能：让工厂看得见'],
      ['谢谢关注', '推荐一个项目：云图智能'],
    ]);
  });

  it('gives NOT_FOUND for an unknown id', async () => {
    const res = await call('/api/group/character/2000000000');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', code: 'NOT_FOUND', msg: '该用户不存在或已注销' });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('gives BAD_REQUEST for the malformed id %s', async (id) => {
    const res = await call(`/api/group/character/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(res.body.msg).toContain('id');
  });
});

describe('GET /api/group/dynamic/{id}', () => {
  it('serves a company-card post with its author, card, likes and comments oldest first', async () => {
    const d = await makeShareData();
    const res = await call(`/api/group/dynamic/${d.cardId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: d.cardId,
      user_id: d.owner.id,
      user_name: '李<投资>人',
      ctime: '2024-05-20 10:30',
      dynamic_desc: '推荐一个项目：云图智能',
      type: 2,
      com_id: d.comId,
      com_logo_archive: '/logos/yuntu.png',
      com_name: '云图智能',
      com_slogan: '让工厂看得见',
      com_fund_status_name: 'B轮',
      money: 25000,
      praise_num: 30,
    });
    expect(res.body.data.comment_list.total).toBe(2);
    expect(res.body.data.comment_list.list).toEqual([
      expect.objectContaining({ user_id: d.commenter.id, comment_desc: '团队很扎实', ctime: '2024-05-20 11:30' }),
      expect.objectContaining({ user_id: d.owner.id, comment_desc: '谢谢关注' }),
    ]);
    expect(res.body.data.comment_list.list[0].user_name).toMatch(/^测试用户/);
  });

  it('serves a plain post without a company card', async () => {
    const d = await makeShareData();
    const res = await call(`/api/group/dynamic/${d.plainId}`);
    expect(res.body.data).toMatchObject({ type: 1, com_name: '', com_fund_status_name: '', money: 0, comment_list: { list: [], total: 0 } });
  });

  it('gives NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one', async () => {
    const missing = await call('/api/group/dynamic/2000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', msg: '该动态不存在或已删除' });
    const bad = await call('/api/group/dynamic/x1');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
  });
});
