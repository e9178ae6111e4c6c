// What the statement cache of worker/src/lib/shaped.ts saves: the API worker's CPU per request of
// signed-in list calls with the cache as it is, and with every statement built per request (the
// same tree with the cache's lookup taken out). Each variant is a copy of this tree (tracked and
// new files, web/dist, node_modules linked) whose stack the profile bench (profile.mjs) drives;
// the variants alternate per call, so a change of the machine's load hits both alike.
//
//   node tests/bench/shaped-cache.mjs [--duration 8] [--calls '/api/closure?page=600,/api/medical/block,/api/starmarket/listed']
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../../scripts/stack.mjs';
import { printSection, table } from './section.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    calls: { type: 'string', default: '/api/closure?page=600,/api/medical/block,/api/starmarket/listed' },
  },
  strict: false,
});

const SHAPED = 'worker/src/lib/shaped.ts';
const LOOKUP = 'let k = kept.get(key);';

/** A copy of the tree to run a stack from; `patch` edits its files first. */
function copyTree(label, patch) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `shaped-${label}-`));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) if (existsSync(path.join(ROOT, f))) cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
  cpSync(path.join(ROOT, 'web', 'dist'), path.join(dir, 'web', 'dist'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  patch?.(dir);
  return dir;
}

const uncached = (dir) => {
  const file = path.join(dir, SHAPED);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(LOOKUP)) throw new Error(`${SHAPED}: the cache lookup (${LOOKUP}) is not there to take out`);
  writeFileSync(file, text.replace(LOOKUP, 'let k: Kept | undefined;'));
};

/** The API worker's CPU ms per request of one call in the stack of `dir`, from the profile bench. */
function profile(dir, call, port) {
  const r = spawnSync('node', ['tests/bench/profile.mjs', '--scale', '1', '--only', call, '--top', '1', '--duration', args.duration, '--port', String(port)], { cwd: dir, encoding: 'utf8' });
  const line = r.stdout.split('\n').find((l) => l.includes('API worker'));
  const m = line?.match(/: (\d+) requests.*API worker ([\d.]+)/);
  if (!m) throw new Error(`profile of ${call} in ${dir} failed:\n${r.stdout}\n${r.stderr}`);
  return { label: line.slice(0, line.indexOf(':')), requests: Number(m[1]), ms: Number(m[2]) };
}

const variants = [
  { name: '语句文本按形状缓存（现状）', dir: copyTree('kept') },
  { name: '每个请求重新构建语句', dir: copyTree('built', uncached) },
];
const rows = [];
try {
  for (const call of args.calls.split(',')) {
    const figures = variants.map((v, i) => profile(v.dir, call, 8930 + i));
    const [kept, built] = figures;
    console.log(`${kept.label}: API worker ${kept.ms} ms/request with the cache, ${built.ms} without`);
    rows.push([kept.label, kept.ms.toFixed(2), built.ms.toFixed(2), `${Math.round((1 - kept.ms / built.ms) * 100)}%`]);
  }
} finally {
  for (const v of variants) rmSync(v.dir, { recursive: true, force: true });
}
printSection(
  'shaped-cache',
  'lib/shaped.ts 的语句缓存：API worker 每请求 CPU',
  `登录后的列表调用，规模 1，每个调用 8 个连接 × ${args.duration} 秒；数字为 API worker isolate 的每请求 CPU 毫秒（profile 基准的取样）。` +
    `“每个请求重新构建”是同一棵树去掉缓存查找的副本。\n\n` +
    table(['调用', '缓存（ms/请求）', '每请求构建（ms/请求）', '缓存省下'], rows),
);
