// `npm run deploy`: build the SPA, migrate the remote D1, publish the export worker, then the API worker
// (which serves the SPA as static assets on the same origin). Needs `wrangler login` or CLOUDFLARE_API_TOKEN.
//   --dry-run                   build and bundle, publish nothing
//   --config <file>             the API worker's wrangler config (default wrangler.toml)
//   --allow-sandbox-payments    publish even though PAY_SANDBOX is "on": anyone could then approve
//                               their own orders with the sandbox cashier (a demo deployment only)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSpa, ROOT, sandboxSwitchedOn } from './stack.mjs';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const allowSandbox = args.includes('--allow-sandbox-payments');
const configAt = args.indexOf('--config');
const config = configAt >= 0 ? args[configAt + 1] : 'wrangler.toml';

function wrangler(wargs, opts = {}) {
  console.log(`› wrangler ${wargs.join(' ')}`);
  const r = spawnSync('wrangler', wargs, { cwd: ROOT, stdio: opts.capture ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.status !== 0 && !opts.capture) process.exit(r.status ?? 1);
  return r;
}

function refuseSandbox(where) {
  console.error(`✖ 沙箱支付已开启（${where}）：线上任何登录用户都能用沙箱收银台给自己的订单“付款”，免费获得会员和桔子币。
  请去掉 PAY_SANDBOX，或确认这是演示部署后加上 --allow-sandbox-payments 再发布。`);
  process.exit(1);
}

// Before anything is built or published: the sandbox takes no money, so a deployment must not offer it;
// and the daily e-mail cannot be sent without the key that signs its unsubscribe links.
if (!allowSandbox && sandboxSwitchedOn(readFileSync(path.resolve(ROOT, config), 'utf8'))) refuseSandbox(`${config} [vars] PAY_SANDBOX = "on"`);
if (!dryRun) {
  const secrets = wrangler(['secret', 'list', '--config', config, '--format', 'json'], { capture: true });
  const named = (name) => new RegExp(`"name"\\s*:\\s*"${name}"`).test(secrets.stdout);
  if (secrets.status === 0 && !allowSandbox && named('PAY_SANDBOX')) refuseSandbox('wrangler secret PAY_SANDBOX');
  if (secrets.status === 0 && !named('DIGEST_SECRET')) {
    console.error('✖ 未设置 DIGEST_SECRET（每日邮件退订链接的签名密钥）：请先运行 npx wrangler secret put DIGEST_SECRET');
    process.exit(1);
  }
}

buildSpa({ force: true });
if (!dryRun) wrangler(['d1', 'migrations', 'apply', 'juzi-db', '--remote', '--config', config]);
wrangler(['deploy', '--config', 'export-worker/wrangler.toml', ...(dryRun ? ['--dry-run'] : [])]);
wrangler(['deploy', '--config', config, ...(dryRun ? ['--dry-run'] : [])]);
console.log(dryRun ? '✅ dry run 完成（未发布）' : '✅ 已发布');
