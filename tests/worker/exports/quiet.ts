/**
 * Import first in tests that load exceljs's writer. workerd turns every util.debuglog on, and the
 * CommonJS requires inside exceljs's zip writer load old readable-stream copies that log each
 * stream step. The deployed bundle aliases those copies to node:stream (export-worker/wrangler.toml);
 * here workerd resolves requires inside node_modules itself, past vite's aliases, so the 'stream'
 * debug log is silenced instead.
 */
import util from 'node:util';

const original = util.debuglog;
const quiet = Object.assign(() => undefined, { enabled: false });
(util as { debuglog: typeof util.debuglog }).debuglog = ((set: string, cb?: Parameters<typeof util.debuglog>[1]) =>
  set.toLowerCase() === 'stream' ? quiet : original(set, cb)) as typeof util.debuglog;
