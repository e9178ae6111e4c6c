import { ApiError } from '../lib/errors';
import { ymd } from '#shared/dates';
import type { ExportSlice } from './types';

import { BATCH_SIZE, EMPTY_EXPORT_MSG, MAX_BATCHES, rangeTitle } from './constants';

export { BATCH_SIZE, EMPTY_EXPORT_MSG, MAX_BATCHES, rangeTitle };

export interface PlannedBatch {
  batchNo: number;
  offset: number;
  rows: number;
}

export interface ExportPlan {
  /** Rows the export holds (the slice when page was given). */
  rows: number;
  /** Rows matching the filters, before slicing. */
  total: number;
  batches: PlannedBatch[];
  /** true when the files hold the whole result, false for one page of it. */
  whole: boolean;
}

/**
 * Splits the rows (the first `limit` of them, when given) into 2000-row files; no rows, no files
 * (the check answers that as data, the generate call refuses it). With `page` the request is one of the dialog's batch
 * buttons (e.g. page 2, per_page 2000 = rows 2001-4000): exactly that slice, as one file.
 */
export function planBatches(total: number, slice: ExportSlice): ExportPlan {
  if (slice.page !== undefined) {
    const perPage = slice.per_page ?? BATCH_SIZE;
    const offset = (slice.page - 1) * perPage;
    const rows = Math.min(perPage, total - offset);
    if (rows <= 0) return { rows: 0, total, whole: false, batches: [] };
    return { rows, total, whole: offset === 0 && rows === total, batches: [{ batchNo: 1, offset, rows }] };
  }
  if (slice.limit !== undefined) total = Math.min(total, slice.limit);
  if (total <= 0) return { rows: 0, total, whole: true, batches: [] };
  const count = Math.ceil(total / BATCH_SIZE);
  if (count > MAX_BATCHES) {
    throw new ApiError('BAD_REQUEST', `单次导出最多 ${MAX_BATCHES * BATCH_SIZE} 条（本次 ${total} 条），请缩小筛选范围`, { rows: total });
  }
  const batches = Array.from({ length: count }, (_, i) => ({
    batchNo: i + 1,
    offset: i * BATCH_SIZE,
    rows: Math.min(BATCH_SIZE, total - i * BATCH_SIZE),
  }));
  return { rows: total, total, whole: true, batches };
}

/** Characters Excel or file systems refuse in names. */
// eslint-disable-next-line no-control-regex -- refusing them is the point
const UNSAFE = /[\\/:*?"<>|[\]\u0000-\u001f]/g;

/**
 * The job's title for the check, the record and the sheet: a request for one batch of the rows (the
 * dialog's '2001-4000' button: page + per_page) names its range, '死亡公司数据（第2001-4000条）'.
 */
export function jobTitle(title: string, plan: ExportPlan): string {
  const b = plan.batches[0];
  return !plan.whole && plan.batches.length === 1 && b ? rangeTitle(title, b.offset + 1, b.offset + b.rows) : title;
}

/**
 * '死亡公司数据（第2001-4000条）_20260115.xlsx': a file of a several-file export names its range; a
 * one-file job is named by its title (`jobTitle`, which names the range of a one-batch request).
 */
export function fileName(title: string, batch: PlannedBatch, plan: ExportPlan, now = Date.now()): string {
  const name = plan.batches.length === 1 ? title : rangeTitle(title, batch.offset + 1, batch.offset + batch.rows);
  return `${name.replace(UNSAFE, '_')}_${ymd(now)}.xlsx`;
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ */
export const sheetName = (title: string) => title.replace(UNSAFE, '_').slice(0, 31) || 'Sheet1';
