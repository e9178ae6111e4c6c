import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailedCompanyList } from '../../../web/src/features/closure/FailedCompanyList';
import { setToken } from '../../../web/src/lib/token';
import { failedCompany } from '../closure/fixtures';
import { okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

/**
 * The follow button in a company list: its state comes from the list page's one status call, and a
 * confirmed click updates that cached answer.
 */

beforeEach(() => {
  resetApp();
  visit('/deathTrack');
});
afterEach(resetApp);

/** The follow-status calls the page made, with their ids. */
const statusCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/follow/status')
    .map((u) => ({ type: u.searchParams.get('type'), ids: u.searchParams.get('ids') }));

/** The notices on screen. */
const toasts = () => [...document.querySelectorAll('.toast')].map((e) => e.textContent);

describe('FollowButton', () => {
  it('a visitor gets the login dialog, and nothing is asked or saved', async () => {
    const seen = stubApi({});
    await renderInApp(<FailedCompanyList companies={[failedCompany()]} total={1} page={1} onPageChange={() => {}} />);
    const button = screen.getByRole('button', { name: '关注力灵网' });
    expect(button.textContent).toBe('+ 关注');
    fireEvent.click(button);
    await screen.findByRole('dialog', { name: '登录' });
    expect(seen.filter((r) => r.path.startsWith('/api/follow'))).toEqual([]);
  });

  it('a user sees the saved state; one click posts once and the label flips, and back again', async () => {
    setToken('tok-user');
    const seen = stubApi({
      'GET /api/follow/status': { body: okBody({ followed: [102] }) },
      'POST /api/follow': (req) => ({ body: okBody({ ...(req.body as object), followed: true }) }),
      'POST /api/follow/cancel': (req) => ({ body: okBody({ ...(req.body as object), followed: false }) }),
    });
    const rows = [failedCompany(), failedCompany({ com_id: 102, com_name: '红帽子' })];
    await renderInApp(<FailedCompanyList companies={rows} total={2} page={1} onPageChange={() => {}} />);

    const other = await screen.findByRole('button', { name: '已关注红帽子，点击取消关注' });
    expect(other.textContent).toBe('已关注');
    expect(other.getAttribute('aria-pressed')).toBe('true');
    const button = screen.getByRole('button', { name: '关注力灵网' });
    expect(button.textContent).toBe('+ 关注');

    // A double click is still one follow.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(toasts()).toContain('已关注'));
    await waitFor(() => expect(screen.getByRole('button', { name: '已关注力灵网，点击取消关注' }).textContent).toBe('已关注'));
    expect(seen.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ path: '/api/follow', body: { type: 1, item_id: 101 } })]);

    fireEvent.click(screen.getByRole('button', { name: '已关注红帽子，点击取消关注' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '关注红帽子' }).textContent).toBe('+ 关注'));
    await waitFor(() => expect(toasts()).toContain('已取消关注'));
    expect(seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/follow', { type: 1, item_id: 101 }],
      ['/api/follow/cancel', { type: 1, item_id: 102 }],
    ]);
    // The clicks changed the cached answer; they did not ask for the status again.
    expect(statusCalls()).toEqual([{ type: '1', ids: '101,102' }]);
  });
});
