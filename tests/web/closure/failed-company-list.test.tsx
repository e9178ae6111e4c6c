import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailedCompanyList, survivalText } from '../../../web/src/features/closure/FailedCompanyList';
import { reasonSearch } from '../../../web/src/features/closure/ReasonTag';
import type { FailedCompany } from '../../../web/src/features/closure/queries/tracks';
import { setToken } from '../../../web/src/lib/token';
import { okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';
import { failedCompany } from './fixtures';

beforeEach(() => {
  resetApp();
  visit('/deathTrack');
});
afterEach(resetApp);

describe('survival text', () => {
  it('reads years and months between founding and closing', () => {
    expect(survivalText({ years: 3, months: 5 })).toBe('存活3年5个月');
    expect(survivalText({ years: 0, months: 8 })).toBe('存活8个月');
    expect(survivalText({ years: 2, months: 0 })).toBe('存活2年');
  });
});

describe('FailedCompanyList', () => {
  it('shows a company: name link, founding month to closing date, province, category-subcategory, reason tags, description, survival', async () => {
    stubApi({});
    await renderInApp(<FailedCompanyList companies={[failedCompany()]} total={1} page={1} onPageChange={() => {}} />);
    expect(screen.getByText('共 1 家公司')).toBeTruthy();
    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('link', { name: '力灵网' }).getAttribute('href')).toBe('/company/101');
    expect(row.textContent).toContain('2018-05 至 2026-01-03');
    expect(row.textContent).toContain('江苏');
    expect(row.textContent).toContain('汽车交通-共享单车');
    expect(row.textContent).toContain('存活7年8个月');
    expect(row.textContent).toContain('一家共享单车运营商。');
    expect(within(row).getByRole('link', { name: '现金流断裂' }).getAttribute('href')).toBe('/deathReason?parent_id=2&child_id=21');
    expect(within(row).getByRole('link', { name: '行业竞争' }).getAttribute('href')).toBe('/deathReason?parent_id=1&child_id=11');
    expect(reasonSearch({ id: 11, p_id: 1 })).toEqual({ parent_id: 1, child_id: 11 });
  });

  it('shows pagination only when the total exceeds the page size of 10', async () => {
    setToken('tok-user');
    stubApi({ 'GET /api/follow/status': { body: okBody({ followed: [] }) } });
    const rows = Array.from({ length: 10 }, (_, i) => failedCompany({ com_id: i + 1, com_name: `公司${i + 1}` }));
    const onPageChange = vi.fn();
    const first = await renderInApp(<FailedCompanyList companies={rows} total={10} page={1} onPageChange={onPageChange} />);
    expect(screen.getByText('共 10 家公司')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    first.unmount();

    await renderInApp(<FailedCompanyList companies={rows} total={11} page={1} onPageChange={onPageChange} />);
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('button', { name: '上一页' })).toBeTruthy();
    expect(within(pager).getByRole('button', { name: '下一页' })).toBeTruthy();
    expect(within(pager).getByLabelText('跳转页码')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: '第 2 页' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('a visitor sees the login prompt bar instead of the pager', async () => {
    stubApi({});
    const rows = Array.from({ length: 10 }, (_, i) => failedCompany({ com_id: i + 1, com_name: `公司${i + 1}` }));
    await renderInApp(<FailedCompanyList companies={rows} total={11} page={1} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    await screen.findByRole('dialog', { name: '登录' });
  });

  it('writes the total with thousands separators, or leaves it to the page', async () => {
    stubApi({});
    const first = await renderInApp(<FailedCompanyList companies={[failedCompany()]} total={6000} page={1} onPageChange={() => {}} />);
    expect(screen.getByText('共 6,000 家公司')).toBeTruthy();
    first.unmount();
    await renderInApp(<FailedCompanyList companies={[failedCompany()]} total={6000} page={1} onPageChange={() => {}} showTotal={false} />);
    expect(screen.queryByText(/家公司/)).toBeNull();
  });

  it('shows 暂无数据 for an empty list', async () => {
    stubApi({});
    await renderInApp(<FailedCompanyList companies={[]} total={0} page={1} onPageChange={() => {}} />);
    expect(screen.getByText('共 0 家公司')).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

/** The follow-status calls the page made, with their ids. */
const statusCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/follow/status')
    .map((u) => ({ type: u.searchParams.get('type'), ids: u.searchParams.get('ids') }));

/** The list with its own page state, as the track and reason pages hold it. */
function PagedList({ rows }: { rows: FailedCompany[] }) {
  const [page, setPage] = useState(1);
  return <FailedCompanyList companies={rows.slice((page - 1) * 10, page * 10)} total={rows.length} page={page} onPageChange={setPage} />;
}

describe('follow status of a list page', () => {
  it('asks for the follow status once per list page, not once per row', async () => {
    setToken('tok-user');
    stubApi({ 'GET /api/follow/status': { body: okBody({ followed: [3, 12] }) } });
    const rows = Array.from({ length: 15 }, (_, i) => failedCompany({ com_id: i + 1, com_name: `公司${i + 1}` }));
    await renderInApp(<PagedList rows={rows} />);
    await waitFor(() => expect(screen.getByRole('button', { name: '已关注公司3，点击取消关注' })).toBeTruthy());
    expect(screen.getAllByRole('button', { name: /^关注公司/ })).toHaveLength(9);
    expect(statusCalls()).toEqual([{ type: '1', ids: '1,2,3,4,5,6,7,8,9,10' }]);

    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '第 2 页' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '已关注公司12，点击取消关注' })).toBeTruthy());
    expect(statusCalls()).toEqual([
      { type: '1', ids: '1,2,3,4,5,6,7,8,9,10' },
      { type: '1', ids: '11,12,13,14,15' },
    ]);
  });
});
