/**
 * Export numbers and words shared by the worker, the export worker and the SPA (no imports).
 */

/** Rows per file (spec §9: batch download size 2000). */
export const BATCH_SIZE = 2000;
/** One export makes at most this many files (200,000 rows); a larger one must be narrowed by filters. */
export const MAX_BATCHES = 100;
export const EMPTY_EXPORT_MSG = '数据为空，不能下载';
/**
 * The name of one 2000-row batch of an export: '死亡公司数据（第2001-4000条）'. The worker's job title
 * (for a one-batch request), the record's file name and the xlsx download name carry it, and the SPA
 * shows the same words in the export dialog, its progress step and the download centre.
 */
export const rangeTitle = (title: string, from: number, to: number) => `${title}（第${from}-${to}条）`;
/** Files are kept this long after they are made. */
export const RETENTION_DAYS = 7;
/** A download record's states and the download centre's word for each. */
export const DOWNLOAD_STATUS = {
  queued: '排队中',
  generating: '生成中',
  done: '已完成',
  failed: '失败',
  expired: '已过期',
} as const;
export type DownloadStatus = keyof typeof DOWNLOAD_STATUS;
/** starmarket_company_down's type -> export kind name. */
export const STARMARKET_DOWN_KINDS = {
  1: 'starmarket_applicants',
  2: 'starmarket_amount_top',
  3: 'starmarket_valuation_top',
  4: 'starmarket_listed',
} as const;
