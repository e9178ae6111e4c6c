import { queryOptions } from '@tanstack/react-query';
import { api, idempotent, unwrap, type DataOf } from '../../lib/api';
import type { ExportRequest } from './store';

/** Drops undefined and '' params (no filter) so the JSON body carries only what was chosen. */
function cleanParams(params: ExportRequest['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

export type ExportQuote = DataOf<Awaited<ReturnType<typeof api.exports.check.$post>>>;
export type ExportCreated = DataOf<Awaited<ReturnType<typeof api.exports.$post>>>;
export type DownloadList = DataOf<Awaited<ReturnType<typeof api.downloads.$get>>>;
export type DownloadRecord = DownloadList['info'][number];
export type RecordStatus = DownloadRecord['status'];

/** POST /api/exports/check: rows, coins to deduct, balance, price rule, whether the user may go ahead. */
export const checkExport = (req: ExportRequest) => unwrap(api.exports.check.$post({ json: { kind: req.kind, params: cleanParams(req.params) } }));

/** POST /api/exports with the intent's Idempotency-Key: the worker charges once per key. */
export const createExport = (req: ExportRequest, key: string) =>
  unwrap(api.exports.$post({ json: { kind: req.kind, params: cleanParams(req.params) } }, idempotent(key)));

/** Records still being worked on: the lists poll while any is shown. */
export const isPending = (status: RecordStatus) => status === 'queued' || status === 'generating';

/** The records of one export job (all its batches), polled by the dialog. MAX_BATCHES is 100; 50 a page covers the figures. */
export const jobRecordsQueryOptions = (jobId: number) =>
  queryOptions({
    queryKey: ['downloads', 'job', jobId],
    queryFn: () => unwrap(api.downloads.$get({ query: { job_id: String(jobId), per_page: '50' } })),
  });

export const DOWNLOADS_PER_PAGE = 20;

/** The download centre's page of records, newest first. */
export const downloadsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['downloads', 'list', { page }],
    queryFn: () => unwrap(api.downloads.$get({ query: { page: String(page), per_page: String(DOWNLOADS_PER_PAGE) } })),
  });
