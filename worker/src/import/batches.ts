/**
 * An import run as a batch: started (its kind and columns checked), fed rows request by request,
 * finished, and undone change by change. A dry run validates and compares exactly as a real run
 * but writes nothing, not even its batch.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { closures, investFirms } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { deleteClosures, importClosures, restoreClosure } from './closure';
import { deleteEvent, importMedicalEvents, restoreEventOrCompany } from './medical';
import { deleteStar, importStarmarket, restoreStar } from './starmarket';
import { detectKind, mapColumns, type ColumnMap } from './columns';
import type { ImportRow, RowsOutcome } from './rows';
import { importBatches, importChanges, type ImportKind } from './tables';

export interface BatchView {
  batch_id: number;
  kind: ImportKind;
  file_name: string;
  status: 'running' | 'done' | 'undone';
  imported: number;
  updated: number;
  unchanged: number;
  rejected: number;
  created_at: number;
  finished_at: number | null;
  undone_at: number | null;
}

const view = (b: typeof importBatches.$inferSelect): BatchView => ({
  batch_id: b.id,
  kind: b.kind,
  file_name: b.fileName,
  status: b.status,
  imported: b.imported,
  updated: b.updated,
  unchanged: b.unchanged,
  rejected: b.rejected,
  created_at: b.createdAt,
  finished_at: b.finishedAt,
  undone_at: b.undoneAt,
});

function columnsOf(kind: ImportKind | undefined, headers: string[]): ColumnMap {
  return mapColumns(kind ?? detectKind(headers), headers);
}

/** Checks the headers and, unless a dry run, records the batch. */
export async function beginBatch(db: Db, input: { kind?: ImportKind; headers: string[]; file_name: string; dry_run: boolean }) {
  const map = columnsOf(input.kind, input.headers);
  let batchId = 0;
  if (!input.dry_run) {
    const [row] = await db.insert(importBatches).values({ kind: map.kind, fileName: input.file_name, createdAt: Date.now() }).returning({ id: importBatches.id });
    batchId = row.id;
  }
  return {
    batch_id: batchId,
    kind: map.kind,
    columns: input.headers.map((h, i) => ({ header: h, field: Object.entries(map.index).find(([, at]) => at === i)?.[0] ?? null })),
    ignored: map.ignored,
  };
}

async function runningBatch(db: Db, id: number) {
  const [b] = await db.select().from(importBatches).where(eq(importBatches.id, id));
  if (!b) throw new ApiError('NOT_FOUND', `导入批次 ${id} 不存在`);
  return b;
}

/** One request's rows, validated and (unless a dry run) written. */
export async function importRows(db: Db, input: { batch_id: number; kind?: ImportKind; headers: string[]; rows: ImportRow[]; dry_run: boolean; create_firms: boolean }): Promise<RowsOutcome> {
  const map = columnsOf(input.kind, input.headers);
  if (!input.dry_run) {
    const b = await runningBatch(db, input.batch_id);
    if (b.status !== 'running') throw new ApiError('CONFLICT', `导入批次 ${b.id} 已${b.status === 'done' ? '结束' : '撤销'}，请重新运行导入`);
    if (b.kind !== map.kind) throw new ApiError('BAD_REQUEST', `导入批次 ${b.id} 的类型是 ${b.kind}，与这些行（${map.kind}）不同`, { field: 'kind' });
  }
  const opts = { batchId: input.batch_id, dryRun: input.dry_run, createFirms: input.create_firms };
  const run = () => {
    if (map.kind === 'starmarket') return importStarmarket(db, map, input.headers, input.rows, opts);
    if (map.kind === 'medical-event') return importMedicalEvents(db, map, input.headers, input.rows, opts);
    return importClosures(db, map, input.headers, input.rows, opts);
  };
  // Two requests side by side may both create the same new firm; the unique name lets only the first
  // write, the other's batch rolls back whole, and run again it finds the firm and links to it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= FIRM_CLASH_TRIES || !firmNameTaken(err)) throw err;
    }
  }
}

/** Runs of one request whose new firm another request created first. */
const FIRM_CLASH_TRIES = 3;

const firmNameTaken = (err: unknown): boolean => err instanceof Error && (/invest_firms\.name/.test(err.message) || firmNameTaken(err.cause));

export async function finishBatch(db: Db, id: number): Promise<BatchView> {
  const b = await runningBatch(db, id);
  if (b.status === 'running') await db.update(importBatches).set({ status: 'done', finishedAt: Date.now() }).where(eq(importBatches.id, id));
  return view((await db.select().from(importBatches).where(eq(importBatches.id, id)))[0]);
}

export async function listBatches(db: Db, limit = 20): Promise<BatchView[]> {
  return (await db.select().from(importBatches).orderBy(desc(importBatches.id)).limit(limit)).map(view);
}

/** Changes undone per request: each is a handful of statements, well inside one D1 batch. */
export const UNDO_STEP = 100;

/** Closed companies the batch inserted, undone per request in bulk (a few dozen statements whatever the number). */
export const UNDO_BULK_STEP = 1000;

/**
 * Takes back part of a batch's changes (rows it inserted are deleted, rows it changed get their
 * earlier values back) and forgets them in the same D1 batch, so a run cut short continues where it
 * stopped: first the closed companies it inserted, UNDO_BULK_STEP at a time through the bulk path,
 * then the other changes UNDO_STEP at a time. The batch is marked undone once nothing is left. A
 * batch whose rows a later batch changed again is refused: that one has to be undone first.
 */
export async function undoBatch(db: Db, id: number): Promise<{ batch: BatchView; undone: number; remaining: number }> {
  const b = await runningBatch(db, id);
  if (b.status === 'undone') throw new ApiError('CONFLICT', `导入批次 ${id} 已经撤销`);
  // Only a later batch still in force can have changed this one's rows: without one, nothing to look for.
  const [later] = await db.select({ id: importBatches.id }).from(importBatches).where(and(sql`${importBatches.id} > ${id}`, ne(importBatches.status, 'undone'))).limit(1);
  const [clash] = later
    ? await db
        .select({ batchId: sql<number>`later.batch_id` })
        .from(importChanges)
        .innerJoin(sql`${importChanges} AS later`, sql`later.ref_kind = ${importChanges.refKind} AND later.ref_id = ${importChanges.refId} AND later.batch_id > ${importChanges.batchId}`)
        .innerJoin(importBatches, and(eq(importBatches.id, sql`later.batch_id`), ne(importBatches.status, 'undone')))
        .where(eq(importChanges.batchId, id))
        .limit(1)
    : [];
  if (clash) throw new ApiError('CONFLICT', `批次 ${clash.batchId} 之后又改过这批导入的行，请先撤销批次 ${clash.batchId}`);

  const [{ left }] = await db.select({ left: sql<number>`count(*)` }).from(importChanges).where(eq(importChanges.batchId, id));
  const inserted = and(eq(importChanges.batchId, id), eq(importChanges.refKind, 'closure'), eq(importChanges.action, 'insert'));
  const bulkIds = (await db.select({ id: importChanges.refId }).from(importChanges).where(inserted).orderBy(importChanges.refId).limit(UNDO_BULK_STEP)).map((r) => r.id);
  if (bulkIds.length) {
    const remaining = left - bulkIds.length;
    const statements: BatchItem<'sqlite'>[] = [
      ...deleteClosures(db, bulkIds),
      db.delete(importChanges).where(and(inserted, sql`${importChanges.refId} IN (SELECT value FROM json_each(${JSON.stringify(bulkIds)}))`)),
      ...(remaining === 0 ? [db.update(importBatches).set({ status: 'undone', undoneAt: Date.now() }).where(eq(importBatches.id, id))] : []),
    ];
    await db.batch(statements as [BatchItem<'sqlite'>]);
    return { batch: view((await db.select().from(importBatches).where(eq(importBatches.id, id)))[0]), undone: bulkIds.length, remaining };
  }

  // Companies before firms: a firm created by the batch goes only once no closure names it.
  const changes = await db
    .select()
    .from(importChanges)
    .where(eq(importChanges.batchId, id))
    .orderBy(sql`${importChanges.refKind} = 'firm'`, importChanges.refKind, importChanges.refId)
    .limit(UNDO_STEP);
  const statements: BatchItem<'sqlite'>[] = [];
  const closeDates = new Map<number, number>();
  const updatedIds = changes.filter((c) => c.refKind === 'closure' && c.action === 'update').map((c) => c.refId);
  if (updatedIds.length) {
    for (const r of await db.select({ id: closures.comId, closeDate: closures.closeDate }).from(closures).where(sql`${closures.comId} IN (SELECT value FROM json_each(${JSON.stringify(updatedIds)}))`)) closeDates.set(r.id, r.closeDate);
  }
  for (const c of changes) {
    if (c.refKind === 'closure') statements.push(...restoreClosure(db, c.refId, closeDates.get(c.refId) ?? 0, JSON.parse(c.before) as Record<string, unknown>));
    else if (c.refKind === 'starmarket' && c.action === 'insert') statements.push(...deleteStar(db, c.refId));
    else if (c.refKind === 'starmarket') statements.push(...restoreStar(db, c.refId, JSON.parse(c.before) as Record<string, unknown>));
    else if (c.refKind === 'event' && c.action === 'insert') statements.push(...deleteEvent(db, c.refId));
    else if (c.refKind === 'event' || c.refKind === 'company') statements.push(...restoreEventOrCompany(db, c.refKind, c.refId, JSON.parse(c.before) as Record<string, unknown>));
    else if (c.refKind === 'firm')
      statements.push(db.delete(investFirms).where(and(eq(investFirms.id, c.refId), sql`NOT EXISTS (SELECT 1 FROM closure_investors WHERE invst_id = ${c.refId})`, sql`NOT EXISTS (SELECT 1 FROM invest_event_investors WHERE invst_id = ${c.refId})`)));
    statements.push(db.delete(importChanges).where(and(eq(importChanges.batchId, id), eq(importChanges.refKind, c.refKind), eq(importChanges.refId, c.refId))));
  }
  const remaining = left - changes.length;
  if (remaining === 0) statements.push(db.update(importBatches).set({ status: 'undone', undoneAt: Date.now() }).where(eq(importBatches.id, id)));
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>]);
  const [after] = await db.select().from(importBatches).where(eq(importBatches.id, id));
  return { batch: view(after), undone: changes.length, remaining };
}

