import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, baseURL } from './browser';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface RecordView {
  record_id: number;
  rows: number;
  status: string;
  batch_no: number;
}

async function api<T>(token: string, p: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL()}${p}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
  const body = (await res.json()) as { status: string; data: T; msg?: string };
  if (body.status !== 'success') throw new Error(`${p}: ${res.status} ${body.msg}`);
  return body.data;
}

/**
 * The rows in the export's order, straight from the local D1 (read through wrangler, not the API).
 * The running workerd holds the database, so the read goes to a copy of the state directory.
 */
function d1Rows(): { com_name: string; close_date: number; survival_months: number; total_money: number }[] {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'juzi-readback-'));
  cpSync(inject('persistTo'), copy, { recursive: true });
  const out = execFileSync(
    'wrangler',
    ['d1', 'execute', 'juzi-db', '--local', '--config', 'wrangler.toml', '--persist-to', copy, '--json', '--command',
      'SELECT com_name, close_date, survival_months, total_money FROM closures ORDER BY close_date DESC, com_id DESC'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  rmSync(copy, { recursive: true, force: true });
  return JSON.parse(out)[0].results;
}

const ymd = (v: number) => `${String(v).slice(0, 4)}-${String(v).slice(4, 6)}-${String(v).slice(6, 8)}`;

describe('exported files read back by an independent reader (openpyxl)', () => {
  it('the whole closed-company list becomes 2000-row files whose rows are the database rows, in order', async () => {
    const token = await apiLogin('svip@demo.local');
    const job = await api<{ records: RecordView[] }>(token, '/api/exports', {
      method: 'POST',
      headers: { 'Idempotency-Key': `readback-${Date.now()}` },
      body: JSON.stringify({ kind: 'closure', params: {} }),
    });
    const expected = d1Rows();
    const sizes = Array.from({ length: Math.ceil(expected.length / 2000) }, (_, i) => Math.min(2000, expected.length - i * 2000));
    expect(job.records.map((r) => r.rows)).toEqual(sizes);
    // The e2e data set has 4,500 closed companies (tests/e2e/global-setup.ts).
    expect(sizes).toEqual([2000, 2000, 500]);

    const deadline = Date.now() + 90_000;
    let records = job.records;
    while (records.some((r) => r.status !== 'done')) {
      expect(records.filter((r) => r.status === 'failed')).toEqual([]);
      if (Date.now() > deadline) throw new Error(`not done in 90 s: ${JSON.stringify(records.map((r) => r.status))}`);
      await new Promise((r) => setTimeout(r, 500));
      records = await Promise.all(records.map((r) => api<RecordView>(token, `/api/downloads/${r.record_id}`)));
    }

    const files: string[] = [];
    for (const r of [...records].sort((a, b) => a.batch_no - b.batch_no)) {
      const res = await fetch(`${baseURL()}/api/downloads/${r.record_id}/file`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Disposition')).toContain("filename*=UTF-8''");
      const file = path.join(inject('artifactsDir'), `readback-${r.batch_no}.xlsx`);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      files.push(file);
    }

    const read = JSON.parse(execFileSync('/usr/bin/python3', [path.join(import.meta.dirname, 'read_xlsx.py'), ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
    const all: unknown[][] = [];
    files.forEach((f, i) => {
      const sheet = read[f];
      const [header, ...rows] = sheet.rows as unknown[][];
      expect(header.slice(0, 9)).toEqual(['公司名称', '行业', '子行业', '地区', '成立时间', '关闭时间', '存活时间(月)', '融资轮次', '融资总额(万元)']);
      expect(sheet.frozen).toBe('A2');
      expect(sheet.header_bold).toBe(true);
      expect(rows).toHaveLength(sizes[i]);
      all.push(...rows);
    });
    expect(all).toHaveLength(expected.length);
    const mismatches = expected.filter((e, i) => {
      const row = all[i];
      return row[0] !== e.com_name || row[5] !== ymd(e.close_date) || row[6] !== e.survival_months || row[8] !== e.total_money;
    });
    expect(mismatches).toEqual([]);
  });
});
