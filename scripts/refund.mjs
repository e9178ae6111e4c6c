// `npm run refund -- <order id>`: the operator's full refund of a paid order, through the worker
// (POST /api/pay/refund/{id}), which pays the money back through the order's provider and takes back
// what the order granted. Run it again after a failed provider call: nothing is taken twice.
//   --url <origin>     the deployment (default JUZI_API_URL, else http://localhost:$PORT or :8787)
//   PAY_OPERATOR_KEY   the deployment's operator key; locally read from the state directory
//                      (JUZI_STATE_DIR or .wrangler/state, local-secrets.env written by `npm start`)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readEnvFile, ROOT } from './stack.mjs';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const origin = (urlAt >= 0 ? args[urlAt + 1] : process.env.JUZI_API_URL) ?? `http://localhost:${process.env.PORT ?? 8787}`;
const id = args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--url');
if (!id) {
  console.error('用法：npm run refund -- <订单号> [--url https://你的域名]');
  process.exit(2);
}

let key = process.env.PAY_OPERATOR_KEY;
if (!key) {
  const stateDir = process.env.JUZI_STATE_DIR ? path.resolve(process.env.JUZI_STATE_DIR) : path.join(ROOT, '.wrangler', 'state');
  const file = path.join(stateDir, 'local-secrets.env');
  if (existsSync(file)) key = readEnvFile(file).PAY_OPERATOR_KEY;
}
if (!key) {
  console.error('缺少 PAY_OPERATOR_KEY：线上部署请设置环境变量 PAY_OPERATOR_KEY（与 wrangler secret put PAY_OPERATOR_KEY 相同的值）');
  process.exit(2);
}

const res = await fetch(new URL(`/api/pay/refund/${id}`, origin), { method: 'POST', headers: { 'X-Operator-Key': key } }).catch((e) => {
  console.error(`无法连接 ${origin}：${e.message}`);
  process.exit(1);
});
const body = await res.json().catch(() => null);
if (!res.ok || body?.status !== 'success') {
  console.error(`✖ 退款未完成（HTTP ${res.status}）：${body?.msg ?? '未知错误'}`);
  process.exit(1);
}
const { order, refund } = body.data;
const state = { done: '已退款', pending: '渠道已受理，稍后到账', failed: '渠道退款失败', requested: '已提交' }[refund.status] ?? refund.status;
console.log(`订单 ${order.order_id}（${order.name}，¥${order.amount_yuan}，${order.provider_label}）：${state}；退款单号 ${refund.refund_no}`);
if (refund.error) console.log(`  渠道返回：${refund.error}`);
process.exit(refund.status === 'failed' ? 1 : 0);
