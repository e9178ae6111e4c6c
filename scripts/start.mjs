// `npm start`: the whole product locally on one origin, seeded on first run.
import path from 'node:path';
import { buildSpa, fireCron, msUntilCron, prepareDatabase, ROOT, startWorkers } from './stack.mjs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';

const port = Number(process.env.PORT ?? 8787);
const persistTo = path.join(ROOT, '.wrangler', 'state');

buildSpa();
prepareDatabase({ persistTo });
console.log('› 启动 API worker、导出 worker（队列消费者）、D1、R2、定时任务…');
const stack = await startWorkers({ port, persistTo });

const url = `http://localhost:${port}`;
console.log(`
✅ 已启动：${url}
   API 参考：${url}/api/docs
   演示账号（密码均为 ${DEMO_PASSWORD}）：`);
for (const a of DEMO_ACCOUNTS) console.log(`   - ${a.account.padEnd(18)} ${a.label}`);
console.log(`   每日 10:00（北京时间）定时任务会自动触发；手动触发：curl "${url}/cdn-cgi/handler/scheduled?cron=0+2+*+*+*"
   按 Ctrl+C 停止。`);

const scheduleCron = () =>
  setTimeout(async () => {
    console.log(`› ${new Date().toISOString()} 触发每日定时任务`);
    await fireCron(stack.url).catch((e) => console.error('定时任务触发失败', e));
    scheduleCron();
  }, msUntilCron());
scheduleCron();

const shutdown = () => {
  stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
stack.child.on('exit', (code) => {
  console.error(`wrangler dev 已退出（${code}）\n${stack.output()}`);
  process.exit(code ?? 1);
});
