import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentWidget } from '../../../web/src/features/closure/CommentWidget';
import { setToken } from '../../../web/src/lib/token';
import { meBody, okBody, renderInApp, resetApp, stubApi, visit, type SeenRequest } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/deathCompany');
});
afterEach(resetApp);

const reply = (id: number, parent: number) => ({
  comment_id: id,
  id: 100 + id,
  name: `回复者${id}`,
  logo: '',
  replay_user_id: 50 + parent,
  replay_name: `作者${parent}`,
  info: `第${id}条回复`,
  time: '2026-01-02 10:00',
});

const comment = (id: number, replies = 0) => ({
  comment_id: id,
  id: 50 + id,
  name: `作者${id}`,
  logo: '',
  des: `评论${id}`,
  time: '2026-01-01 09:00',
  comment_type: 1,
  comment_replay: Array.from({ length: replies }, (_, i) => reply(id * 100 + i + 1, id)),
  reply_total: replies,
});

/** Seven top-level comments: the first has 5 replies, the second 1. */
const ALL = [comment(1, 5), comment(2, 1), comment(3), comment(4), comment(5), comment(6), comment(7)];

function stubComments(opts: { loggedIn?: boolean } = {}) {
  if (opts.loggedIn !== false) setToken('user-token');
  return stubApi({
    'GET /api/user/info': { body: meBody() },
    'GET /api/closure/com_comment': (req) => {
      const perPage = Number(queryOf(req).per_page);
      return { body: okBody({ info: ALL.slice(0, perPage), page: { total: ALL.length, page: 1, per_page: perPage } }) };
    },
    'GET /api/closure/closure_type_comment': { body: okBody({ info: ALL.slice(0, 5), page: { total: ALL.length, page: 1, per_page: 5 } }) },
    'POST /api/add_comment': (req) => ({ body: okBody({ ...comment(9), des: (req.body as { commont_detail: string }).commont_detail }) }),
    'POST /api/add_revert_comment': { body: okBody(reply(999, 1)) },
    'POST /api/closure/add_closure_comment': { body: okBody(comment(9)) },
  });
}

/** The query string of the latest fetch of the request's path (stubApi records paths only). */
function queryOf(req: SeenRequest): Record<string, string> {
  const urls = vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === req.path);
  return Object.fromEntries(urls[urls.length - 1].searchParams);
}

const postsTo = (seen: SeenRequest[], path: string) => seen.filter((r) => r.method === 'POST' && r.path === path);

const firstComment = () => screen.getByText('评论1').closest('li') as HTMLElement;

describe('CommentWidget', () => {
  it("shows 5 comments and 3 replies; '展开剩余2条回复' shows the rest and '收起' folds them again", async () => {
    stubComments();
    await renderInApp(<CommentWidget target={{ kind: 'com', comId: 8 }} />);
    await screen.findByText('评论1');
    expect(screen.getByText('评论5')).toBeTruthy();
    expect(screen.queryByText('评论6')).toBeNull();
    const first = firstComment();
    expect(within(first).getAllByText(/^第\d+条回复$/)).toHaveLength(3);
    fireEvent.click(within(first).getByRole('button', { name: '展开剩余2条回复' }));
    expect(within(first).getAllByText(/^第\d+条回复$/)).toHaveLength(5);
    fireEvent.click(within(first).getByRole('button', { name: '收起' }));
    expect(within(first).getAllByText(/^第\d+条回复$/)).toHaveLength(3);
    // A comment with 3 or fewer replies has no toggle.
    const second = screen.getByText('评论2').closest('li') as HTMLElement;
    expect(within(second).queryByRole('button', { name: /展开剩余/ })).toBeNull();
  });

  it("'查看全部' shows every comment and '收起' returns to the first 5", async () => {
    stubComments();
    await renderInApp(<CommentWidget target={{ kind: 'com', comId: 8 }} />);
    await screen.findByText('评论1');
    fireEvent.click(screen.getByRole('button', { name: /查看全部/ }));
    expect(await screen.findByText('评论7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    await waitFor(() => expect(screen.queryByText('评论7')).toBeNull());
    expect(screen.getByText('评论5')).toBeTruthy();
  });

  it('opens one reply box at a time; 取消 closes it', async () => {
    stubComments();
    await renderInApp(<CommentWidget target={{ kind: 'com', comId: 8 }} />);
    await screen.findByText('评论1');
    const replyButtons = () => screen.getAllByRole('button', { name: '回复' });
    fireEvent.click(within(firstComment()).getAllByRole('button', { name: '回复' })[0]);
    expect(screen.getByRole('textbox', { name: '回复 作者1' })).toBeTruthy();
    fireEvent.click(within(screen.getByText('评论3').closest('li') as HTMLElement).getByRole('button', { name: '回复' }));
    expect(screen.getByRole('textbox', { name: '回复 作者3' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '回复 作者1' })).toBeNull();
    // The new-comment box plus exactly one reply box.
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(replyButtons().length).toBeGreaterThan(0);
  });

  it("does not send empty text; posts a comment and a reply with '发布成功'", async () => {
    const seen = stubComments();
    await renderInApp(<CommentWidget target={{ kind: 'com', comId: 8 }} />);
    await screen.findByText('评论1');
    const box = screen.getByRole('textbox', { name: '说说你的看法…' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(postsTo(seen, '/api/add_comment')).toHaveLength(0);

    fireEvent.change(box, { target: { value: '  一路走好  ' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect(postsTo(seen, '/api/add_comment').map((r) => r.body)).toEqual([{ com_id: 8, commont_detail: '一路走好', is_closure: 1 }]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));

    // Reply to a replier inside comment 1's thread: the box is comment 1's, addressed to that user.
    fireEvent.click(within(firstComment()).getAllByRole('button', { name: '回复' })[1]);
    const replyBox = screen.getByRole('textbox', { name: '回复 回复者101' });
    const send = within(replyBox.closest('form')!).getByRole('button', { name: '回复' });
    fireEvent.click(send);
    expect(postsTo(seen, '/api/add_revert_comment')).toHaveLength(0);
    fireEvent.change(replyBox, { target: { value: '同意' } });
    fireEvent.click(send);
    await waitFor(() => expect(postsTo(seen, '/api/add_revert_comment')).toHaveLength(1));
    expect(postsTo(seen, '/api/add_revert_comment')[0].body).toEqual({ com_id: 8, commont_id: 1, replay_user_id: 201, commont_replay_info: '同意' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '回复 回复者101' })).toBeNull());
  });

  it('a visitor reads a company’s first page but gets the login dialog on 发布, and nothing is posted', async () => {
    const seen = stubComments({ loggedIn: false });
    await renderInApp(<CommentWidget target={{ kind: 'com', comId: 8 }} />);
    await screen.findByText('评论1');
    fireEvent.change(screen.getByRole('textbox', { name: '说说你的看法…' }), { target: { value: '路过' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(postsTo(seen, '/api/add_comment')).toHaveLength(0);
  });

  it('a reason’s discussion needs login; signed in, it posts to add_closure_comment', async () => {
    const visitorSeen = stubComments({ loggedIn: false });
    const { unmount } = await renderInApp(<CommentWidget target={{ kind: 'reason', typeId: 31 }} />);
    expect(screen.getByText('登录后查看讨论')).toBeTruthy();
    expect(visitorSeen).toHaveLength(0);
    unmount();
    resetApp();

    const seen = stubComments();
    await renderInApp(<CommentWidget target={{ kind: 'reason', typeId: 31 }} />);
    await screen.findByText('评论1');
    fireEvent.change(screen.getByRole('textbox', { name: '说说你的看法…' }), { target: { value: '深有同感' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect(postsTo(seen, '/api/closure/add_closure_comment').map((r) => r.body)).toEqual([{ type_id: 31, content: '深有同感' }]);
  });
});
