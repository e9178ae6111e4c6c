import { createRoute } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportStore, openExport, type ExportRequest } from '../../../web/src/features/exports/store';
import { setToken } from '../../../web/src/lib/token';
import { Route as rootRoute } from '../../../web/src/routes/__root';
import { created, listBody, quote, record } from './fixtures';
import { errorBody, meBody, okBody, renderRouter, resetApp, stubApi, visit, type SeenRequest } from '../helpers';

/** A closed-company export as the list page's button sends it. */
const REQ: ExportRequest = { kind: 'closure', params: { cat_id: 3, com_prov: '北京', keyword: undefined }, from: 'deathCompany', title: '死亡公司列表' };

/** The app's real root layout (which mounts the one export dialog) and a page with an export button. */
function tree(req: ExportRequest = REQ) {
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: '/deathCompany',
    component: () => (
      <button type="button" onClick={() => openExport(req)}>
        导出数据
      </button>
    ),
  });
  return rootRoute.addChildren([page]);
}

const generateCalls = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'POST' && r.path === '/api/exports');

async function openDialog(routes: Parameters<typeof stubApi>[0], req?: ExportRequest) {
  const seen = stubApi({ 'GET /api/user/info': { body: meBody({ isVip: true, juzibtc: 20 }) }, ...routes });
  await renderRouter(tree(req));
  fireEvent.click(screen.getByRole('button', { name: '导出数据' }));
  return seen;
}

beforeEach(() => {
  resetApp();
  act(() => exportStore.set(null));
  visit('/deathCompany');
  setToken('tok-vip');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetApp();
  act(() => exportStore.set(null));
});

describe('the export dialog', () => {
  it('shows rows, coins to deduct, balance and the price rule before anything is charged', async () => {
    const seen = await openDialog({ 'POST /api/exports/check': { body: okBody(quote()) } });
    const dialog = await screen.findByRole('dialog', { name: '导出数据' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('死亡公司列表');
    expect(text).toContain('共 1234 家公司');
    expect(text).toContain('13 桔子币');
    expect(text).toContain('当前余额20 桔子币');
    expect(text).toContain('VIP会员导出每 100 条数据扣 1 桔子币');
    expect(text).toContain('导出后余额 7 桔子币');
    // The check carries the page's filters; blank ones are left out. Nothing is generated before confirming.
    const check = seen.find((r) => r.path === '/api/exports/check');
    expect(check?.body).toEqual({ kind: 'closure', params: { cat_id: 3, com_prov: '北京' } });
    expect(generateCalls(seen)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(generateCalls(seen)).toHaveLength(0);
  });

  it('a second click on the export button within 300 ms is ignored; a later one starts a fresh check', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const seen = await openDialog({ 'POST /api/exports/check': { body: okBody(quote()) } });
    await screen.findByRole('dialog', { name: '导出数据' });
    const checks = () => seen.filter((r) => r.path === '/api/exports/check').length;
    expect(checks()).toBe(1);
    now.mockReturnValue(1_000_250);
    // The open modal hides the page from the accessibility tree; the button is still there.
    fireEvent.click(screen.getByRole('button', { name: '导出数据', hidden: true }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(checks()).toBe(1);
    now.mockReturnValue(1_000_600);
    // The open modal hides the page from the accessibility tree; the button is still there.
    fireEvent.click(screen.getByRole('button', { name: '导出数据', hidden: true }));
    await waitFor(() => expect(checks()).toBe(2));
  });

  it('zero rows (an answer, not a failed request): the warning 数据为空，不能下载 and no dialog', async () => {
    const empty = quote({ rows: 0, batches: 0, files: [], jzb_down: 0, downloadable: false, msg: '数据为空，不能下载' });
    await openDialog({ 'POST /api/exports/check': { body: okBody(empty) } });
    const notice = await screen.findByText('数据为空，不能下载');
    expect(notice.closest('.toast-warning')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('coins short: the recharge confirm with the server message, 去充值 -> /order?from=<area>', async () => {
    const msg = '本次导出共 1234 家公司，需扣除 124 桔子币，当前余额 20 桔子币，余额不足，请先充值';
    const seen = await openDialog({
      'POST /api/exports/check': { body: okBody(quote({ jzb_down: 124, tier: 'user', downloadable: false, msg })) },
    });
    const dialog = await screen.findByRole('dialog', { name: '桔子币余额不足' });
    expect(dialog.textContent).toContain(msg);
    expect(within(dialog).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/order?from=deathCompany&return=%2FdeathCompany');
    expect(screen.queryByRole('dialog', { name: '导出数据' })).toBeNull();
    expect(generateCalls(seen)).toHaveLength(0);
  });

  it('a visitor gets the login dialog and no call is made', async () => {
    setToken(null);
    const seen = await openDialog({});
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
    expect(seen.filter((r) => r.path.startsWith('/api/exports'))).toHaveLength(0);
  });

  it('a members-only export answers VIP_REQUIRED: the membership prompt for the area', async () => {
    await openDialog(
      { 'POST /api/exports/check': { status: 403, body: errorBody('VIP_REQUIRED', '该数据仅对VIP会员开放') } },
      { kind: 'closure_reason', params: { type_id: 12 }, from: 'deathReason' },
    );
    const dialog = await screen.findByRole('dialog', { name: '开通VIP会员' });
    expect(within(dialog).getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=deathReason&return=%2FdeathCompany');
  });

  it('a double click on 确认导出 sends exactly one generate call, with an Idempotency-Key', async () => {
    const rec = record({ status: 'queued' });
    const seen = await openDialog({
      'POST /api/exports/check': { body: okBody(quote()) },
      'POST /api/exports': { body: okBody(created([rec])) },
      'GET /api/downloads': { body: listBody([rec]) },
    });
    const confirm = await screen.findByRole('button', { name: '确认导出' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByText('排队中', { selector: '.export-status' });
    const calls = generateCalls(seen);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[0].body).toEqual({ kind: 'closure', params: { cat_id: 3, com_prov: '北京' } });
  });

  it('a failed generate can be confirmed again with the same key (charged once by the worker)', async () => {
    let n = 0;
    const rec = record({ status: 'queued' });
    const seen = await openDialog({
      'POST /api/exports/check': { body: okBody(quote()) },
      'POST /api/exports': () => (++n === 1 ? { status: 503, body: errorBody('INTERNAL', '服务器开小差了，请稍后重试') } : { body: okBody(created([rec])) }),
      'GET /api/downloads': { body: listBody([rec]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: '确认导出' }));
    await screen.findByText('服务器开小差了，请稍后重试');
    fireEvent.click(await screen.findByRole('button', { name: '确认导出' }));
    await screen.findByText('排队中', { selector: '.export-status' });
    const [first, second] = generateCalls(seen);
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });

  it('polls the job and shows X/Y 批; after 5 s the notice points to the download centre', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const records = [1, 2, 3].map((i) => record({ record_id: 20 + i, batch_no: i, batches: 3, rows: i === 3 ? 500 : 2000, status: 'queued' }));
    let polls = 0;
    const seen = await openDialog({
      'POST /api/exports/check': { body: okBody(quote({ rows: 4500, batches: 3, jzb_down: 45 })) },
      'POST /api/exports': { body: okBody(created(records)) },
      'GET /api/downloads': () => {
        polls++;
        const jobDone = polls >= 2 ? 1 : 0;
        const status = (i: number) => (jobDone === 0 ? 'queued' : i === 0 ? 'done' : i === 1 ? 'generating' : 'queued');
        const info = records.map((r, i) =>
          record({ record_id: r.record_id, batch_no: r.batch_no, rows: r.rows, status: status(i), rows_done: status(i) === 'generating' ? 800 : undefined, job_done: jobDone, batches: 3 }),
        );
        return { body: listBody(info) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '确认导出' }));
    expect(await screen.findByText('正在生成：已完成 0/3 批')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(await screen.findByText('正在生成：已完成 1/3 批')).toBeTruthy();
    // The dialog asks for the job's records only.
    const poll = seen.filter((r) => r.path === '/api/downloads').at(-1);
    expect(poll).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('job_id=5'))).toBe(true);
    expect(screen.getByText('生成中 40%')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(await screen.findByText('文件正在生成中，请稍后到个人下载中心下载')).toBeTruthy();
    const link = screen.getByRole('link', { name: '个人下载中心' });
    expect(link.getAttribute('href')).toBe('/user-center/download#company_down');
  });

  it('saves the file when it is done and refreshes the header coin balance', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const queued = record({ status: 'queued' });
    let balance = 20;
    const seen = await openDialog({
      'GET /api/user/info': () => ({ body: meBody({ isVip: true, juzibtc: balance }) }),
      'POST /api/exports/check': { body: okBody(quote()) },
      'POST /api/exports': () => {
        balance = 7;
        return { body: okBody(created([queued])) };
      },
      'GET /api/downloads': { body: listBody([record({ status: 'done' })]) },
      'GET /api/downloads/11/file': { body: { xlsx: 'PK' } },
    });
    await screen.findByText('桔子币 20');
    fireEvent.click(await screen.findByRole('button', { name: '确认导出' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('死亡公司数据_20260115.xlsx');
    expect(anchor.href).toMatch(/^blob:/);
    const file = seen.find((r) => r.path === '/api/downloads/11/file');
    expect(file?.headers.get('Authorization')).toBe('Bearer tok-vip');
    expect(await screen.findByText('文件已生成，浏览器正在保存')).toBeTruthy();
    expect(await screen.findByText('桔子币 7')).toBeTruthy();
  });

  it('下载出错，请重试 when the file fetch fails', async () => {
    await openDialog({
      'POST /api/exports/check': { body: okBody(quote()) },
      'POST /api/exports': { body: okBody(created([record({ status: 'done' })])) },
      'GET /api/downloads': { body: listBody([record({ status: 'done' })]) },
      'GET /api/downloads/11/file': { status: 500, body: 'oops' },
    });
    fireEvent.click(await screen.findByRole('button', { name: '确认导出' }));
    expect(await screen.findByText('下载出错，请重试')).toBeTruthy();
  });

  it('more than 2000 rows: batch buttons 1-2000, 2001-4000, 4001-4500; a batch exports page N with per_page 2000', async () => {
    const files = [
      { page: 1, from: 1, to: 2000, rows: 2000, coins: 20 },
      { page: 2, from: 2001, to: 4000, rows: 2000, coins: 20 },
      { page: 3, from: 4001, to: 4500, rows: 500, coins: 5 },
    ];
    const rec = record({ status: 'queued', rows: 2000 });
    const seen = await openDialog({
      'POST /api/exports/check': { body: okBody(quote({ rows: 4500, batches: 3, files, jzb_down: 45, jzb_num: 100 })) },
      'POST /api/exports': { body: okBody(created([rec])) },
      'GET /api/downloads': { body: listBody([rec]) },
    });
    const dialog = await screen.findByRole('dialog', { name: '导出数据' });
    expect(dialog.textContent).toContain('建议分批下载');
    expect(dialog.textContent).toContain('共 4500 家公司');
    expect(dialog.querySelector('.export-subject')?.textContent).toBe('死亡公司列表');
    fireEvent.click(within(dialog).getByRole('radio', { name: /2001-4000/ }));
    // The chosen batch is named by its range, as the worker names its file and download record.
    expect(dialog.querySelector('.export-subject')?.textContent).toBe('死亡公司列表（第2001-4000条）');
    expect(dialog.textContent).toContain('共 2000 家公司');
    expect(dialog.textContent).toContain('导出后余额 80 桔子币');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认导出' }));
    await waitFor(() => expect(generateCalls(seen)).toHaveLength(1));
    expect(generateCalls(seen)[0].body).toEqual({ kind: 'closure', params: { cat_id: 3, com_prov: '北京', page: 2, per_page: 2000 } });
  });
});
