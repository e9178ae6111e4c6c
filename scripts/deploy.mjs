// `npm run deploy`: build the SPA, migrate the remote D1, publish the export worker, then the API worker
// (which serves the SPA as static assets on the same origin). Needs `wrangler login` or CLOUDFLARE_API_TOKEN.
import { spawnSync } from 'node:child_process';
import { buildSpa, ROOT } from './stack.mjs';

const dryRun = process.argv.includes('--dry-run');

function wrangler(args) {
  console.log(`› wrangler ${args.join(' ')}`);
  const r = spawnSync('wrangler', args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

buildSpa({ force: true });
if (!dryRun) wrangler(['d1', 'migrations', 'apply', 'juzi-db', '--remote', '--config', 'wrangler.toml']);
wrangler(['deploy', '--config', 'export-worker/wrangler.toml', ...(dryRun ? ['--dry-run'] : [])]);
wrangler(['deploy', '--config', 'wrangler.toml', ...(dryRun ? ['--dry-run'] : [])]);
console.log(dryRun ? '✅ dry run 完成（未发布）' : '✅ 已发布');
