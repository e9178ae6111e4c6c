import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RankTable } from '../../../web/src/features/closure/RankTable';
import { rankedCompany } from './fixtures';
import { renderInApp, resetApp, stubApi } from '../helpers';

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

