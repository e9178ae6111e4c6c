/// <reference types="node" />
/**
 * Seeds the LOCAL D1 database of wrangler.toml with the deterministic demo data set.
 *
 *   npx node scripts/seed.ts [--scale N] [--persist-to DIR] [--out FILE] [--reset | --if-empty] [--now YYYY-MM-DD] [--seed N]
 *
 * Applies the migrations first (idempotent), refuses to seed a database that already has
 * data unless --reset (which deletes the rows of every table first, in the same batch) or
 * --if-empty (which then does nothing and exits 0: what `npm start` uses on every run), and
 * runs the statements with `wrangler d1 execute --local --file` as one D1 batch (one transaction),
 * keeping the file when --out names it.
 * "Today" of the data set is the real current date unless --now is given.
 *
 * The database is the one `wrangler dev --persist-to DIR` (and `wrangler d1 … --local`) uses, opened
 * once through wrangler's getPlatformProxy. The migrations are applied as `wrangler d1 migrations
 * apply --local` applies them (each file, split by wrangler's own splitter, with its row in
 * d1_migrations, as one batch), but in that one local D1 instead of a miniflare started per file:
 * 48 migrations took 35 s through the command, about 4 s here.
 */
import { spawnSync } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getPlatformProxy, unstable_splitSqlQuery as splitSqlQuery } from 'wrangler';
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
// wrangler's local state: --persist-to DIR, else .wrangler/state beside wrangler.toml.
const persistRoot = args['persist-to'] ? path.resolve(args['persist-to']) : path.join(root, '.wrangler', 'state');

function fail(msg: string): never {
  console.error(`seed: ${msg}`);
  process.exit(1);
}

let now = Date.now();
if (args.now) {
  now = Date.parse(`${args.now}T12:00:00+08:00`);
  if (Number.isNaN(now)) fail(`--now must be YYYY-MM-DD, got ${args.now}`);
}

// The committed hashes must match the documented password, or nobody could log in.
for (const a of [...DEMO_ACCOUNTS, { account: 'crowd', ...CROWD_PASSWORD }]) {
  const hash = pbkdf2Sync(DEMO_PASSWORD, Buffer.from(a.salt, 'hex'), DEMO_ITERATIONS, 32, 'sha256').toString('hex');
  if (hash !== a.hash) fail(`the stored hash of ${a.account} does not match ${DEMO_PASSWORD}`);
}

// Everything is checked that can be without the database: open it (a local workerd, stopped by `done`).
const platform = await getPlatformProxy<{ DB: D1Database }>({ configPath: path.join(root, 'wrangler.toml'), persist: { path: path.join(persistRoot, 'v3') }, remoteBindings: false });
const db = platform.env.DB;

/** Stops the local D1 and ends the script: with a message on stderr and exit code 1 when `error` is given. */
async function done(error?: string): Promise<never> {
  await platform.dispose();
  if (error) fail(error);
  process.exit(0);
}

/** Runs statements as one D1 batch (one transaction); fails with the statement's error. */
async function batch(statements: string[]) {
  try {
    return await db.batch(statements.map((q) => db.prepare(q)));
  } catch (e) {
    return done(`${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}`);
  }
}

/** The migrations of wrangler.toml's migrations_dir not yet in d1_migrations, in name order, each with its row. */
async function applyMigrations() {
  const dir = path.join(root, 'migrations');
  await batch([
    `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
  ]);
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql') && !applied.has(f))
    .sort();
  for (const name of files) {
    const sql = `${readFileSync(path.join(dir, name), 'utf8')}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replace(/'/g, "''")}');`;
    await batch(splitSqlQuery(sql));
  }
  return files.length;
}

const started = performance.now();
const lap = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const newMigrations = await applyMigrations();
console.log(`${newMigrations} migrations applied (${lap()})`);

const [schemaRows, countRows] = (await batch([
  "SELECT name, type, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  'SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM companies) AS n',
])).map((r) => r.results);
const schema = schemaRows as { name: string; type: string; tbl_name: string; sql: string | null }[];
// Full-text indexes (virtual tables and their shadow tables) are kept by triggers, never written directly.
const virtual = schema.filter((t) => t.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name);
const tables = schema
  .filter((t) => t.type === 'table' && !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
  .map((t) => t.name);
const triggered = new Set(schema.filter((t) => t.type === 'trigger').map((t) => t.tbl_name));
const missing = SEED_TABLES.filter((t) => !tables.includes(t));
if (missing.length) await done(`the database lacks tables the seed fills: ${missing.join(', ')}`);
const [{ n: existing }] = countRows as { n: number }[];
if (existing > 0 && args['if-empty'] && !args.reset) {
  console.log('the database already has data: not seeding it again (--reset deletes it and seeds anew)');
  await done();
}
if (existing > 0 && !args.reset) await done('the database already has data (users or companies); run with --reset to delete all rows and seed again');

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
// The statements (tens of megabytes) go through `wrangler d1 execute --local --file`, as one batch (one
// transaction): sent as one request through the platform proxy, a batch this size was cut off
// ("other side closed") on a loaded machine. The proxy is stopped first: one workerd on the file at a time.
await platform.dispose();
const file = args.out ? path.resolve(args.out) : path.join(mkdtempSync(path.join(tmpdir(), 'juzi-seed-')), 'seed.sql');
writeFileSync(file, [...resets, ...statements].join(';\n') + ';\n');
if (args.out) console.log(`wrote ${file}`);
const argv = ['wrangler', 'd1', 'execute', DB, '--local', '--config', path.join(root, 'wrangler.toml'), '--persist-to', persistRoot, '--file', file, '--yes'];
const executed = spawnSync('npx', argv, {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
  // CI=1 keeps wrangler from asking questions on a TTY.
  env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
// The temporary SQL is tens of megabytes; keep only a file the caller asked for.
if (!args.out) rmSync(path.dirname(file), { recursive: true, force: true });
if (executed.status !== 0) fail(`npx ${argv.join(' ')} failed:\n${executed.stdout}\n${executed.stderr}`);
console.log(`applied with wrangler d1 execute (${lap()})`);
const seconds = (performance.now() - started) / 1000;

const width = Math.max(...Object.keys(counts).map((t) => t.length));
console.log('\nrows per table:');
for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${String(n).padStart(8)}`);
console.log(`  ${'total'.padEnd(width)}  ${String(Object.values(counts).reduce((a, b) => a + b, 0)).padStart(8)}`);
console.log(`\nseeded ${DB} (local${args['persist-to'] ? `, ${persistRoot}` : ''}) at scale ${scale} in ${seconds.toFixed(1)} s`);
console.log(`demo accounts (password ${DEMO_PASSWORD}):`);
for (const a of DEMO_ACCOUNTS) console.log(`  ${a.account.padEnd(18)} ${a.label}`);
