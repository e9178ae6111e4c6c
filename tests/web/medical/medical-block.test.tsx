import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOME_BLOCK_TAB, DEFAULT_TAG_BLOCK_TAB, HOME_BLOCK_TABS, TAG_BLOCK_TABS } from '../../../worker/src/medical/constants';
import { MedicalBlock } from '../../../web/src/features/medical/MedicalBlock';
import { setToken } from '../../../web/src/lib/token';
import { renderInApp, resetApp, visit } from '../helpers';
import { company, deferred, firm, pageOf, stubMedical } from './stub';

beforeEach(() => {
  resetApp();
  visit('/health');
});
afterEach(resetApp);

const me = (isVip = false) => ({ id: 1, account: 'u@demo.local', username: '测试用户', isVip, svip: false, juzibtc: 0 });

/** Answers the block call per type and page: 25 companies, 12 firms, the TOP100 of 25. */
function blockAnswer(q: URLSearchParams) {
  const page = Number(q.get('page') ?? 1);
  const out: Record<string, unknown> = {};
  for (const t of (q.get('type') ?? '').split(',')) {
    if (t === 'company') out.company = pageOf(company, 25, page);
    if (t === 'invst') out.invst = pageOf(firm, 12, page);
    if (t === 'invse_money_rank') out.invse_money_rank = pageOf(company, 25, page, 500);
  }
  return out;
}

describe('MedicalBlock', () => {
  it('stays hidden until its first load completes, then a visitor sees the login bar instead of load-more', async () => {
    const first = deferred<unknown>();
    const seen = stubMedical({ '/api/medical/block': () => first.promise });
    await renderInApp(<MedicalBlock tabs={HOME_BLOCK_TABS} defaultTab={DEFAULT_HOME_BLOCK_TAB} />);
    await waitFor(() => expect(seen.length).toBe(1));
    expect(seen[0].query.get('type')).toBe('company,invst,invse_money_rank');
    expect(seen[0].query.get('page')).toBe('1');
    expect(screen.queryByRole('heading', { name: '医疗健康数据库' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();

    await act(async () => first.resolve(blockAnswer(seen[0].query)));
    await screen.findByRole('heading', { name: '医疗健康数据库' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['全部公司', '投资机构', '融资金额TOP100']);
    expect(screen.getByRole('tab', { name: '融资金额TOP100' }).getAttribute('aria-selected')).toBe('true');
    const list = screen.getByRole('list', { name: '融资金额TOP100' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    await screen.findByRole('dialog', { name: '登录' });
  });

  it('a visitor switching tabs gets the login dialog and stays on the tab', async () => {
    stubMedical({ '/api/medical/block': blockAnswer });
    await renderInApp(<MedicalBlock tabs={HOME_BLOCK_TABS} defaultTab={DEFAULT_HOME_BLOCK_TAB} />);
    const tab = await screen.findByRole('tab', { name: '投资机构' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    await screen.findByRole('dialog', { name: '登录' });
    // The modal dialog hides the page from the accessibility tree meanwhile.
    expect(screen.getByRole('tab', { name: '融资金额TOP100', hidden: true }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('list', { name: '融资金额TOP100', hidden: true })).toBeTruthy();
  });

  it('load-more: 加载中… while the next page comes, 加载更多 while more exist, 没有更多数据了 once the pages cover the total; each tab counts its own pages from 2', async () => {
    setToken('tok-user');
    let pending: ReturnType<typeof deferred<unknown>> | null = null;
    const seen = stubMedical({
      '/api/user/info': () => me(),
      '/api/medical/block': (q) => {
        if (q.get('page') === '1') return blockAnswer(q);
        pending = deferred<unknown>();
        const p = pending;
        return p.promise.then(() => blockAnswer(q));
      },
    });
    await renderInApp(<MedicalBlock tabs={TAG_BLOCK_TABS} defaultTab={DEFAULT_TAG_BLOCK_TAB} tagId={7} />);
    const list = await screen.findByRole('list', { name: '全部公司' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['投资机构', '全部公司']);
    expect(seen.find((s) => s.path === '/api/medical/block')!.query.get('tag_id')).toBe('7');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('加载中…');
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    const second = seen.filter((s) => s.path === '/api/medical/block').at(-1)!;
    expect([second.query.get('type'), second.query.get('page'), second.query.get('tag_id')]).toEqual(['company', '2', '7']);
    await act(async () => pending!.resolve(null));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(within(list).getAllByRole('listitem')[10].textContent).toContain('公司11');

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(pending).not.toBeNull());
    expect(seen.at(-1)!.query.get('page')).toBe('3');
    await act(async () => pending!.resolve(null));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.getByText('没有更多数据了')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();

    // The firms tab keeps its own counter: its first load-more asks page 2.
    const firmsTab = screen.getByRole('tab', { name: '投资机构' });
    fireEvent.mouseDown(firmsTab);
    fireEvent.click(firmsTab);
    const firms = await screen.findByRole('list', { name: '投资机构' });
    expect(within(firms).getAllByRole('listitem')).toHaveLength(10);
    expect(firms.textContent).toContain('医疗健康投资事件');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(seen.at(-1)!.query.get('type')).toBe('invst'));
    expect(seen.at(-1)!.query.get('page')).toBe('2');
    await act(async () => pending!.resolve(null));
    await waitFor(() => expect(within(firms).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.getByText('没有更多数据了')).toBeTruthy();
  });

  it('the sort 排序方式 reloads the companies from page 1 with the order and restarts their counter', async () => {
    setToken('tok-user');
    const seen = stubMedical({ '/api/user/info': () => me(), '/api/medical/block': blockAnswer });
    await renderInApp(<MedicalBlock tabs={HOME_BLOCK_TABS} defaultTab="company" />);
    await screen.findByRole('list', { name: '全部公司' });
    fireEvent.change(screen.getByRole('combobox', { name: '排序方式' }), { target: { value: '2' } });
    await waitFor(() => expect(seen.at(-1)!.query.get('order')).toBe('2'));
    expect([seen.at(-1)!.query.get('type'), seen.at(-1)!.query.get('page')]).toEqual(['company', '1']);
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(seen.at(-1)!.query.get('page')).toBe('2'));
    expect(seen.at(-1)!.query.get('order')).toBe('2');
  });
});
