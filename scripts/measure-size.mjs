// Measures the D1 database size per seed scale (docs/benchmarks.md, section size).
//
//   node scripts/measure-size.mjs [--scales 1,10] [--keep DIR]      (or `npm run bench -- size [--scales 1,10]`)
//
// For each scale: a fresh SQLite file (node:sqlite, SQLite 3.5x, the engine D1 runs), every
// migration in migrations/ in order (split on drizzle's statement breakpoints, as wrangler applies
// them), the deterministic seed of scripts/seed/generate.ts at that scale (the same statements
// `npm run seed` and the rows bench run, so every trigger-kept table fills as it does in D1),
// then VACUUM. Prints the file's bytes, the seed's rows and SQL bytes, the biggest tables and
// indexes (dbstat), bytes per scale unit and the scale at which D1's 10 GB per-database cap is
// reached by linear extrapolation from the largest scale measured.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { generateSeed } from './seed/generate.ts';
import { printSection, table } from '../tests/bench/section.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const D1_CAP = 10 * 1000 ** 3; // Cloudflare's D1 limit: 10 GB per database (paid plan).

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const scales = arg('--scales', '1,10')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const keep = arg('--keep', '');

const MB = (b) => `${(b / 1e6).toFixed(1)} MB`;
const fmt = (n) => n.toLocaleString('en-US');

function migrations() {
  const dir = path.join(ROOT, 'migrations');
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()
    .map((f) => ({ file: f, statements: readFileSync(path.join(dir, f), 'utf8').split('--> statement-breakpoint') }));
}

function measure(scale) {
  const dir = keep ? path.resolve(keep) : mkdtempSync(path.join(tmpdir(), 'juzi-size-'));
  const file = path.join(dir, `scale-${scale}.sqlite`);
  rmSync(file, { force: true });
  const db = new DatabaseSync(file);
  // Build speed only: the file measured is the VACUUMed result, which these settings do not change.
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF');
  const t0 = Date.now();
  const applied = migrations();
  for (const m of applied) for (const s of m.statements) if (s.trim()) db.exec(s);
  const seed = generateSeed({ scale });
  let sqlBytes = 0;
  db.exec('BEGIN');
  for (const s of seed.statements) {
    sqlBytes += Buffer.byteLength(s);
    db.exec(s);
  }
  db.exec('COMMIT');
  db.exec('VACUUM');
  const bytes = statSync(file).size;
  const pages = db.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 12').all();
  const rows = Object.values(seed.counts).reduce((a, b) => a + b, 0);
  db.close();
  if (!keep) rmSync(dir, { recursive: true, force: true });
  return { scale, bytes, rows, sqlBytes, pages, migrations: `${applied[0].file.slice(0, 4)}–${applied.at(-1).file.slice(0, 4)}`, seconds: (Date.now() - t0) / 1000 };
}

const results = [];
for (const scale of scales) {
  const r = measure(scale);
  results.push(r);
  console.log(
    `\nscale ${r.scale}: ${fmt(r.bytes)} bytes (${MB(r.bytes)}) after migrations ${r.migrations}, seed and VACUUM; ${fmt(r.rows)} seeded rows, ${MB(r.sqlBytes)} of seed SQL; ${r.seconds.toFixed(0)} s`,
  );
  console.log('  largest tables and indexes (dbstat):');
  for (const p of r.pages) console.log(`    ${String(p.name).padEnd(44)}${MB(Number(p.bytes)).padStart(10)}`);
}
if (results.length > 1) {
  const [a, b] = [results[0], results.at(-1)];
  console.log(`\nscale ${a.scale} -> ${b.scale}: bytes ×${(b.bytes / a.bytes).toFixed(2)}, rows ×${(b.rows / a.rows).toFixed(2)}`);
}
const top = results.at(-1);
const perUnit = top.bytes / top.scale;
console.log(
  `${MB(perUnit)} per scale unit at scale ${top.scale}: D1's 10 GB per-database cap is reached near scale ${Math.floor(D1_CAP / perUnit)} (linear in rows from scale ${top.scale})`,
);
for (const r of results) {
  const unit = r.bytes / r.scale;
  printSection(
    `size-s${r.scale}`,
    `D1 数据量（scale ${r.scale}）`,
    `全部迁移（${r.migrations}）+ 确定性种子写入一个 SQLite 文件（node:sqlite，与 D1 同一引擎），VACUUM 后的字节数：**${fmt(r.bytes)} 字节（${MB(r.bytes)}）**；` +
      `${fmt(r.rows)} 行种子，${MB(r.sqlBytes)} 种子 SQL，用时 ${r.seconds.toFixed(0)} 秒。按此线性外推，每个 scale 单位 ${MB(unit)}，单库 10 GB 上限约在 scale ${Math.floor(D1_CAP / unit)} 时达到。\n\n` +
      table(['最大的表与索引（dbstat）', '大小'], r.pages.map((p) => [p.name, MB(Number(p.bytes))])),
  );
}
