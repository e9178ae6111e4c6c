/**
 * Imported first by tests/worker/setup.ts, before any test file can load exceljs's writer. workerd
 * turns every util.debuglog on, and the CommonJS requires inside exceljs's zip writer load old
 * readable-stream copies that log each stream step. The deployed bundle aliases those copies to
 * node:stream (export-worker/wrangler.toml); here workerd resolves requires inside node_modules
 * itself, past vite's aliases, so the 'stream' debug log is silenced instead. The project's files
 * share one runtime, whose module cache keeps what the first loader of those copies got.
 */
import util from 'node:util';

const original = util.debuglog;
const quiet = Object.assign(() => undefined, { enabled: false });
(util as { debuglog: typeof util.debuglog }).debuglog = ((set: string, cb?: Parameters<typeof util.debuglog>[1]) =>
  set.toLowerCase() === 'stream' ? quiet : original(set, cb)) as typeof util.debuglog;
