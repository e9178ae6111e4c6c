import { createRoute } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DownloadCentre } from '../../../web/src/features/exports/DownloadCentre';
import { setToken } from '../../../web/src/lib/token';
import { Route as rootRoute } from '../../../web/src/routes/__root';
import { listBody, record } from './fixtures';
import { meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

/** The real root layout with the download centre at its path (the route file wires the same component to ?page=). */
function tree() {
  const centre = createRoute({
    getParentRoute: () => rootRoute,
    path: '/user-center/download',
    validateSearch: z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) }),
    component: function Centre() {
      const { page = 1 } = centre.useSearch();
      const navigate = centre.useNavigate();
      return <DownloadCentre page={page} onPage={(p) => void navigate({ search: { page: p } })} />;
    },
  });
  return rootRoute.addChildren([centre]);
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

beforeEach(() => {
  resetApp();
  visit('/user-center/download#company_down');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetApp();
});

describe('the personal download centre', () => {
  it('a visitor gets the login dialog and a login prompt, and no records call', async () => {
    const seen = stubApi({});
    await renderRouter(tree());
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeTruthy();
    expect(screen.getByText('登录后查看您的下载记录')).toBeTruthy();
    expect(seen.filter((r) => r.path === '/api/downloads')).toHaveLength(0);
  });

  it('lists records newest first with rows, batch, status, retention and a download button only for done files', async () => {
    setToken('tok-user');
    const created = Date.UTC(2026, 0, 15, 2, 0);
    const info = [
      record({ record_id: 9, status: 'failed', refunded: true, filename: '死亡原因-资金链断裂_20260115.xlsx', rows: 300 }),
      record({ record_id: 8, status: 'expired', filename: '烧钱榜-估值TOP100_20260101.xlsx', rows: 100 }),
      record({ record_id: 7, status: 'done', filename: '死亡公司数据_20260115_2001-4000.xlsx', rows: 2000, batch_no: 2, batches: 3, job_done: 3, created_at: created }),
    ];
    const seen = stubApi({ 'GET /api/user/info': { body: meBody() }, 'GET /api/downloads': { body: listBody(info) } });
    await renderRouter(tree());
    await screen.findByText('死亡公司数据_20260115_2001-4000.xlsx');
    const section = document.getElementById('company_down') as HTMLElement;
    expect(section).toBeTruthy();
    const names = [...section.querySelectorAll('.dl-filename')].map((n) => n.textContent);
    expect(names).toEqual(['死亡原因-资金链断裂_20260115.xlsx', '烧钱榜-估值TOP100_20260101.xlsx', '死亡公司数据_20260115_2001-4000.xlsx']);

    const failed = rowOf('死亡原因-资金链断裂_20260115.xlsx');
    expect(failed.textContent).toContain('失败（已退款）');
    expect(within(failed).queryByRole('button')).toBeNull();
    expect(rowOf('烧钱榜-估值TOP100_20260101.xlsx').textContent).toContain('已过期');

    const done = rowOf('死亡公司数据_20260115_2001-4000.xlsx');
    expect(done.textContent).toContain('已完成');
    expect(done.textContent).toContain('第 2/3 批');
    expect(done.textContent).toContain('2000');
    expect(done.textContent).toMatch(/文件保留7天，至 2026-01-2\d \d\d:\d\d/);
    expect(within(done).getByRole('button', { name: '下载 死亡公司数据_20260115_2001-4000.xlsx' })).toBeTruthy();

    const call = seen.find((r) => r.path === '/api/downloads');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-user');
  });

  it('refreshes by itself while a file is queued or generating, and stops once everything is settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken('tok-user');
    let calls = 0;
    const answer = () => {
      calls++;
      if (calls === 1) return [record({ record_id: 3, batch_no: 1, batches: 2, status: 'queued', rows: 2000 }), record({ record_id: 4, batch_no: 2, batches: 2, status: 'queued', rows: 500 })];
      if (calls === 2)
        return [
          record({ record_id: 3, batch_no: 1, batches: 2, status: 'done', rows: 2000, job_done: 1 }),
          record({ record_id: 4, batch_no: 2, batches: 2, status: 'generating', rows: 500, rows_done: 250, job_done: 1 }),
        ];
      return [
        record({ record_id: 3, batch_no: 1, batches: 2, status: 'done', rows: 2000, job_done: 2 }),
        record({ record_id: 4, batch_no: 2, batches: 2, status: 'done', rows: 500, job_done: 2 }),
      ];
    };
    stubApi({ 'GET /api/user/info': { body: meBody() }, 'GET /api/downloads': () => ({ body: listBody(answer()) }) });
    await renderRouter(tree());
    await waitFor(() => expect(screen.getAllByText('排队中')).toHaveLength(2));
    expect(screen.getAllByText('整体 0/2 批')).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(2100));
    await screen.findByText('生成中');
    expect(screen.getByText('50% · 整体 1/2 批')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(screen.getAllByText('已完成')).toHaveLength(2));
    expect(screen.getAllByText('整体 2/2 批')).toHaveLength(2);
    const settled = calls;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(calls).toBe(settled);
  });

  it('says 暂无下载记录 when there are none', async () => {
    setToken('tok-user');
    stubApi({ 'GET /api/user/info': { body: meBody() }, 'GET /api/downloads': { body: listBody([]) } });
    await renderRouter(tree());
    expect(await screen.findByText('暂无下载记录')).toBeTruthy();
  });

  it('pages through more than 20 records with ?page=', async () => {
    setToken('tok-user');
    stubApi({ 'GET /api/user/info': { body: meBody() }, 'GET /api/downloads': { body: listBody([record({ status: 'done' })], 45) } });
    const { router } = await renderRouter(tree());
    fireEvent.click(await screen.findByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => /\/api\/downloads\?page=3&per_page=20/.test(String(u)))).toBe(true));
  });

  it('downloads a done file with the session header', async () => {
    setToken('tok-user');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const seen = stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/downloads': { body: listBody([record({ record_id: 7, status: 'done', filename: '死亡公司数据_20260115.xlsx' })]) },
      'GET /api/downloads/7/file': { body: okBody('PK') },
    });
    await renderRouter(tree());
    fireEvent.click(await screen.findByRole('button', { name: '下载 死亡公司数据_20260115.xlsx' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('死亡公司数据_20260115.xlsx');
    expect(seen.find((r) => r.path === '/api/downloads/7/file')?.headers.get('Authorization')).toBe('Bearer tok-user');
  });
});
