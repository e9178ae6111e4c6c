import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chartFilterOf, chartYears, trendPoints } from '../../../web/src/features/medical/chartFilter';
import { FinancingChart } from '../../../web/src/features/medical/FinancingChart';
import { setToken } from '../../../web/src/lib/token';
import { renderInApp, resetApp, visit } from '../helpers';
import { stubMedical } from './stub';

beforeEach(() => {
  resetApp();
  visit('/health');
});
afterEach(resetApp);

const years = (from: number, to: number, f: (y: number) => { num: number; money: number }) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), f(from + i)]));

/** The chosen option's value (the DOM typings of this project do not narrow HTMLElement to a select). */
const selectValue = (el: HTMLElement) => (el as unknown as { value: string }).value;

const scope = [{ id: 1, p_id: 0, name: '医疗器械', desc: '', child: [{ id: 101, name: '医学影像设备' }] }];
const rounds = [
  { id: 1, name: '种子轮' },
  { id: 4, name: 'A轮' },
];

describe('financing chart selectors', () => {
  it('counts the placeholders (and blanks) as not chosen', () => {
    expect(chartFilterOf({ year: '请选择时间', round: '请选择轮次', field: '请选择子领域' })).toEqual({ year: undefined, round: undefined, field: undefined });
    expect(chartFilterOf({ year: '', round: ' ', field: '' })).toEqual({ year: undefined, round: undefined, field: undefined });
    expect(chartFilterOf({ year: '2019', round: '4', field: '101' })).toEqual({ year: 2019, round: 4, field: 101 });
    expect(chartYears(2026).at(0)).toBe(2026);
    expect(chartYears(2026).at(-1)).toBe(2010);
  });

  it('an answer with no event in any label is empty', () => {
    expect(trendPoints(years(2010, 2012, () => ({ num: 0, money: 0 })))).toEqual([]);
    expect(trendPoints({ '2011': { num: 2, money: 30 }, '2010': { num: 0, money: 0 } }).map((p) => p.label)).toEqual(['2010', '2011']);
  });

  it('asks without a filter while the placeholders are shown, with the year once one is chosen, and without it again on the placeholder', async () => {
    setToken('tok-user');
    const seen = stubMedical({
      '/api/user/info': () => ({ id: 1, account: 'u', username: 'u', isVip: false, svip: false, juzibtc: 0 }),
      '/api/medical/scope': () => scope,
      '/api/medical/rounds': () => rounds,
      '/api/medical/chart': (q) => (q.get('year') ? Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`2019-${String(i + 1).padStart(2, '0')}`, { num: 0, money: 0 }])) : years(2010, 2026, (y) => ({ num: y - 2009, money: 100 }))),
    });
    await renderInApp(<FinancingChart />);
    await screen.findByText(/2010年至今共 153 起融资事件/);
    const chartCalls = () => seen.filter((s) => s.path === '/api/medical/chart');
    expect([...chartCalls()[0].query.keys()]).toEqual([]);
    const year = screen.getByRole('combobox', { name: '请选择时间' });
    expect(year.querySelector('option')!.textContent).toBe('请选择时间');
    expect(screen.getByRole('combobox', { name: '请选择轮次' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('combobox', { name: '请选择子领域' }).querySelectorAll('option')).toHaveLength(3));

    fireEvent.change(year, { target: { value: '2019' } });
    await screen.findByText('所选条件下暂无融资事件');
    expect(chartCalls().at(-1)!.query.get('year')).toBe('2019');

    fireEvent.change(year, { target: { value: '' } });
    await screen.findByText(/2010年至今共 153 起融资事件/);
    expect(chartCalls().every((c) => c.query.get('year') !== '请选择时间')).toBe(true);
  });

  it('a visitor choosing a year gets the login dialog and the chart keeps its view', async () => {
    const seen = stubMedical({
      '/api/medical/scope': () => scope,
      '/api/medical/rounds': () => rounds,
      '/api/medical/chart': () => years(2010, 2026, () => ({ num: 1, money: 10 })),
    });
    await renderInApp(<FinancingChart />);
    await screen.findByText(/2010年至今共 17 起融资事件/);
    fireEvent.change(screen.getByRole('combobox', { name: '请选择时间' }), { target: { value: '2019' } });
    await screen.findByRole('dialog', { name: '登录' });
    expect(selectValue(screen.getByRole('combobox', { name: '请选择时间', hidden: true }))).toBe('');
    expect(seen.filter((s) => s.path === '/api/medical/chart')).toHaveLength(1);
  });
});
