import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirmRankList } from '../../web/src/features/closure/FirmRankList';
import { NewsSearchBox, SEARCH_DEBOUNCE_MS } from '../../web/src/features/closure/NewsSearchBox';
import type { ReasonParent } from '../../web/src/features/closure/queries/reasons';
import { RankTable } from '../../web/src/features/closure/RankTable';
import { selectReason } from '../../web/src/features/closure/reasonSelection';
import { rankedCompany } from './closure-fixtures';
import { renderInApp, resetApp, stubApi } from './helpers';

beforeEach(resetApp);
afterEach(resetApp);


const lastColumn = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').at(-1)?.textContent);

describe('RankTable', () => {
  it('shows financing totals of 10000万 or more in 亿元 and smaller ones in 万元, with serial numbers', async () => {
    stubApi({});
    const rows = [rankedCompany(1, { total_money: 760200 }), rankedCompany(2, { total_money: 10000 }), rankedCompany(3, { total_money: 9999 }), rankedCompany(4, { total_money: 850.5 })];
    await renderInApp(<RankTable rows={rows} measure="amount" />);
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('融资总额');
    expect(lastColumn()).toEqual(['76.02亿元', '1亿元', '9999万元', '850.5万元']);
    expect(screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('link', { name: '公司1' }).getAttribute('href')).toBe('/company/501');
  });

  it('uses the valuation for the valuation, 千里马 and unicorn tabs', async () => {
    stubApi({});
    await renderInApp(<RankTable rows={[rankedCompany(1, { total_money: 5, valuation: 125000 })]} measure="valuation" />);
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('估值');
    expect(lastColumn()).toEqual(['12.5亿元']);
  });

  it('shows 暂无数据 when a filter leaves no company', async () => {
    stubApi({});
    await renderInApp(<RankTable rows={[]} measure="amount" />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the worker\'s serial as 序号 and keeps the worker\'s order, whatever the rank by the measure', async () => {
    stubApi({});
    // Page 2 of a ranking sorted by survival time: rows 11-13 in the worker's order, ranked 57, 3 and 88 by financing total.
    const rows = [57, 3, 88].map((rank, i) => rankedCompany(rank, { serial: 11 + i, logo: `https://logo.example/${rank}.png` }));
    await renderInApp(<RankTable rows={rows} measure="amount" />);
    const cells = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell'));
    expect(cells.map((c) => c[0].textContent)).toEqual(['11', '12', '13']);
    expect(cells.map((c) => c[1].textContent)).toEqual(['公司57', '公司3', '公司88']);
    // The first three places of the shown order are highlighted, not the measure's top three.
    expect(cells.map((c) => c[0].classList.contains('is-top'))).toEqual([false, false, false]);
  });
});

describe('FirmRankList', () => {
  it('links firms to /investfirm/{id} and their closed cases to /company/{id}, with the event count', async () => {
    stubApi({});
    await renderInApp(
      <FirmRankList
        firms={[{ rank: 1, invst_id: 9, invst_name: '嘉御股权投资', invst_logo: '', count: 167, closed_count: 4, com: [{ com_id: 3, com_name: '创鲜乐' }] }]}
      />,
    );
    expect(screen.getByRole('link', { name: /嘉御股权投资/ }).getAttribute('href')).toBe('/investfirm/9');
    expect(screen.getByRole('link', { name: '创鲜乐' }).getAttribute('href')).toBe('/company/3');
    expect(screen.getByText('167')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
  });
});

describe('selectReason', () => {
  const tree: ReasonParent[] = [
    { id: 1, p_id: 0, name: '市场原因', child: [{ id: 11, p_id: 1, name: '行业竞争' }, { id: 12, p_id: 1, name: '市场伪需求' }] },
    { id: 2, p_id: 0, name: '资金原因', child: [{ id: 21, p_id: 2, name: '现金流断裂' }] },
  ];
  it('takes the child from the query, or the first child of the parent, or the first reason', () => {
    expect(selectReason(tree, 1, 12).child?.name).toBe('市场伪需求');
    expect(selectReason(tree, 2).child?.name).toBe('现金流断裂');
    expect(selectReason(tree).child?.name).toBe('行业竞争');
    expect(selectReason(tree, undefined, 21).parent?.name).toBe('资金原因');
    // A child that belongs to another parent wins over a wrong parent id.
    expect(selectReason(tree, 1, 21).parent?.name).toBe('资金原因');
    expect(selectReason(tree, 99, 99).child?.name).toBe('行业竞争');
  });
});

describe('NewsSearchBox', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
  });
  it('reports the trimmed company name 300 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<NewsSearchBox value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: '公司名称' });
    fireEvent.change(box, { target: { value: '单' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: ' 单车 ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('单车');
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });
});
