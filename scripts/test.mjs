// `npm test`: every test (worker in workerd, web components, e2e in Debian's Chromium, bundle dry-runs).
//
// Wall time on 2 cores: after the SPA build, four things run at once instead of one after another —
// the type check (tsc), the linter (eslint), the e2e project (one stack, its files one at a time)
// and a second vitest process with the worker and web projects. vitest runs a project whose files
// go one at a time (e2e) in a group of its own after every other group, and on 2 cores its default
// is one worker for everything, so a single vitest process would run all 800 tests in a row.
// `npm test -- <vitest args>` (a project, a file) runs one vitest process with those arguments.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const started = Date.now();
const secs = (from = started) => `${Math.round((Date.now() - from) / 1000)} s`;
const outDir = path.join(ROOT, 'test-results');
mkdirSync(outDir, { recursive: true });

// The build generates web/src/routeTree.gen.ts, which tsc needs, and web/dist, which the e2e stack serves.
buildSpa({ force: true });
console.log(`› 前端构建完成（${secs()}）`);

/** Runs a command; with `logFile` its output goes there (printed when it ends), else to this terminal. */
function run(label, cmd, args, { logFile } = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: process.env, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (logFile) {
      const out = createWriteStream(logFile);
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on('close', () => out.end());
    }
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const finish = () => {
        if (logFile) process.stdout.write(`\n===== ${label} =====\n${readFileSync(logFile, 'utf8')}`);
        console.log(`› ${label}：${status === 0 ? '通过' : `失败（退出码 ${status}）`}，用时 ${secs(t0)}`);
        resolve(status);
      };
      // Let the log stream flush before it is read back.
      if (logFile) setTimeout(finish, 50);
      else finish();
    });
  });
}

const extra = process.argv.slice(2);
const vitestArgs = (report) => ['run', '--config', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

// The type check and the linter, in the background (their output is printed when each ends).
console.log('› 类型检查 (tsc)、代码检查 (eslint)、保持的计数检查、e2e 项目、worker + web 项目同时运行…');
const tsc = run('类型检查 (tsc)', 'tsc', ['-p', 'tsconfig.json'], { logFile: path.join(outDir, 'tsc.log') });
const lint = run('代码检查 (eslint)', 'npm', ['run', '--silent', 'lint'], { logFile: path.join(outDir, 'eslint.log') });
// The migrations hold exactly the triggers the kept-list declarations generate (a second or two).
const kept = run('保持的计数 (db:kept --check)', 'npm', ['run', '--silent', 'db:kept', '--', '--check'], { logFile: path.join(outDir, 'db-kept.log') });

let reports;
let vitestStatus;
if (extra.length) {
  // A subset chosen on the command line: one vitest process, as given.
  const report = path.join(outDir, 'vitest.json');
  rmSync(report, { force: true });
  vitestStatus = await run('vitest', 'vitest', [...vitestArgs(report), ...extra]);
  reports = [report];
} else {
  const e2eReport = path.join(outDir, 'vitest-e2e.json');
  const unitReport = path.join(outDir, 'vitest-unit.json');
  for (const f of [e2eReport, unitReport]) rmSync(f, { force: true });
  // e2e streams to the terminal (the long one); worker + web are printed in one piece when done.
  const statuses = await Promise.all([
    run('e2e 项目', 'vitest', [...vitestArgs(e2eReport), '--project', 'e2e']),
    run('worker + web 项目', 'vitest', [...vitestArgs(unitReport), '--project', 'worker', '--project', 'web'], { logFile: path.join(outDir, 'vitest-unit.log') }),
  ]);
  vitestStatus = statuses.find((s) => s !== 0) ?? 0;
  reports = [e2eReport, unitReport];
}
const tscStatus = await tsc;
const lintStatus = await lint;
const keptStatus = await kept;
// The type check, the linter and the kept-list check count as one failure each in the closing line.
const checksFailed = (tscStatus === 0 ? 0 : 1) + (lintStatus === 0 ? 0 : 1) + (keptStatus === 0 ? 0 : 1);
const reportChecks = () => {
  if (tscStatus !== 0) console.error('类型检查失败（见上方 tsc 输出）');
  if (lintStatus !== 0) console.error('代码检查失败（见上方 eslint 输出）');
  if (keptStatus !== 0) console.error('迁移与 worker/src/db/kept 的声明不符（见上方 db:kept 输出；运行 npm run db:kept）');
};

// One report for both processes (test-results/vitest.json, per-file durations included).
const parts = reports.filter((f) => existsSync(f)).map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (parts.length) {
  const sum = (k) => parts.reduce((s, p) => s + (p[k] ?? 0), 0);
  const merged = {
    ...parts[0],
    numTotalTestSuites: sum('numTotalTestSuites'),
    numPassedTestSuites: sum('numPassedTestSuites'),
    numFailedTestSuites: sum('numFailedTestSuites'),
    numPendingTestSuites: sum('numPendingTestSuites'),
    numTotalTests: sum('numTotalTests'),
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    startTime: Math.min(...parts.map((p) => p.startTime)),
    success: parts.every((p) => p.success),
    testResults: parts.flatMap((p) => p.testResults),
  };
  if (reports.length > 1) writeFileSync(path.join(outDir, 'vitest.json'), JSON.stringify(merged));
  // A vitest process that ended without its report (e.g. the e2e stack did not start) counts as a failure.
  const failed = merged.numFailedTests + checksFailed + (reports.length - parts.length);
  reportChecks();
  // The plain closing line CI reads.
  console.log(`\n› npm test 总用时 ${secs()}`);
  console.log(`\n${merged.numPassedTests} passed, ${failed} failed${merged.numPendingTests ? `, ${merged.numPendingTests} skipped` : ''}`);
} else {
  reportChecks();
  console.log(`\n0 passed, ${reports.length + checksFailed} failed`);
}
process.exit(vitestStatus !== 0 ? vitestStatus : checksFailed ? 1 : 0);
