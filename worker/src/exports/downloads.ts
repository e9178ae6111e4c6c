/** The personal download centre: a user's records and their files, owner-only. */
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { downloadRecords as r, drizzleDb } from '../db';
import { inListOrder, keptStart, msDayLimit, userList } from '../db/kept/read.ts';
import type { Db, Env } from '../env';
import { ApiError } from '../lib/errors';
import { effectiveStatus, recordPage, recordsWithJob, recordView, type DownloadRecordView, type RecordForView } from './views';

/**
 * A user's records, newest first. Callers read with a drizzle instance on the D1 binding itself, as
 * the export writes are made (not through the request's D1 session), so the list and its total
 * always include a just-made export.
 */
export async function listDownloads(
  db: Db,
  userId: number,
  q: { page: number; per_page: number; job_id?: number },
  now = Date.now(),
): Promise<{ info: DownloadRecordView[]; total: number }> {
  const view = (rows: RecordForView[]) => rows.map((r) => recordView(r, now));
  if (q.job_id) {
    // One export's files: at most its batches, counted directly.
    const mine = and(eq(r.userId, userId), eq(r.jobId, q.job_id))!;
    const [rows, counted] = await db.batch([
      recordPage(db, mine, (t) => [desc(t.createdAt), desc(t.id)], q.per_page, (q.page - 1) * q.per_page),
      db.select({ n: count() }).from(r).where(mine),
    ]);
    return { info: view(rows as RecordForView[]), total: counted[0]?.n ?? 0 };
  }
  // Every record: kept total and per-day counts ('ud:'), the page's rows off (user_id, created_at) from its day.
  const { total, read: w } = await keptStart(db, userList(`ud:${userId}`), q.page, q.per_page);
  if (!w) return { info: [], total };
  const dir = w.reverse ? asc : desc;
  const b = msDayLimit(w);
  const day: SQL | undefined = !b ? undefined : b.from ? gte(r.createdAt, b.ms) : lt(r.createdAt, b.ms);
  const rows = (await recordPage(db, and(eq(r.userId, userId), day)!, (t) => [dir(t.createdAt), dir(t.id)], w.limit, w.offset)) as RecordForView[];
  return { info: view(inListOrder(w, rows)), total };
}

/** Someone else's record reads exactly like a missing one. */
async function ownRecord(db: Db, userId: number, recordId: number): Promise<RecordForView> {
  const row = await recordsWithJob(db, and(eq(r.id, recordId), eq(r.userId, userId))!).get();
  if (!row) throw new ApiError('NOT_FOUND', '下载记录不存在');
  return row as RecordForView;
}

export async function getDownload(db: Db, userId: number, recordId: number, now = Date.now()) {
  return recordView(await ownRecord(db, userId, recordId), now);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 / 5987: an ASCII fallback name plus the UTF-8 Chinese name. */
export function contentDisposition(filename: string, recordId: number): string {
  return `attachment; filename="export-${recordId}.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The user's own record whose file can be downloaded now, or the reason it cannot be had. */
export async function requireReadyRecord(db: Db, userId: number, recordId: number, now = Date.now()): Promise<RecordForView> {
  const rec = await ownRecord(db, userId, recordId);
  const status = effectiveStatus(rec, now);
  if (status === 'expired') throw new ApiError('NOT_FOUND', '文件已过期');
  if (status === 'failed') throw new ApiError('NOT_FOUND', '文件生成失败，桔子币已退还，请重新导出');
  if (status !== 'done') throw new ApiError('CONFLICT', '文件正在生成中，请稍后再试');
  return rec;
}

/** The finished file of the user's own record, or the reason it cannot be had. */
export async function openFile(env: Env, userId: number, recordId: number, now = Date.now()) {
  const rec = await requireReadyRecord(drizzleDb(env.DB), userId, recordId, now);
  const object = await env.FILES.get(rec.r2_key);
  if (!object) throw new ApiError('NOT_FOUND', '文件已过期');
  return { record: rec, object };
}
