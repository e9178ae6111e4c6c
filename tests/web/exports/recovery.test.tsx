/** Issue 16 in the download centre: a file sent again after its work was lost, and a file failed and refunded. */
import { createRoute } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadCentre } from '../../../web/src/features/exports/DownloadCentre';
import { setToken } from '../../../web/src/lib/token';
import { Route as rootRoute } from '../../../web/src/routes/__root';
import { listBody, record } from './fixtures';
import { meBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

function tree() {
  const centre = createRoute({ getParentRoute: () => rootRoute, path: '/user-center/download', component: () => <DownloadCentre page={1} onPage={() => undefined} /> });
  return rootRoute.addChildren([centre]);
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

beforeEach(() => {
  resetApp();
  visit('/user-center/download');
});
afterEach(() => {
  vi.restoreAllMocks();
  resetApp();
});

describe('download centre after a crash', () => {
  it('a re-sent file reads 重新排队中（第 N 次） once; a failed one says it was refunded and how much', async () => {
    setToken('tok-user');
    const info = [
      { ...record({ record_id: 21, status: 'queued', filename: '死亡公司数据_20260115_2001-4000.xlsx', status_text: '重新排队中（第 2 次）' }), requeues: 2 },
      record({ record_id: 20, status: 'queued', filename: '死亡公司数据_20260115_1-2000.xlsx' }),
      record({ record_id: 19, status: 'failed', refunded: true, filename: '死亡公司数据_20260114.xlsx', status_text: '生成失败，已退还 20 桔子币' }),
    ];
    stubApi({ 'GET /api/user/info': { body: meBody() }, 'GET /api/downloads': { body: listBody(info) } });
    await renderRouter(tree());
    await screen.findByText('死亡公司数据_20260115_2001-4000.xlsx');

    const resent = rowOf('死亡公司数据_20260115_2001-4000.xlsx');
    expect(resent.querySelector('.dl-status')?.textContent).toBe('重新排队中（第 2 次）');
    expect(resent.textContent?.match(/重新排队中/g)).toHaveLength(1);
    expect(rowOf('死亡公司数据_20260115_1-2000.xlsx').querySelector('.dl-status')?.textContent).toBe('排队中');

    const failed = rowOf('死亡公司数据_20260114.xlsx');
    expect(failed.querySelector('.dl-status')?.textContent).toBe('失败（已退款）');
    expect(failed.textContent).toContain('生成失败，已退还 20 桔子币');
  });
});
