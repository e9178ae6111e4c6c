import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimingChart } from '../../../web/src/features/starmarket/TimingChart';

afterEach(cleanup);

const rows = [
  { id: 1, name: '已受理', num: 12, median_days: 5 },
  { id: 2, name: '已问询', num: 3, median_days: 28 },
  { id: 3, name: '上市委会议', num: 0, median_days: 0 },
  { id: 8, name: '终止', num: 1, median_days: 731 },
];

describe('TimingChart', () => {
  it('names the median, and lists each state that has companies with their count and median wait', () => {
    render(<TimingChart rows={rows} />);
    expect(screen.getByRole('heading', { name: '审核用时：各状态企业数与中位停留天数' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['已受理：12 家，中位停留 5 天', '已问询：3 家，中位停留 28 天', '终止：1 家，中位停留 731 天']);
    expect(screen.queryByText(/上市委会议/)).toBeNull();
    expect(screen.queryByText(/平均/)).toBeNull();
  });

  it('shows nothing when no state has a company', () => {
    const { container } = render(<TimingChart rows={rows.map((r) => ({ ...r, num: 0, median_days: 0 }))} />);
    expect(container.innerHTML).toBe('');
  });
});
