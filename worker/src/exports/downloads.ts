/** The personal download centre: a user's records and their files, owner-only. */
import { drizzleDb } from '../db';
import type { Env } from '../env';
import { inListOrder, keptStart, msDayLimit, userList } from '../db/kept/read.ts';
import { ApiError } from '../lib/errors';
import { effectiveStatus, RECORD_VIEW_SQL, recordPageSql, recordView, type DownloadRecordView, type RecordForView } from './views';

/**
 * A user's records, newest first. Everything is read from `d1` itself, as the export writes are made
 * (not through the request's D1 session), so the list and its total always include a just-made export.
 */
export async function listDownloads(
  d1: D1Database,
  userId: number,
  q: { page: number; per_page: number; job_id?: number },
  now = Date.now(),
): Promise<{ info: DownloadRecordView[]; total: number }> {
  const view = (rows: RecordForView[]) => rows.map((r) => recordView(r, now));
  if (q.job_id) {
    // One export's files: at most its batches, counted directly.
    const [rows, count] = await d1.batch([
      d1
        .prepare(recordPageSql('r.user_id = ? AND r.job_id = ?', 'r.created_at DESC, r.id DESC'))
        .bind(userId, q.job_id, q.per_page, (q.page - 1) * q.per_page),
      d1.prepare('SELECT COUNT(*) AS n FROM download_records r WHERE r.user_id = ? AND r.job_id = ?').bind(userId, q.job_id),
    ]);
    return { info: view(rows.results as RecordForView[]), total: (count.results[0] as { n: number }).n };
  }
  // Every record: kept total and per-day counts ('ud:'), the page's rows off (user_id, created_at) from its day.
  const { total, read: r } = await keptStart(drizzleDb(d1), userList(`ud:${userId}`), q.page, q.per_page);
  if (!r) return { info: [], total };
  const dir = r.reverse ? 'ASC' : 'DESC';
  const b = msDayLimit(r);
  const day = !b ? '' : b.from ? ' AND r.created_at >= ?' : ' AND r.created_at < ?';
  const bound = b ? [b.ms] : [];
  const res = await d1
    .prepare(recordPageSql(`r.user_id = ?${day}`, `r.created_at ${dir}, r.id ${dir}`))
    .bind(userId, ...bound, r.limit, r.offset)
    .all<RecordForView>();
  return { info: view(inListOrder(r, res.results)), total };
}

/** Someone else's record reads exactly like a missing one. */
async function ownRecord(d1: D1Database, userId: number, recordId: number): Promise<RecordForView> {
  const r = await d1.prepare(`${RECORD_VIEW_SQL} WHERE r.id = ? AND r.user_id = ?`).bind(recordId, userId).first<RecordForView>();
  if (!r) throw new ApiError('NOT_FOUND', '下载记录不存在');
  return r;
}

export async function getDownload(d1: D1Database, userId: number, recordId: number, now = Date.now()) {
  return recordView(await ownRecord(d1, userId, recordId), now);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 / 5987: an ASCII fallback name plus the UTF-8 Chinese name. */
export function contentDisposition(filename: string, recordId: number): string {
  return `attachment; filename="export-${recordId}.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The user's own record whose file can be downloaded now, or the reason it cannot be had. */
export async function requireReadyRecord(d1: D1Database, userId: number, recordId: number, now = Date.now()): Promise<RecordForView> {
  const r = await ownRecord(d1, userId, recordId);
  const status = effectiveStatus(r, now);
  if (status === 'expired') throw new ApiError('NOT_FOUND', '文件已过期');
  if (status === 'failed') throw new ApiError('NOT_FOUND', '文件生成失败，桔子币已退还，请重新导出');
  if (status !== 'done') throw new ApiError('CONFLICT', '文件正在生成中，请稍后再试');
  return r;
}

/** The finished file of the user's own record, or the reason it cannot be had. */
export async function openFile(env: Env, userId: number, recordId: number, now = Date.now()) {
  const r = await requireReadyRecord(env.DB, userId, recordId, now);
  const object = await env.FILES.get(r.r2_key);
  if (!object) throw new ApiError('NOT_FOUND', '文件已过期');
  return { record: r, object };
}
