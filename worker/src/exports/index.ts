export * from './types';
export { EXPORT_KINDS, exportKind, KIND_NAMES } from './kinds';
export { countRows, readRows, READ_PAGE } from './keyset';
export { BATCH_SIZE, EMPTY_EXPORT_MSG, fileName, MAX_BATCHES, planBatches, sheetName } from './plan';
export { filePrice, priceRuleText, priceTier, ROWS_PER_COIN, type PriceTier } from './price';
export {
  claimRecord,
  failRecord,
  FILE_TTL_MS,
  loadRecord,
  markDone,
  markRetrying,
  r2KeyOf,
  renewLease,
  requeueRecord,
  type DownloadRecordRow,
  type RecordStatus,
  type RecordWithJob,
} from './records';
export { createExport, parseExport, quoteExport, type ExportCreated, type ExportQuote, type ParsedExport } from './jobs';
export { contentDisposition, getDownload, listDownloads, openFile, XLSX_TYPE } from './downloads';
export { recordView, type DownloadRecordView } from './views';
export { sweepExports } from './sweep';
export { reconcileExports, reconcileJob, reconcileRecord, type ReconcileResult } from './reconcile';
export { BOOT_CRON, DAILY_CRON, LEASE_MS, MAX_ATTEMPTS, MAX_REQUEUES, RECONCILE_CRON } from './lease';
