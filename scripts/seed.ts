/// <reference types="node" />
/**
 * Seeds the LOCAL D1 database of wrangler.toml with the deterministic demo data set.
 *
 *   npx node scripts/seed.ts [--scale N] [--persist-to DIR] [--out FILE] [--reset | --if-empty] [--now YYYY-MM-DD] [--seed N]
 *
 * Applies the migrations first (idempotent), refuses to seed a database that already has
 * data unless --reset (which deletes the rows of every table first, in the same batch) or
 * --if-empty (which then does nothing and exits 0: what `npm start` uses on every run),
 * writes the SQL to a file and runs it with `wrangler d1 execute --local --file`, which
 * executes the whole file as one D1 batch (one transaction) through miniflare.
 * "Today" of the data set is the real current date unless --now is given.
 */
import { spawnSync } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CROWD_PASSWORD, DEMO_ACCOUNTS, DEMO_ITERATIONS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { generateSeed, SEED_TABLES } from './seed/generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const DB = 'juzi-db';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'persist-to': { type: 'string' },
    out: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'if-empty': { type: 'boolean', default: false },
    now: { type: 'string' },
    seed: { type: 'string' },
  },
});

const scale = Number(args.scale);
if (!(scale > 0)) fail(`--scale must be a positive number, got ${args.scale}`);
const persist = args['persist-to'] ? ['--persist-to', path.resolve(args['persist-to'])] : [];

function fail(msg: string): never {
  console.error(`seed: ${msg}`);
  process.exit(1);
}

function wrangler(extra: string[], opts: { json?: boolean } = {}): string {
  const argv = ['wrangler', 'd1', ...extra, DB, '--local', '--config', path.join(root, 'wrangler.toml'), ...persist];
  const r = spawnSync('npx', argv, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // CI=1 keeps wrangler from asking questions (migrations apply would prompt on a TTY).
    env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.status !== 0) fail(`npx ${argv.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return opts.json ? r.stdout.slice(r.stdout.indexOf('[')) : r.stdout;
}

/** Runs read queries in one wrangler call (each call starts miniflare: seconds, not milliseconds). */
function query(sqls: string[]): unknown[][] {
  const out = JSON.parse(wrangler(['execute', '--command', sqls.join('; '), '--json'], { json: true })) as { results: unknown[] }[];
  return out.map((r) => r.results);
}

// The committed hashes must match the documented password, or nobody could log in.
for (const a of [...DEMO_ACCOUNTS, { account: 'crowd', ...CROWD_PASSWORD }]) {
  const hash = pbkdf2Sync(DEMO_PASSWORD, Buffer.from(a.salt, 'hex'), DEMO_ITERATIONS, 32, 'sha256').toString('hex');
  if (hash !== a.hash) fail(`the stored hash of ${a.account} does not match ${DEMO_PASSWORD}`);
}

const started = performance.now();
const lap = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

wrangler(['migrations', 'apply']);
console.log(`migrations applied (${lap()})`);

const [schemaRows, countRows] = query([
  "SELECT name, type, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  'SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM companies) AS n',
]);
const schema = schemaRows as { name: string; type: string; tbl_name: string; sql: string | null }[];
// Full-text indexes (virtual tables and their shadow tables) are kept by triggers, never written directly.
const virtual = schema.filter((t) => t.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name);
const tables = schema
  .filter((t) => t.type === 'table' && !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
  .map((t) => t.name);
const triggered = new Set(schema.filter((t) => t.type === 'trigger').map((t) => t.tbl_name));
const missing = SEED_TABLES.filter((t) => !tables.includes(t));
if (missing.length) fail(`the database lacks tables the seed fills: ${missing.join(', ')}`);
const [{ n: existing }] = countRows as { n: number }[];
if (existing > 0 && args['if-empty'] && !args.reset) {
  console.log('the database already has data: not seeding it again (--reset deletes it and seeds anew)');
  process.exit(0);
}
if (existing > 0 && !args.reset) fail('the database already has data (users or companies); run with --reset to delete all rows and seed again');

let now = Date.now();
if (args.now) {
  now = Date.parse(`${args.now}T12:00:00+08:00`);
  if (Number.isNaN(now)) fail(`--now must be YYYY-MM-DD, got ${args.now}`);
}
const { statements, counts } = generateSeed({ scale, now, seed: args.seed ? Number(args.seed) : undefined });
console.log(`checked the database and generated ${statements.length} statements (${lap()})`);

// Tables with triggers go first (their triggers update derived tables, which are emptied after);
// users is the only table others reference by foreign key, so it goes last.
const deleteOrder = [
  ...tables.filter((t) => triggered.has(t) && t !== 'users'),
  ...tables.filter((t) => !triggered.has(t) && t !== 'users'),
  'users',
];
const resets = args.reset && existing > 0 ? deleteOrder.map((t) => `DELETE FROM ${t}`) : [];
const file = args.out ? path.resolve(args.out) : path.join(mkdtempSync(path.join(tmpdir(), 'juzi-seed-')), 'seed.sql');
writeFileSync(file, [...resets, ...statements].join(';\n') + ';\n');
if (args.out) console.log(`wrote ${file}`);

wrangler(['execute', '--file', file, '--yes']);
console.log(`applied with wrangler d1 execute (${lap()})`);
// The temporary SQL is tens of megabytes; keep only a file the caller asked for.
if (!args.out) rmSync(path.dirname(file), { recursive: true, force: true });
const seconds = (performance.now() - started) / 1000;

const width = Math.max(...Object.keys(counts).map((t) => t.length));
console.log('\nrows per table:');
for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${String(n).padStart(8)}`);
console.log(`  ${'total'.padEnd(width)}  ${String(Object.values(counts).reduce((a, b) => a + b, 0)).padStart(8)}`);
console.log(`\nseeded ${DB} (local${persist.length ? `, ${persist[1]}` : ''}) at scale ${scale} in ${seconds.toFixed(1)} s`);
console.log(`demo accounts (password ${DEMO_PASSWORD}):`);
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.account.padEnd(18)} ${a.label}`);
