// `npm start`: the whole product locally on one origin, seeded on first run.
//   PORT=9000 npm start          another port
//   JUZI_STATE_DIR=/tmp/x        another local state directory (default .wrangler/state); the
//   JUZI_SEED_SCALE=0.5          e2e crash test runs its own stack this way, seeded smaller
import path from 'node:path';
import { buildSpa, configuredCrons, fireCron, prepareDatabase, ROOT, scheduleCrons, startWorkers } from './stack.mjs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { BOOT_CRON, DAILY_CRON } from '../worker/src/exports/lease.ts';

const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.JUZI_STATE_DIR ? path.resolve(process.env.JUZI_STATE_DIR) : path.join(ROOT, '.wrangler', 'state');
const scale = Number(process.env.JUZI_SEED_SCALE ?? 1);

buildSpa();
prepareDatabase({ persistTo, scale });
console.log('› 启动 API worker、导出 worker（队列消费者）、D1、R2、定时任务…');
// Not detached: the workers belong to this process group, so stopping or killing `npm start`'s
// group stops the whole stack (no workerd left holding the port and the database).
const stack = await startWorkers({ port, persistTo, detached: false });

// The export queue lived in memory and died with the previous stack, and no attempt from before
// this boot is running: the reconciler re-sends every unfinished export file now (lease.ts BOOT_CRON).
if (!(await fireCron(stack.url, BOOT_CRON).catch(() => false))) console.error('启动时的导出对账未成功，将由每 2 分钟的定时任务补上');

const url = `http://localhost:${port}`;
const crons = configuredCrons();
console.log(`
✅ 已启动：${url}
   API 参考：${url}/api/docs
   演示账号（密码均为 ${DEMO_PASSWORD}）：`);
for (const a of DEMO_ACCOUNTS) console.log(`   - ${a.account.padEnd(18)} ${a.label}`);
console.log(`   本地密钥（沙箱支付渠道、运营退款、邮件退订签名）在 ${path.relative(ROOT, persistTo) || persistTo}/local-secrets.env，仅本地；运营退款：npm run refund -- <订单号>
   定时任务按 wrangler.toml 的时间自动触发（UTC）：${crons.join('、')}（每日 10:00 北京时间的任务；导出对账）
   手动触发：curl "${url}/cdn-cgi/handler/scheduled?cron=0+2+*+*+*"
   按 Ctrl+C 停止。`);

const stopCrons = scheduleCrons(stack.url, {
  crons,
  // The reconciler fires every two minutes; only the daily run is worth a line.
  log: (cron) => cron === DAILY_CRON && console.log(`› ${new Date().toISOString()} 触发每日定时任务`),
  onError: (cron, e) => console.error(`定时任务 ${cron} 触发失败`, e),
});

const shutdown = () => {
  stopCrons();
  stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
stack.child.on('exit', (code) => {
  console.error(`wrangler dev 已退出（${code}）\n${stack.output()}`);
  process.exit(code ?? 1);
});
