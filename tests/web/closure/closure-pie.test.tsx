import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClosurePie, PIE_HEIGHT, PIE_MIN_ANGLE, PIE_RADIUS, PIE_START_ANGLE } from '../../../web/src/features/closure/ClosurePie';
import { labelInk, paletteOf, sliceColor, STATUS_PALETTE, toPieData, TRACK_PALETTE } from '../../../web/src/features/closure/pieData';
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

  it('uses a 20-colour palette for the track chart and one colour per operating status (six statuses, six colours)', () => {
    expect(TRACK_PALETTE).toHaveLength(20);
    expect(new Set(TRACK_PALETTE).size).toBe(20);
    expect(paletteOf('track')).toBe(TRACK_PALETTE);
    expect(paletteOf('status')).toBe(STATUS_PALETTE);
    expect(sliceColor('track', 19)).toBe(TRACK_PALETTE[19]);
    const six = ['已关闭', '停止运营', '已注销', '被收购后关停', '破产清算', '吊销'];
    const colours = six.map((name, i) => sliceColor('status', i, name));
    expect(new Set(colours).size).toBe(6);
    // By name, not by place: 已关闭 keeps its colour wherever the worker lists it.
    expect(sliceColor('status', 5, '已关闭')).toBe(sliceColor('status', 0, '已关闭'));
    expect(sliceColor('status', 0, '吊销')).not.toBe(sliceColor('status', 0, '已关闭'));
  });

  it('labels slices with a colour that reaches 4.5:1 on them', () => {
    for (const c of [...STATUS_PALETTE]) expect(labelInk(c)).toBe('#fff');
    expect(labelInk('#f7ba1e')).toBe('#1f2329');
  });

  it('is drawn 300px high, the pie 80% of it, minimum slice angle 5, clockwise from 12 o\'clock', () => {
    expect([PIE_HEIGHT, PIE_RADIUS, PIE_MIN_ANGLE, PIE_START_ANGLE]).toEqual([300, '80%', 5, 90]);
  });

  it('has a legend in slice order with each status, count and percent', () => {
    const rows = [
      { name: '已关闭', value: 6 },
      { name: '已注销', value: 4 },
      { name: '停止运营', value: 2 },
      { name: '破产清算', value: 1 },
      { name: '被收购后关停', value: 1 },
      { name: '吊销', value: 1 },
    ];
    render(<ClosurePie title="运营状态分布" kind="status" rows={rows} />);
    const legend = screen.getByRole('list', { name: '运营状态分布图例' });
    const items = [...legend.querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('.closure-pie-name')?.textContent)).toEqual(rows.map((r) => r.name));
    expect(items[0].textContent).toContain('6家 · 40%');
    const swatches = items.map((li) => (li.querySelector('.closure-pie-swatch') as HTMLElement).style.background);
    expect(new Set(swatches).size).toBe(6);
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
