/**
 * What the import tests share: the product's real vocabularies (the seed's taxonomy), the operator's
 * calls through the app with an operator key, a real export of the product (queued, built by the
 * export worker, read from R2), and files built the way other tools write them (xlsx, UTF-8 / GBK CSV).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import exportWorker from '../../../export-worker/src/index';
import { CLOSURE_REASONS, ROUNDS, SECTORS, STAR_STATES } from '../../../scripts/seed/taxonomy';
import { app } from '../../../worker/src/app';
import type { Env, ExportMessage } from '../../../worker/src/env';
import { forgetNames } from '../../../worker/src/lib/names';
import { call, makeUser } from '../helpers';
import { readTable, type Table } from '../../../scripts/import/read.mjs';
import { importTable, undoBatch, type Post, type Summary } from '../../../scripts/import/send.mjs';

export const OPERATOR_KEY = 'operator-key-for-import-tests-0123456789';
export const operatorEnv: Env = { ...env, PAY_OPERATOR_KEY: OPERATOR_KEY };

export type { Summary, Table };

/** The seed's sectors, rounds, closing reasons and STAR review states, and a few investment firms. */
export async function loadTaxonomy() {
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const sectors = SECTORS.flatMap((s) => [`(${s.id}, 0, ${q(s.name)})`, ...s.children.map((c) => `(${c.id}, ${s.id}, ${q(c.name)})`)]);
  const types = CLOSURE_REASONS.flatMap((p, i) => [`(${p.id}, 0, ${q(p.name)}, ${i})`, ...p.children.map((c, j) => `(${c.id}, ${p.id}, ${q(c.name)}, ${j})`)]);
  await env.DB.batch([
    env.DB.prepare(`INSERT OR IGNORE INTO sectors (id, parent_id, name) VALUES ${sectors.join(', ')}`),
    env.DB.prepare(`INSERT OR IGNORE INTO rounds (id, name) VALUES ${ROUNDS.map((r) => `(${r.id}, ${q(r.name)})`).join(', ')}`),
    env.DB.prepare(`INSERT OR IGNORE INTO closure_types (id, p_id, name, sort) VALUES ${types.join(', ')}`),
    env.DB.prepare(`INSERT OR IGNORE INTO starmarket_states (id, name, sort) VALUES ${STAR_STATES.map((st) => `(${st.id}, ${q(st.name)}, ${st.id})`).join(', ')}`),
    env.DB.prepare(`INSERT OR IGNORE INTO invest_firms (id, name) VALUES (1, '红杉中国'), (2, '真格基金'), (3, 'IDG资本'), (4, '经纬创投')`),
  ]);
  forgetNames();
}

/** The operator's call through the app, with the key the deployment would have. */
export const operatorPost: (path: string, body?: unknown, key?: string) => ReturnType<Post> = async (path, body, key = OPERATOR_KEY) => {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(new URL(path, 'http://localhost'), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-Operator-Key': key, 'CF-Connecting-IP': '203.0.113.77', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    operatorEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json().catch(() => null) };
};

/** Runs the CLI's own import loop against the app. */
export function runImport(table: Table, opts: { kind?: string; dryRun?: boolean; createFirms?: boolean; fileName?: string } = {}): Promise<Summary> {
  return importTable({ post: operatorPost, table, wait: async () => {}, ...opts });
}

export function runUndo(batchId: number) {
  return undoBatch({ post: operatorPost, batchId, wait: async () => {} });
}

export const read = (bytes: Uint8Array | ArrayBuffer, name: string, encoding?: string) => readTable(bytes, name, encoding);

let keySeq = 0;

/** A super-VIP's export through the product (the API queues it, the export worker writes it to R2): the file's bytes. */
export async function exportedFile(path: string, json: Record<string, unknown>): Promise<ArrayBuffer> {
  const user = await makeUser({ role: 'svip' });
  const res = await call(path, { method: 'POST', token: user.token, json, headers: { 'Idempotency-Key': `import-${++keySeq}-${user.id}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const records = (res.body.data as { records: { record_id: number }[] }).records;
  expect(records).toHaveLength(1);
  const batch = createMessageBatch<ExportMessage>('juzi-exports', [{ id: `imp-${records[0].record_id}`, timestamp: new Date(), attempts: 1, body: { recordId: records[0].record_id } }]);
  const ctx = createExecutionContext();
  await exportWorker.queue(batch, env);
  await getQueueResult(batch, ctx);
  const obj = await env.FILES.get(`exports/${user.id}/${records[0].record_id}.xlsx`);
  expect(obj, 'the export file in R2').not.toBeNull();
  return obj!.arrayBuffer();
}

/** An xlsx the way a researcher's spreadsheet is: one sheet, a header row, then the rows. */
export async function xlsxOf(headers: string[], rows: unknown[][]): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** A CSV's text (quoted where needed). */
export function csvText(headers: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
