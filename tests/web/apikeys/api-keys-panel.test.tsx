import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { ApiKeysPanel } from '../../../web/src/features/apikeys/ApiKeysPanel';
import { ExportDialogHost } from '../../../web/src/features/exports/ExportDialogHost';
import { exportStore } from '../../../web/src/features/exports/store';
import { setToken } from '../../../web/src/lib/token';
import { created, listBody, quote, record } from '../exports/fixtures';
import { errorBody, meBody, okBody, renderInApp, resetApp, stubApi, visit } from '../helpers';

/** /user-center/api's panel: a key's secret is shown once; rotate and revoke ask first and call once. */

beforeEach(() => {
  resetApp();
  visit('/user-center/api');
  setToken('tok-user');
});
afterEach(() => {
  resetApp();
  act(() => exportStore.set(null));
});

const limits = { tier: 'user', rate_per_minute: 60, free_per_month: 1000, block_calls: 100, block_coins: 1, max_keys: 10, price: '' };
const row = (over: Record<string, unknown> = {}) => ({
  id: 7,
  name: '行情脚本',
  prefix: 'juzi_live_AbCdEfGh',
  scope: '',
  created_at: Date.UTC(2026, 11, 1, 2),
  rotated_at: null,
  last_used_at: null,
  revoked_at: null,
  ...over,
});
const noUsage = okBody({
  days: Array.from({ length: 30 }, (_, i) => ({ day: 20261106 + i, calls: 0, coins: 0 })),
  endpoints: [],
  month: { month: 202612, free_used: 0, free_quota: 1000, paid_blocks: 0, coins: 0, rate_per_minute: 60 },
});
const SECRET = `juzi_live_${'x'.repeat(40)}`;

const renderPanel = () =>
  renderInApp(
    <Suspense fallback={null}>
      <ApiKeysPanel onSelect={() => {}} />
      <ExportDialogHost />
    </Suspense>,
  );

describe('ApiKeysPanel', () => {
  it('creates a key with the spend scope and shows the secret once', async () => {
    let keys: unknown[] = [];
    const seen = stubApi({
      'GET /api/keys': () => ({ body: okBody({ info: keys, limits }) }),
      'POST /api/keys': () => {
        keys = [row({ scope: 'spend' })];
        return { body: okBody({ id: 7, key: SECRET, prefix: 'juzi_live_xxxxxxxx' }) };
      },
      'GET /api/keys/7/usage': { body: noUsage },
    });
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '创建第一个密钥' }));
    const dialog = await screen.findByRole('dialog', { name: '创建 API 密钥' });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '行情脚本' } });
    fireEvent.click(screen.getByLabelText(/允许消费桔子币/));
    fireEvent.submit(dialog.querySelector('form')!);
    const shown = await screen.findByRole('dialog', { name: '密钥已创建' });
    expect(shown.textContent).toContain(SECRET);
    expect(seen.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ path: '/api/keys', body: { name: '行情脚本', scope: 'spend' } })]);
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(document.body.textContent).not.toContain(SECRET));
    expect(await screen.findByText('可消费')).toBeTruthy();
    await screen.findByText('近 30 天没有调用');
  });

  it('a refused create shows the worker message in the dialog', async () => {
    stubApi({
      'GET /api/keys': { body: okBody({ info: [], limits }) },
      'POST /api/keys': { status: 409, body: errorBody('CONFLICT', '最多同时持有 10 个 API 密钥，请先吊销不用的密钥') },
    });
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '创建密钥' }));
    const dialog = await screen.findByRole('dialog', { name: '创建 API 密钥' });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'k' } });
    fireEvent.submit(dialog.querySelector('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('最多同时持有 10 个 API 密钥，请先吊销不用的密钥');
  });

  it('revoking asks first, then calls DELETE once and shows the key as revoked', async () => {
    let revoked: number | null = null;
    const seen = stubApi({
      'GET /api/keys': () => ({ body: okBody({ info: [row({ revoked_at: revoked })], limits }) }),
      'DELETE /api/keys/7': () => {
        revoked = Date.UTC(2026, 11, 5, 4);
        return { body: okBody(row({ revoked_at: revoked })) };
      },
      'GET /api/keys/7/usage': { body: noUsage },
    });
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '吊销' }));
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);
    const confirm = await screen.findByRole('dialog', { name: '吊销密钥' });
    fireEvent.click(confirm.querySelector('.btn-primary')!);
    await screen.findByText(/已吊销 2026-12-05 12:00/);
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '轮换' })).toBeNull();
  });

  it('导出用量 exports the shown key through the export dialog, free of coins', async () => {
    const usageQuote = quote({
      kind: 'api_usage',
      title: 'API用量-行情脚本-近30天',
      rows: 3,
      files: [{ page: 1, per_page: 2000, from: 1, to: 3, rows: 3, coins: 0 }],
      jzb_down: 0,
      tier: 'user',
      free: true,
      unit: '条用量记录',
      price_rule: '导出自己的 API 用量免费，不扣桔子币',
    });
    const rec = record({ rows: 3 });
    const seen = stubApi({
      'GET /api/user/info': { body: meBody({ juzibtc: 20 }) },
      'GET /api/keys': { body: okBody({ info: [row(), row({ id: 8, name: '备用' })], limits }) },
      'GET /api/keys/7/usage': { body: noUsage },
      'POST /api/exports/check': { body: okBody(usageQuote) },
      'POST /api/exports': { body: okBody(created([rec], { title: 'API用量-行情脚本-近30天', jzb_down: 0, unit: '条用量记录' })) },
      'GET /api/downloads': { body: listBody([rec]) },
    });
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '导出用量' }));
    const dialog = await screen.findByRole('dialog', { name: '导出数据' });
    expect(dialog.textContent).toContain('共 3 条用量记录');
    expect(dialog.textContent).toContain('免费');
    expect(dialog.textContent).not.toContain('导出后余额');
    expect(seen.find((r) => r.path === '/api/exports/check')?.body).toEqual({ kind: 'api_usage', params: { key_id: 7 } });
    fireEvent.click(screen.getByRole('button', { name: '确认导出' }));
    await screen.findByText('排队中', { selector: '.export-status' });
    expect(seen.filter((r) => r.method === 'POST' && r.path === '/api/exports').map((r) => r.body)).toEqual([{ kind: 'api_usage', params: { key_id: 7 } }]);
  });

  it('导出全部用量 asks for every key of the user', async () => {
    const seen = stubApi({
      'GET /api/user/info': { body: meBody({ juzibtc: 20 }) },
      'GET /api/keys': { body: okBody({ info: [row()], limits }) },
      'GET /api/keys/7/usage': { body: noUsage },
      'POST /api/exports/check': { body: okBody(quote({ rows: 0, batches: 0, files: [], jzb_down: 0, downloadable: false, free: true, msg: '数据为空，不能下载' })) },
    });
    await renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: '导出全部用量' }));
    await screen.findByText('数据为空，不能下载');
    expect(seen.find((r) => r.path === '/api/exports/check')?.body).toEqual({ kind: 'api_usage', params: {} });
  });
});
