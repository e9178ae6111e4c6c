import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FailedCompanyList, reasonHref, survivalText } from '../../web/src/features/closure/FailedCompanyList';
import type { FailedCompany } from '../../web/src/features/closure/queries-more';
import { setToken } from '../../web/src/lib/token';
import { renderInApp, resetApp, stubApi, visit } from './helpers';

beforeEach(() => {
  resetApp();
  visit('/deathTrack');
});
afterEach(resetApp);

function company(over: Partial<FailedCompany> = {}): FailedCompany {
  return {
    com_id: 101,
    com_name: '力灵网',
    logo: '',
    com_des: '一家共享单车运营商。',
    com_prov: '江苏',
    cat_id: 1,
    cat_name: '汽车交通',
    se_cat_name: '共享单车',
    born: '2018-05',
    com_change_close_date: '2026-01-03',
    com_fund_status_name: 'A轮',
    survival: { years: 7, months: 8 },
    operating_status: '已关闭',
    total_money: 12000,
    valuation: 30000,
    incense_total: 5,
    closure_type: [
      { id: 21, p_id: 2, name: '现金流断裂' },
      { id: 11, p_id: 1, name: '行业竞争' },
    ],
    com_team: [],
    com_tag: [],
    com_invst: [],
    ...over,
  };
}

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
    await renderInApp(<FailedCompanyList companies={[company()]} total={1} page={1} onPageChange={() => {}} />);
    expect(screen.getByText('1家公司')).toBeTruthy();
    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('link', { name: '力灵网' }).getAttribute('href')).toBe('/company/101');
    expect(row.textContent).toContain('2018-05 至 2026-01-03');
    expect(row.textContent).toContain('江苏');
    expect(row.textContent).toContain('汽车交通-共享单车');
    expect(row.textContent).toContain('存活7年8个月');
    expect(row.textContent).toContain('一家共享单车运营商。');
    expect(within(row).getByRole('link', { name: '现金流断裂' }).getAttribute('href')).toBe('/deathReason?parent_id=2&child_id=21');
    expect(reasonHref({ id: 11, p_id: 1 })).toBe('/deathReason?parent_id=1&child_id=11');
  });

  it('shows pagination only when the total exceeds the page size of 10', async () => {
    stubApi({});
    const rows = Array.from({ length: 10 }, (_, i) => company({ com_id: i + 1, com_name: `公司${i + 1}` }));
    const onPageChange = vi.fn();
    const first = await renderInApp(<FailedCompanyList companies={rows} total={10} page={1} onPageChange={onPageChange} />);
    expect(screen.getByText('10家公司')).toBeTruthy();
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

  it('shows 暂无数据 for an empty list', async () => {
    stubApi({});
    await renderInApp(<FailedCompanyList companies={[]} total={0} page={1} onPageChange={() => {}} />);
    expect(screen.getByText('0家公司')).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('has a follow button that needs login and never claims a saved follow (there is no follow call)', async () => {
    const seen = stubApi({});
    await renderInApp(<FailedCompanyList companies={[company()]} total={1} page={1} onPageChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '关注力灵网' }));
    await screen.findByRole('dialog', { name: '登录' });

    setToken('tok-user');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '关注力灵网' }));
    expect(await screen.findByText('关注功能暂未开放，敬请期待')).toBeTruthy();
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
