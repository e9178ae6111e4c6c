// `npm test`: every test (worker in workerd, web components, e2e in Debian's Chromium, bundle dry-runs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSpa, ROOT } from './stack.mjs';

const APT = ['chromium', 'fonts-noto-cjk', 'python3-openpyxl'];

function missingSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  const fonts = spawnSync('fc-list', [], { encoding: 'utf8' });
  if (!/Noto Sans CJK/i.test(fonts.stdout ?? '')) missing.push('fonts-noto-cjk');
  const py = spawnSync('/usr/bin/python3', ['-c', 'import openpyxl'], { encoding: 'utf8' });
  if (py.status !== 0) missing.push('python3-openpyxl');
  return missing;
}

let missing = missingSystemPackages();
if (missing.length) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`› 安装浏览器测试所需的系统包：${missing.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
    if (r.status !== 0) process.exit(r.status ?? 1);
    missing = missingSystemPackages();
  }
  if (missing.length) {
    console.error(`\n缺少浏览器测试所需的系统包：${missing.join(' ')}\n请先运行：\n\n  sudo apt-get update && sudo apt-get install -y ${APT.join(' ')}\n`);
    process.exit(1);
  }
}

buildSpa({ force: true });

// Types first: the build generated web/src/routeTree.gen.ts, so the whole tree typechecks.
console.log('› 类型检查 (tsc)…');
const tsc = spawnSync('tsc', ['-p', 'tsconfig.json'], { cwd: ROOT, stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('类型检查失败');
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const outDir = path.join(ROOT, 'test-results');
mkdirSync(outDir, { recursive: true });
const report = path.join(outDir, 'vitest.json');
const args = ['run', '--config', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const r = spawnSync('vitest', args, { cwd: ROOT, stdio: 'inherit', env: process.env });

if (existsSync(report)) {
  const j = JSON.parse(readFileSync(report, 'utf8'));
  // The plain closing line CI reads.
  console.log(`\n${j.numPassedTests} passed, ${j.numFailedTests} failed${j.numPendingTests ? `, ${j.numPendingTests} skipped` : ''}`);
}
process.exit(r.status ?? 1);
