/**
 * `npm run import` against the product as `npm start` runs it: the command finds the running stack,
 * sends the rows through it (the stack owns the local D1) and prints its summary line; the rows show
 * in the product at once, a second run changes nothing, and --undo takes each batch back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, baseURL } from './browser';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'juzi-import-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command as a user runs it (the state directory tells it where the operator key is). */
function importCommand(...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/import.mjs', ...args, '--url', baseURL()], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, JUZI_STATE_DIR: inject('persistTo') },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

/** akshare's death_company() columns, one row with a city instead of a province. */
const CSV = `公司简称,成立时间,关闭时间,存活天数,融资规模,行业,地点
导入验收甲,2016-04,2019-03-15,1078,2.3亿人民币,汽车交通,北京
导入验收乙,2015-06-01,2018-09-30,1217,5000万人民币,电子商务,上海市
导入验收丙,2014-09-10,2021-08-20,2536,数千万人民币,教育,浙江
导入验收丁,2016-01-05,2018-02-28,785,1500万人民币,硬件,深圳
`;

async function found(token: string, keyword: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/closure?keyword=${encodeURIComponent(keyword)}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { page: { total: number } } };
  return body.data.page.total;
}

describe('npm run import beside the running stack', () => {
  it('imports, reports the rejects, changes nothing the second time and undoes', async () => {
    const file = path.join(dir, 'death_company.csv');
    writeFileSync(file, CSV);
    const token = await apiLogin('vip@demo.local');

    const dry = importCommand(file, '--dry-run');
    expect(dry).toContain('dry run: imported 3, updated 0, unchanged 0, rejected 1');
    expect(await found(token, '导入验收')).toBe(0);

    const first = importCommand(file);
    expect(first).toContain('使用默认值的字段：子行业 3 行，融资轮次 3 行，运营状态 3 行，估值 3 行，融资总额 1 行');
    const line = /imported 3, updated 0, unchanged 0, rejected 1; rejects: (.+\.xlsx)/.exec(first);
    expect(line, first).not.toBeNull();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(readFileSync(line![1])).buffer as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).values).toEqual([undefined, 5, '地点', '地区“深圳”不是 GB/T 2260 的省级行政区名称（如“北京”“广东省”）', '导入验收丁', '2016-01-05', '2018-02-28', '785', '1500万人民币', '硬件', '深圳']);
    expect(await found(token, '导入验收')).toBe(3);

    const second = importCommand(file);
    expect(second).toContain('imported 0, updated 0, unchanged 3, rejected 1');

    const batches = [...`${first}\n${second}`.matchAll(/批次 (\d+)/g)].map((m) => m[1]);
    for (const b of batches.reverse()) expect(importCommand('--undo', b)).toContain(`undone batch ${b}`);
    expect(await found(token, '导入验收')).toBe(0);
    expect(importCommand('--list')).toMatch(new RegExp(`#${batches[0]}\\s+closure\\s+undone`));
  });
});
