// `npm run import -- <file.xlsx|file.csv> [--kind closure|starmarket] [--dry-run] [--remote] [--create-firms]`
// `npm run import -- --undo <batch>` · `npm run import -- --list`
//
// Loads closed companies or STAR-market companies from a spreadsheet through the worker's operator
// calls (/api/import/*), which validate every row and write each piece of the file as one D1 batch:
// the local D1 of `npm start` (through the running stack, or a stack this command starts and stops on
// the same state), or the deployment with --remote. See docs/import.md.
//   --url <origin>     the worker to send to (default: JUZI_API_URL with --remote, else http://localhost:$PORT or :8787)
//   --encoding <name>  a CSV's encoding when it is neither UTF-8 nor GBK
//   PAY_OPERATOR_KEY   the deployment's operator key (--remote); locally read from the state directory
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { buildSpa, localSecretsEnv, prepareDatabase, readEnvFile, ROOT, startWorkers } from './stack.mjs';
import { readTable } from './import/read.mjs';
import { rejectsXlsx } from './import/rejects.mjs';
import { importTable, summaryLine, undoBatch } from './import/send.mjs';

const USAGE = `用法：
  npm run import -- <文件.xlsx|文件.csv> [--kind closure|starmarket] [--dry-run] [--create-firms] [--remote] [--url <地址>]
  npm run import -- --undo <批次号> [--remote]
  npm run import -- --list [--remote]`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      'create-firms': { type: 'boolean', default: false },
      undo: { type: 'string' },
      list: { type: 'boolean', default: false },
      url: { type: 'string' },
      encoding: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (e) {
  console.error(`${e.message}\n${USAGE}`);
  process.exit(2);
}
const { values: args, positionals } = parsed;
const file = positionals[0];
if (args.help || (!file && !args.undo && !args.list)) {
  console.log(USAGE);
  process.exit(args.help ? 0 : 2);
}
if (args.kind && !['closure', 'starmarket', 'medical-event'].includes(args.kind)) {
  console.error(`--kind 只能是 closure、starmarket 或 medical-event，不是 ${args.kind}`);
  process.exit(2);
}
if (args.undo && !/^\d+$/.test(args.undo)) {
  console.error(`--undo 需要批次号（数字），不是 ${args.undo}`);
  process.exit(2);
}

const fail = (msg) => {
  console.error(`✖ ${msg}`);
  process.exit(1);
};

const stateDir = process.env.JUZI_STATE_DIR ? path.resolve(process.env.JUZI_STATE_DIR) : path.join(ROOT, '.wrangler', 'state');

/** The operator key: the environment's, else (locally) the state directory's, written by `npm start`. */
function operatorKey() {
  if (process.env.PAY_OPERATOR_KEY) return process.env.PAY_OPERATOR_KEY;
  if (args.remote) fail('缺少 PAY_OPERATOR_KEY：请设置为部署的 PAY_OPERATOR_KEY（wrangler secret put PAY_OPERATOR_KEY 的值）');
  return readEnvFile(localSecretsEnv(stateDir)).PAY_OPERATOR_KEY;
}

async function answers(url) {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * The worker to send to: --url / JUZI_API_URL for --remote; locally the running `npm start` (it owns
 * the local D1, so the rows go through it), else a stack started here on the same state and stopped after.
 */
async function target() {
  if (args.remote) {
    const url = args.url ?? process.env.JUZI_API_URL;
    if (!url) fail('--remote 需要部署的地址：--url https://你的域名 或环境变量 JUZI_API_URL');
    return { url: url.replace(/\/$/, ''), stop: () => {} };
  }
  const url = args.url ?? `http://localhost:${process.env.PORT ?? 8787}`;
  if (await answers(url)) return { url, stop: () => {} };
  if (args.url) fail(`无法连接 ${url}`);
  console.log('› 本地没有运行中的 npm start：为这次导入启动本地栈（同一个 .wrangler/state）…');
  buildSpa();
  prepareDatabase({ persistTo: stateDir, quiet: true });
  const stack = await startWorkers({ port: await freePort(), persistTo: stateDir });
  return { url: stack.url, stop: () => stack.stop() };
}

function poster(url, key) {
  return async (p, body) => {
    const res = await fetch(`${url}${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-Operator-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

function progressBar(label) {
  if (!process.stdout.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar({ format: `${label} [{bar}] {percentage}% | {value}/{total} 行 | 剩余 {eta_formatted}`, hideCursor: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    update: (done, total) => {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

let bytes;
if (file) {
  if (!existsSync(file)) fail(`文件不存在：${file}`);
  bytes = readFileSync(file);
}
const key = operatorKey();
const { url, stop } = await target();
const post = poster(url, key);
let code = 0;
try {
  if (args.list) {
    const res = await post('/api/import/batches');
    if (res.status !== 200) fail(`${res.body?.msg ?? `HTTP ${res.status}`}`);
    for (const b of res.body.data)
      console.log(`#${b.batch_id}  ${b.kind.padEnd(10)} ${b.status.padEnd(7)} ${new Date(b.created_at).toISOString()}  imported ${b.imported}, updated ${b.updated}, unchanged ${b.unchanged}, rejected ${b.rejected}  ${b.file_name}`);
  } else if (args.undo) {
    const bar = progressBar('撤销');
    const r = await undoBatch({ post, batchId: Number(args.undo), onProgress: bar.update });
    bar.stop();
    console.log(`undone batch ${args.undo}: ${r.undone} changes taken back (${r.batch.imported} imported, ${r.batch.updated} updated)`);
  } else {
    const table = await readTable(bytes, file, args.encoding);
    const bar = progressBar(args['dry-run'] ? '检查' : '导入');
    const s = await importTable({
      post,
      table,
      fileName: path.basename(file),
      kind: args.kind,
      dryRun: args['dry-run'],
      createFirms: args['create-firms'],
      onProgress: bar.update,
    });
    bar.stop();
    if (table.encoding) console.log(`编码：${table.encoding}`);
    console.log(`类型：${s.kind}${s.batch_id ? `，批次 ${s.batch_id}（撤销：npm run import -- --undo ${s.batch_id}）` : '（试运行，未写入）'}`);
    if (s.ignored.length) console.log(`未导入的列：${s.ignored.join('、')}`);
    const defaults = Object.entries(s.defaulted);
    if (defaults.length) console.log(`使用默认值的字段：${defaults.map(([f, n]) => `${f} ${n} 行`).join('，')}（见 docs/import.md）`);
    if (s.firms_created.length) console.log(`新建的投资机构（${s.firms_created.length}）：${s.firms_created.join('、')}`);
    if (s.firms_missing.length) console.log(`库里没有、未导入的投资机构（${s.firms_missing.length}，加 --create-firms 新建）：${s.firms_missing.join('、')}`);
    if (args['dry-run'])
      for (const c of s.changes.slice(0, 50)) console.log(`  第 ${c.line} 行 ${c.name}：${c.action === 'insert' ? '新增' : `更新 ${c.fields.join('、')}`}`);
    if (args['dry-run'] && s.changes.length > 50) console.log(`  …另有 ${s.changes.length - 50} 行会改变`);
    let rejectsPath = '';
    if (s.rejects.length) {
      const stamp = s.batch_id ? `batch${s.batch_id}` : 'dry-run';
      rejectsPath = path.resolve(path.dirname(file), `${path.basename(file).replace(/\.(xlsx|csv)$/i, '')}.rejects-${stamp}.xlsx`);
      writeFileSync(rejectsPath, await rejectsXlsx(table.headers, s.rejects));
    }
    console.log(`${args['dry-run'] ? 'dry run: ' : ''}${summaryLine(s)}${rejectsPath ? `; rejects: ${rejectsPath}` : ''}`);
  }
} catch (e) {
  console.error(`✖ ${e.message}`);
  code = 1;
} finally {
  stop();
}
process.exit(code);
