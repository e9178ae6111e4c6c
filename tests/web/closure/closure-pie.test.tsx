import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClosurePie, PIE_HEIGHT, PIE_MIN_ANGLE, PIE_RADIUS } from '../../../web/src/features/closure/ClosurePie';
import { paletteOf, sliceColor, STATUS_PALETTE, toPieData, TRACK_PALETTE } from '../../../web/src/features/closure/pieData';
import { PieTooltip } from '../../../web/src/features/closure/PieTooltip';

afterEach(cleanup);

const REASONS = [
  {
    id: 1,
    name: '资金原因',
    value: 2,
    percent: 66.67,
    children: [
      { id: 11, name: '融资能力不足', value: 2 },
      { id: 12, name: '烧钱过快', value: 1 },
    ],
  },
  { id: 2, name: '市场原因', value: 1, percent: 33.33, children: [{ id: 21, name: '行业竞争', value: 1 }] },
];

describe('pie chart data', () => {
  it('gives each slice its percent of the sum with at most 2 decimals', () => {
    const data = toPieData('status', [
      { name: '已关闭', value: 1 },
      { name: '已注销', value: 1 },
      { name: '停止运营', value: 1 },
    ]);
    expect(data.map((d) => d.percent)).toEqual(['33.33%', '33.33%', '33.33%']);
    expect(toPieData('status', [{ name: '已关闭', value: 1 }, { name: '已注销', value: 7 }]).map((d) => d.percent)).toEqual(['12.5%', '87.5%']);
    expect(toPieData('status', [{ name: '已关闭', value: 2 }, { name: '已注销', value: 1 }]).map((d) => d.percent)).toEqual(['66.67%', '33.33%']);
  });

  it('keeps the children for the track chart only', () => {
    expect(toPieData('track', REASONS)[0].children).toEqual([
      { name: '融资能力不足', value: 2 },
      { name: '烧钱过快', value: 1 },
    ]);
    expect(toPieData('status', REASONS)[0].children).toEqual([]);
  });

  it('uses a 20-colour palette for the track chart and a 3-colour one for the status chart', () => {
    expect(TRACK_PALETTE).toHaveLength(20);
    expect(new Set(TRACK_PALETTE).size).toBe(20);
    expect(STATUS_PALETTE).toHaveLength(3);
    expect(paletteOf('track')).toBe(TRACK_PALETTE);
    expect(paletteOf('status')).toBe(STATUS_PALETTE);
    expect(sliceColor('status', 3)).toBe(STATUS_PALETTE[0]);
    expect(sliceColor('track', 19)).toBe(TRACK_PALETTE[19]);
  });

  it('is drawn 300px high with radius 55% and a minimum slice angle of 5', () => {
    expect([PIE_HEIGHT, PIE_RADIUS, PIE_MIN_ANGLE]).toEqual([300, '55%', 5]);
  });

  it('shows 暂无数据 for a collection without data', () => {
    render(<ClosurePie title="运营状态分布" kind="status" rows={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('pie tooltip', () => {
  it('shows name, value and percent, and for the track chart a numbered list of the children', () => {
    const [slice] = toPieData('track', REASONS);
    const { container } = render(<PieTooltip kind="track" active payload={[{ payload: slice }]} />);
    expect(container.textContent).toContain('资金原因');
    expect(container.textContent).toContain('2家（66.67%）');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['1. 融资能力不足：2', '2. 烧钱过快：1']);
  });

  it('has no children list on the status chart', () => {
    const [slice] = toPieData('status', [{ name: '已关闭', value: 3 }, { name: '已注销', value: 1 }]);
    const { container } = render(<PieTooltip kind="status" active payload={[{ payload: slice }]} />);
    expect(container.textContent).toBe('已关闭3家（75%）');
    expect(container.querySelector('ol')).toBeNull();
  });

  it('renders nothing while no slice is hovered', () => {
    const { container } = render(<PieTooltip kind="track" active={false} payload={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
