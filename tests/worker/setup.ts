/**
 * Before each test file of the worker project.
 *
 * The project runs its files in one runtime (`isolate: false` in tests/vitest.config.ts): starting a
 * fresh workerd and importing the app into it for each of ~60 files took a third of the project's
 * time. So each file starts here from what a fresh runtime would give it:
 * - D1: every table, view, trigger and index dropped, the migrations applied again;
 * - R2: the bucket emptied;
 * - the edge cache: a Cache API cache of its own as `caches.default`, so an answer another file kept
 *   is never served (the worker reads `caches.default` on each request);
 * - what the app keeps per isolate: reference names, signed-in sessions and the API keys' held call
 *   counts forgotten (statement text kept by shape holds no data). Held counts of another file's keys
 *   would otherwise be flushed into this file's database, where those keys do not exist.
 */
// Before anything loads exceljs: the runtime is shared, so the first file to load it decides whether its streams log.
import './exports/quiet';
import { applyD1Migrations, env } from 'cloudflare:test';
import { forgetMeters } from '../../worker/src/apikeys/meter';
import { forgetSessions } from '../../worker/src/auth/session';
import { forgetNames } from '../../worker/src/lib/names';

async function emptyDatabase(db: D1Database) {
  // Virtual tables first (dropping one drops its shadow tables), then views and the rest. A table
  // another still references may refuse to go while foreign keys are checked: deferred, and any
  // refusal is tried again after the others are gone.
  await db.prepare('PRAGMA defer_foreign_keys = ON').run();
  for (let round = 0; round < 5; round++) {
    const { results } = await db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY (sql LIKE 'CREATE VIRTUAL%') DESC, type = 'view' DESC")
      .all<{ type: string; name: string; sql: string | null }>();
    if (!results.length) return;
    for (const r of results) {
      try {
        await db.prepare(`DROP ${r.type === 'view' ? 'VIEW' : 'TABLE'} IF EXISTS "${r.name.replaceAll('"', '""')}"`).run();
      } catch {
        // a shadow table of a virtual table dropped above, or still referenced: next round
      }
    }
  }
  const left = await db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
  if (left.results.length) throw new Error(`test setup: could not drop ${left.results.map((r) => r.name).join(', ')}`);
}

async function emptyBucket(bucket: R2Bucket) {
  for (let cursor: string | undefined; ; ) {
    const page = await bucket.list({ cursor, limit: 1000 });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    if (!page.truncated) return;
    cursor = page.cursor;
  }
}

// The runtime's own CacheStorage, kept across files (this module is evaluated again for each file).
const REAL = Symbol.for('juzi.test.realCaches');
const g = globalThis as unknown as Record<symbol, CacheStorage>;
g[REAL] ??= globalThis.caches;
const realCaches = g[REAL];

await emptyDatabase(env.DB);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await emptyBucket(env.FILES);
const fileCache = await realCaches.open(`test-file-${crypto.randomUUID()}`);
// workerd's CacheStorage has `default` and `open` only.
Object.defineProperty(globalThis, 'caches', { configurable: true, value: { default: fileCache, open: (name: string) => realCaches.open(name) } });
forgetNames();
forgetSessions();
forgetMeters();
