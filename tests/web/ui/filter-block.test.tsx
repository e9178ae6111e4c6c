import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterBlock } from '../../../web/src/ui/FilterBlock';
import { setToken } from '../../../web/src/lib/token';
import { meBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

beforeEach(() => {
  resetApp();
  visit('/deathTrack');
});
afterEach(resetApp);

const TRACKS = [
  { tag_id: 1, tag_name: '共享单车' },
  { tag_id: 2, tag_name: '网约车' },
  { tag_id: 3, tag_name: '生鲜电商' },
];

/** The item buttons of the block (read from the DOM: an open dialog hides the page from the accessibility tree). */
const itemButtons = () => [...document.querySelectorAll<HTMLButtonElement>('section[aria-label="死亡赛道"] button[aria-pressed]')];
const itemNames = () => itemButtons().map((b) => b.textContent);
const pressed = () => itemButtons().filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent);

/** The page around the block: the name passed in can be changed from outside, as the track/album page does. */
function Harness({ onChange, autoSelect = true, initialName }: { onChange?: (item: (typeof TRACKS)[number]) => void; autoSelect?: boolean; initialName?: string }) {
  const [name, setName] = useState<string | undefined>(initialName);
  return (
    <>
      <FilterBlock title="死亡赛道" items={TRACKS} autoSelect={autoSelect} selectedName={name} onChange={onChange} />
      <button type="button" onClick={() => setName('生鲜电商')}>
        外部选生鲜电商
      </button>
      <button type="button" onClick={() => setName('')}>
        外部清空
      </button>
    </>
  );
}

describe('FilterBlock', () => {
  it('shows 1 item by default with 查看全部(VIP), and auto-selects (and emits a copy of) the first item', async () => {
    stubApi({});
    const onChange = vi.fn();
    await renderInApp(<Harness onChange={onChange} />);
    expect(itemNames()).toEqual(['共享单车']);
    expect(screen.getByRole('button', { name: '查看全部(VIP)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '收起' })).toBeNull();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0]).toEqual(TRACKS[0]);
    expect(onChange.mock.calls[0][0]).not.toBe(TRACKS[0]);
    expect(pressed()).toEqual(['共享单车']);
  });

  it('lets a VIP expand to every item and collapse again', async () => {
    setToken('tok-vip');
    stubApi({ 'GET /api/user/info': { body: meBody({ isVip: true }) } });
    await renderInApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    await waitFor(() => expect(itemNames()).toEqual(['共享单车', '网约车', '生鲜电商']));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(itemNames()).toEqual(['共享单车']);
    expect(screen.getByRole('button', { name: '查看全部(VIP)' })).toBeTruthy();
  });

  it('opens the membership dialog (from=deathTrack) when a non-VIP tries to expand, and stays collapsed', async () => {
    setToken('tok-user');
    stubApi({ 'GET /api/user/info': { body: meBody({ isVip: false }) } });
    await renderInApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(screen.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=deathTrack&return=%2FdeathTrack');
    expect(itemNames()).toEqual(['共享单车']);
  });

  it('gives a visitor the login dialog instead of expanding', async () => {
    stubApi({});
    await renderInApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    await screen.findByRole('dialog', { name: '登录' });
    expect(itemNames()).toEqual(['共享单车']);
  });

  it('emits a copy of a clicked item and highlights it', async () => {
    setToken('tok-vip');
    stubApi({ 'GET /api/user/info': { body: meBody({ isVip: true }) } });
    const onChange = vi.fn();
    await renderInApp(<Harness onChange={onChange} autoSelect={false} />);
    expect(pressed()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '查看全部(VIP)' }));
    await screen.findByRole('button', { name: '网约车' });
    fireEvent.click(screen.getByRole('button', { name: '网约车' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0]).toEqual(TRACKS[1]);
    expect(pressed()).toEqual(['网约车']);
  });

  it('follows the name passed in: that item is selected (and kept visible), an empty name selects nothing, auto-select stays off', async () => {
    stubApi({});
    const onChange = vi.fn();
    await renderInApp(<Harness onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '外部选生鲜电商' }));
    expect(pressed()).toEqual(['生鲜电商']);
    expect(itemNames()).toEqual(['共享单车', '生鲜电商']);
    fireEvent.click(screen.getByRole('button', { name: '外部清空' }));
    expect(pressed()).toEqual([]);
    // A name from outside is not a user's choice: nothing more is emitted.
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does not auto-select when a name is passed in from the start', async () => {
    stubApi({});
    const onChange = vi.fn();
    await renderInApp(<Harness onChange={onChange} initialName="" />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onChange).not.toHaveBeenCalled();
    expect(pressed()).toEqual([]);
  });

  it('reads album_id / album_name for typeName album and lays items out in 24/span columns', async () => {
    stubApi({});
    const albums = [
      { album_id: 7, album_name: '烧钱超10亿' },
      { album_id: 8, album_name: '独角兽之殇' },
    ];
    await renderInApp(<FilterBlock title="死亡专辑" items={albums} typeName="album" span={12} visibleCount={2} />);
    const block = screen.getByRole('region', { name: '死亡专辑' });
    expect(within(block).getAllByRole('button').map((b) => b.textContent)).toEqual(['烧钱超10亿', '独角兽之殇']);
    // Everything is visible already: no expand button.
    expect(within(block).queryByRole('button', { name: '查看全部(VIP)' })).toBeNull();
    expect((block.querySelector('ul') as HTMLElement).style.getPropertyValue('--filter-columns')).toBe('2');
  });
});
