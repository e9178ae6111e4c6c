// Sending a read file to the worker's import calls in pieces that fit one request (the API's 64 KB
// body limit, at most 200 rows) and one D1 batch each, the same from the CLI and from the tests.
// A piece that fails on the way (network, 5xx, a lost answer) is sent again: rows are matched by
// their natural key, so a piece written before its answer was lost is found unchanged.

const utf8 = new TextEncoder();

/** Bytes of JSON per request, under the API's 64 KB limit with room for the rest of the body. */
export const MAX_PIECE_BYTES = 56 * 1024;
export const MAX_PIECE_ROWS = 200;
const RETRIES = 5;
/** Requests in flight at once: the worker validates one piece while D1 writes another. */
export const LANES = 3;
/** The field that names a row's company, per kind: pieces sharing one are never in flight together. */
const KEY_FIELD = { closure: 'com_name', starmarket: 'com_registered_name', 'medical-event': 'com_name' };

/**
 * @typedef {(path: string, body?: unknown) => Promise<{ status: number, body: any }>} Post
 * @typedef {{ line: number, column: string, reason: string, values?: unknown[] }} Reject
 */

/** Rows in pieces of at most MAX_PIECE_ROWS rows and MAX_PIECE_BYTES of JSON. */
export function pieces(rows, headersBytes = 0) {
  const out = [];
  let piece = [];
  let bytes = headersBytes;
  for (const r of rows) {
    const size = utf8.encode(JSON.stringify(r)).length + 1;
    if (piece.length && (piece.length >= MAX_PIECE_ROWS || bytes + size > MAX_PIECE_BYTES)) {
      out.push(piece);
      piece = [];
      bytes = headersBytes;
    }
    piece.push(r);
    bytes += size;
  }
  if (piece.length) out.push(piece);
  return out;
}

class ImportError extends Error {}

const failure = (res) => new ImportError(res.body?.msg ? `${res.body.msg}（HTTP ${res.status}）` : `HTTP ${res.status}`);

async function withRetries(post, path, body, wait) {
  for (let attempt = 0; ; attempt++) {
    let res;
    try {
      res = await post(path, body);
    } catch (e) {
      if (attempt >= RETRIES) throw new ImportError(`无法连接导入接口：${e.message}`);
      await wait(attempt);
      continue;
    }
    if (res.status >= 500 && attempt < RETRIES) {
      await wait(attempt);
      continue;
    }
    return res;
  }
}

const backoff = (attempt) => new Promise((r) => setTimeout(r, 500 * 2 ** attempt));

/**
 * Imports a table: starts a batch (none for a dry run), sends its rows piece by piece (LANES at a
 * time) and finishes the batch. A cell the API refuses outright (a control character) rejects its row here, and the
 * rest of the piece is sent again. Returns the summary and every rejected row with its values.
 */
export async function importTable({ post, table, fileName = '', kind, dryRun = false, createFirms = false, onProgress = () => {}, wait = backoff, lanes = LANES }) {
  const began = await withRetries(post, '/api/import/batches', { kind, headers: table.headers, file_name: fileName, dry_run: dryRun }, wait);
  if (began.status !== 200) throw failure(began);
  const { batch_id: batchId, kind: detected, ignored } = began.body.data;
  const sum = { batch_id: batchId, kind: detected, ignored, imported: 0, updated: 0, unchanged: 0, rejects: [], defaulted: {}, firms_missing: new Set(), firms_created: new Set(), changes: [] };
  const valuesOf = new Map(table.rows.map((r) => [r.line, r.values]));
  // Rows naming the same company never travel in two requests at once: the later waits for the earlier.
  const keyAt = began.body.data.columns.findIndex((c) => c.field === KEY_FIELD[detected]);
  const keysOf = (piece) => new Set(piece.map((r) => String(r.values[keyAt] ?? '').trim()));
  let done = 0;
  onProgress(0, table.rows.length);
  const sendPiece = async (first) => {
    let piece = first;
    for (;;) {
      const res = await withRetries(post, '/api/import/rows', { batch_id: batchId, kind: detected, headers: table.headers, rows: piece, dry_run: dryRun, create_firms: createFirms }, wait);
      const at = /^rows\.(\d+)\.values\.(\d+)/.exec(res.body?.field ?? '');
      if (res.status === 400 && at && piece[Number(at[1])]) {
        const row = piece[Number(at[1])];
        sum.rejects.push({ line: row.line, column: table.headers[Number(at[2])] ?? '', reason: String(res.body.msg).replace(/^[^：]*：/, '') });
        piece = piece.filter((r) => r !== row);
        if (!piece.length) break;
        continue;
      }
      if (res.status !== 200) throw failure(res);
      const d = res.body.data;
      sum.imported += d.imported;
      sum.updated += d.updated;
      sum.unchanged += d.unchanged;
      sum.rejects.push(...d.rejects);
      for (const [k, n] of Object.entries(d.defaulted)) sum.defaulted[k] = (sum.defaulted[k] ?? 0) + n;
      for (const f of d.firms_missing) sum.firms_missing.add(f);
      for (const f of d.firms_created) sum.firms_created.add(f);
      if (dryRun) sum.changes.push(...d.changes);
      break;
    }
    done += first.length;
    onProgress(done, table.rows.length);
  };
  /** @type {{ keys: Set<string>, promise: Promise<void> }[]} */
  const inFlight = [];
  let failed = null;
  for (const piece of pieces(table.rows, JSON.stringify(table.headers).length * 3 + 200)) {
    const keys = keyAt >= 0 ? keysOf(piece) : new Set(['*']);
    // A free lane, and no piece in flight with one of these companies.
    while (inFlight.length >= lanes || inFlight.some((f) => [...keys].some((k) => f.keys.has(k) || f.keys.has('*')))) {
      await Promise.race(inFlight.map((f) => f.promise));
      if (failed) throw failed;
    }
    const entry = { keys, promise: null };
    entry.promise = sendPiece(piece)
      .catch((e) => {
        failed ??= e;
      })
      .finally(() => inFlight.splice(inFlight.indexOf(entry), 1));
    inFlight.push(entry);
  }
  await Promise.all(inFlight.map((f) => f.promise));
  if (failed) throw failed;
  onProgress(table.rows.length, table.rows.length);
  if (!dryRun) {
    const fin = await withRetries(post, `/api/import/batches/${batchId}/finish`, {}, wait);
    if (fin.status !== 200) throw failure(fin);
  }
  sum.rejects.sort((a, b) => a.line - b.line);
  for (const r of sum.rejects) r.values = valuesOf.get(r.line) ?? [];
  return { ...sum, firms_missing: [...sum.firms_missing], firms_created: [...sum.firms_created] };
}

/** Undoes a batch, a step per request, until nothing of it is left. */
export async function undoBatch({ post, batchId, onProgress = () => {}, wait = backoff }) {
  let undone = 0;
  for (;;) {
    const res = await withRetries(post, `/api/import/batches/${batchId}/undo`, {}, wait);
    if (res.status !== 200) throw failure(res);
    undone += res.body.data.undone;
    onProgress(undone, undone + res.body.data.remaining);
    if (res.body.data.remaining === 0) return { undone, batch: res.body.data.batch };
  }
}

/** The summary line the command prints. */
export const summaryLine = (s) => `imported ${s.imported}, updated ${s.updated}, unchanged ${s.unchanged}, rejected ${s.rejects.length}`;

export { ImportError };
