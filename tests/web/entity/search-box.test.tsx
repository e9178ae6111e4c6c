/**
 * The header's search box: it asks the worker 300 ms after the last keystroke, shows the results
 * grouped by kind, and is driven from the keyboard as an ARIA combobox (arrow keys, Enter, Escape).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../../web/src/features/search/SearchBox';
import { INPUT_DEBOUNCE_MS } from '../../../web/src/lib/debounce';
import { okBody, renderInApp, resetApp } from '../helpers';

const RESULT = {
  company: [
    { id: 11, name: '美团', logo: '', prov: '北京', cat_name: '本地生活', slogan: '', closed: '' },
    { id: 12, name: '美团优选', logo: '', prov: '北京', cat_name: '电子商务', slogan: '', closed: '2023-06-30' },
  ],
  investfirm: [{ id: 21, name: '美团龙珠资本', logo: '', des: '美团旗下投资机构', is_fa: false }],
  person: [{ id: 31, name: '穆涛', title: '小鸣单车 · 创始人' }],
};

let queries: string[];

beforeEach(() => {
  queries = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/search') return new Response(JSON.stringify({ status: 'error', code: 'NOT_FOUND', msg: '接口不存在' }), { status: 404 });
      const q = url.searchParams.get('q') ?? '';
      queries.push(q);
      const body = q === 'zzz' ? { company: [], investfirm: [], person: [] } : RESULT;
      return new Response(JSON.stringify(okBody(body)), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => resetApp());

async function typeInto(value: string) {
  const box = screen.getByRole('combobox', { name: '搜索公司、投资机构、人物' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value } });
  return box;
}

describe('SearchBox', () => {
  it('asks once, 300 ms after the last keystroke, and shows companies, firms and people in groups', async () => {
    await renderInApp(<SearchBox />);
    const box = await typeInto('m');
    fireEvent.change(box, { target: { value: 'mt' } });
    expect(queries).toEqual([]);
    await waitFor(() => expect(queries).toEqual(['mt']), { timeout: INPUT_DEBOUNCE_MS + 1000 });
    const list = await screen.findByRole('listbox', { name: '搜索结果' });
    const groups = await within(list).findAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['公司', '投资机构', '人物']);
    expect(within(groups[0]).getAllByRole('option').map((o) => o.textContent)).toEqual(['美美团本地生活 · 北京', '美美团优选已关闭电子商务 · 北京']);
    expect(within(groups[2]).getByRole('option').textContent).toContain('小鸣单车 · 创始人');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(queries).toEqual(['mt']);
  });

  it('moves through the results with the arrow keys, wrapping, and opens the active one with Enter', async () => {
    const { router } = await renderInApp(<SearchBox />);
    const box = await typeInto('meituan');
    await screen.findAllByRole('option');
    const options = () => screen.getAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2].id);
    expect(options()[2].textContent).toContain('美团龙珠资本');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    // From the first option, ArrowUp wraps to the last (the person).
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[3].id);
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/person/31'));
    expect((box as HTMLInputElement).value).toBe('');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the first result on Enter when none is active', async () => {
    const { router } = await renderInApp(<SearchBox />);
    const box = await typeInto('美团');
    await screen.findAllByRole('option');
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/11'));
  });

  it('closes on Escape and clears the box on a second Escape', async () => {
    await renderInApp(<SearchBox />);
    const box = await typeInto('mt');
    await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect((box as HTMLInputElement).value).toBe('mt');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('says so when nothing matches', async () => {
    await renderInApp(<SearchBox />);
    await typeInto('zzz');
    expect(await screen.findByText('没有找到与「zzz」相关的公司、机构或人物')).toBeTruthy();
  });
});
