// `npm run bench -- import [--rows N]`: how long `npm run import` takes for a large file of closed
// companies in the product's own export format (reasons and investors included), against the stack
// started as `npm start` starts it, on a fresh state of its own (migrations and a small seed for the
// vocabularies). Times reading the xlsx, the first import, the same file again (every row unchanged)
// and the undo of the first batch, through the same code the command runs (scripts/import/*.mjs);
// after the undo, every kept list is compared with a fresh count on the stack's D1 file.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import ExcelJS from 'exceljs';
import { localSecretsEnv, prepareDatabase, readEnvFile, startWorkers } from '../../scripts/stack.mjs';
import { readTable } from '../../scripts/import/read.mjs';
import { importTable, undoBatch } from '../../scripts/import/send.mjs';
import { printSection, table } from './section.mjs';
import { keptAndFreshWith } from '../worker/kept/compare.ts';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const ROWS = Number(arg('--rows', '100000'));

const PROVS = ['北京', '上海', '广东', '浙江', '江苏', '四川', '湖北', '福建', '山东', '陕西'];
const SECTORS = [
  ['电子商务', ['综合电商', '跨境电商', '社交电商', '生鲜电商']],
  ['企业服务', ['SaaS', '云计算', '人力资源']],
  ['金融', ['P2P借贷', '消费金融', '支付']],
  ['教育', ['K12', '职业教育', '语言学习']],
  ['本地生活', ['餐饮外卖', '家政服务', 'O2O']],
];
const ROUNDS = ['天使轮', 'A轮', 'B轮', 'C轮', '尚未获投'];
const REASONS = ['资金原因-烧钱过快', '市场原因-行业竞争', '管理原因-团队问题', '产品原因-产品不成熟', '其他-业务转型'];
const FIRMS = ['红杉中国', '真格基金', 'IDG资本', '经纬创投', '创新工场'];
const HEADERS = ['公司名称', '行业', '子行业', '地区', '成立时间', '关闭时间', '存活时间(月)', '融资轮次', '融资总额(万元)', '估值(万元)', '关闭原因', '运营状态', '投资机构', '公司简介'];

/** A file shaped as the product's export writes it: date cells, numbers, lists joined with 、. */
async function buildFile(n) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('死亡公司数据');
  ws.addRow(HEADERS);
  for (let i = 0; i < n; i++) {
    const [cat, subs] = SECTORS[i % SECTORS.length];
    const born = new Date(Date.UTC(2008 + (i % 8), i % 12, 1 + (i % 28)));
    const close = new Date(Date.UTC(2017 + (i % 8), (i * 7) % 12, 1 + ((i * 3) % 28)));
    ws.addRow([
      `基准公司${i}`, cat, subs[i % subs.length], PROVS[i % PROVS.length], born, close, null, ROUNDS[i % ROUNDS.length],
      (i * 37) % 90000, (i * 53) % 400000, REASONS.slice(0, 1 + (i % 2)).map((_, k) => REASONS[(i + k) % REASONS.length]).join('、'),
      '已关闭', i % 3 ? FIRMS[i % FIRMS.length] : '', `第${i}家基准公司，做过一段时间的${subs[i % subs.length]}。`,
    ]);
  }
  return wb.xlsx.writeBuffer();
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const time = async (fn) => {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
};

/** Stops the stack and waits until its processes have let go of the D1 file. */
async function stopped(s) {
  const gone = s.child.exitCode !== null ? Promise.resolve() : new Promise((r) => s.child.once('exit', r));
  s.stop();
  await gone;
}

/** Compares every kept list, the cards and the firms' cases with fresh counts on the stack's D1 file; throws on any difference. */
async function keptExact(state) {
  const d1 = path.join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const [file] = readdirSync(d1).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  const db = new DatabaseSync(path.join(d1, file), { readOnly: true });
  try {
    const r = await keptAndFreshWith(async (sql) => db.prepare(sql).all());
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    const wrong = Object.entries(r.lists).filter(([, c]) => !same(c.kept, c.fresh)).map(([name]) => name);
    if (!same(r.cards.kept, r.cards.fresh)) wrong.push('closure_cards');
    if (!same(r.cases.kept, r.cases.fresh)) wrong.push('closure_firm_stats.cases');
    if (r.bulkFlag) wrong.push('kept_bulk');
    if (wrong.length) throw new Error(`after the undo, kept rows differ from a fresh count: ${wrong.join(', ')}`);
    return Object.keys(r.lists).length;
  } finally {
    db.close();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const persistTo = path.join(dir, 'state');
let stack;
try {
  console.log(`› ${ROWS} 行的文件…`);
  const built = await time(() => buildFile(ROWS));
  prepareDatabase({ persistTo, scale: 0.05, quiet: true });
  stack = await startWorkers({ port: await freePort(), persistTo });
  const key = readEnvFile(localSecretsEnv(persistTo)).PAY_OPERATOR_KEY;
  const post = async (p, body) => {
    const res = await fetch(`${stack.url}${p}`, { method: 'POST', headers: { 'X-Operator-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  let lastShown = 0;
  const onProgress = (done, total) => {
    if (done - lastShown >= 10000 || done === total) {
      lastShown = done;
      console.log(`  ${done}/${total}`);
    }
  };
  const read = await time(() => readTable(new Uint8Array(built.value), 'bench.xlsx'));
  const first = await time(() => importTable({ post, table: read.value, fileName: 'bench.xlsx', onProgress }));
  if (first.value.imported !== ROWS || first.value.rejects.length) throw new Error(`first import: ${JSON.stringify({ ...first.value, rejects: first.value.rejects.slice(0, 3), changes: [] })}`);
  lastShown = 0;
  const again = await time(() => importTable({ post, table: read.value, fileName: 'bench.xlsx', onProgress }));
  if (again.value.unchanged !== ROWS) throw new Error(`second import: ${JSON.stringify({ ...again.value, changes: [] })}`);
  lastShown = 0;
  const undone = await time(() => undoBatch({ post, batchId: first.value.batch_id, onProgress }));
  if (undone.value.undone !== ROWS) throw new Error(`undo: ${JSON.stringify(undone.value)}`);
  // Every kept list, card and case after the undo, next to a fresh count, on the stack's own SQLite file.
  await stopped(stack);
  stack = undefined;
  const checked = await keptExact(persistTo);
  const rate = (ms) => `${Math.round(ROWS / (ms / 1000)).toLocaleString('en-US')} 行/秒`;
  printSection(
    'import',
    `导入 ${ROWS.toLocaleString('en-US')} 行死亡公司（npm run import）`,
    `本地栈（与 \`npm start\` 相同）上的新状态目录；文件是产品自己的导出格式（带关闭原因与投资机构），每个请求最多 200 行、一个 D1 batch，同时 3 个请求。目标：首次导入 2 分钟以内。撤销之后，全部 ${checked} 个声明的保持行、卡片与机构的前三个案例都与重新统计逐行相同（栈停下后用 node:sqlite 在它的 D1 文件上比较，tests/worker/kept/compare.ts）。\n\n${table(
      ['步骤', '时间', '速度'],
      [
        ['读 xlsx（exceljs）', seconds(read.ms), rate(read.ms)],
        ['首次导入（全部新增）', seconds(first.ms), rate(first.ms)],
        ['同一文件再导入（全部未变）', seconds(again.ms), rate(again.ms)],
        ['撤销首次导入（--undo）', seconds(undone.ms), rate(undone.ms)],
      ],
    )}`,
  );
} finally {
  stack?.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
