import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BATCH_SIZE } from '../../../../worker/src/exports/constants';
import { AppLink } from '../../ui/AppLink';
import { toast } from '../../ui/toast';
import { isPending, jobRecordsQueryOptions, type DownloadRecord, type ExportCreated } from './queries';
import { saveRecordFile } from './saveFile';

export const DOWNLOAD_CENTRE_HREF = '/user-center/download#company_down';
export const STILL_GENERATING_MSG = '文件正在生成中，请稍后到个人下载中心下载';

/** After this long the 5-second notice says the file can be fetched later from the download centre. */
const SLOW_MS = 5000;
const POLL_MS = 1000;

/**
 * The job's figures. Every record carries its job's counts from the server, so they hold even when
 * a large job has more files than one page of records shows.
 */
function jobFigures(records: DownloadRecord[], batches: number) {
  const first = records[0];
  const done = first?.progress.job_done ?? 0;
  const failed = first?.progress.job_failed ?? 0;
  const pending = records.some((r) => isPending(r.status)) || done + failed < batches;
  const percent = batches > 1 ? Math.floor((100 * (done + failed)) / batches) : (first?.progress.percent ?? 0);
  return { done, failed, pending, percent, batches };
}

/**
 * Polls the job's records every second while any is queued or generating, shows 'X/Y 批' and the
 * rows written, and saves the file when a one-file export is done. The dialog may be closed at any
 * time: the job goes on and the download centre lists it.
 */
export function ExportProgress({ created, onClose }: { created: ExportCreated; onClose: () => void }) {
  const records = useQuery({
    ...jobRecordsQueryOptions(created.job_id),
    initialData: { info: created.records, page: { total: created.records.length, page: 1, per_page: 50 } },
    // initialData counts as fresh: fetch the live status at once, then every second until settled.
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data?.info.some((r) => isPending(r.status)) ? POLL_MS : false),
  });
  const list = [...records.data.info].sort((a, b) => a.batch_no - b.batch_no);
  const fig = jobFigures(list, created.batches);
  const [slow, setSlow] = useState(false);
  const pendingRef = useRef(fig.pending);
  pendingRef.current = fig.pending;
  const saved = useRef(false);

  useEffect(() => {
    const t = setTimeout(() => {
      if (!pendingRef.current) return;
      setSlow(true);
      toast.long(STILL_GENERATING_MSG);
    }, SLOW_MS);
    return () => clearTimeout(t);
  }, []);

  // A one-file export is saved as soon as it is done; several files each get a button (browsers block bursts of downloads).
  const single = list.length === 1 ? list[0] : undefined;
  useEffect(() => {
    if (!single || single.status !== 'done' || saved.current) return;
    saved.current = true;
    void saveRecordFile(single.record_id, single.filename);
  }, [single]);

  let statusLine: string;
  if (fig.pending) statusLine = created.batches > 1 ? `正在生成：已完成 ${fig.done}/${fig.batches} 批` : single?.status_text ?? '生成中';
  else if (fig.failed === 0) statusLine = created.batches > 1 ? `已完成 ${fig.done}/${fig.batches} 批` : '文件已生成，浏览器正在保存';
  else statusLine = `已完成 ${fig.done}/${fig.batches} 批，${fig.failed} 批生成失败（已退还桔子币）`;

  return (
    <div className="export-progress">
      <p className="export-subject">{created.title}</p>
      <p className="export-status" role="status" aria-live="polite">
        {statusLine}
      </p>
      <progress className="export-bar" max={100} value={fig.pending ? fig.percent : 100} aria-label="导出进度">
        {fig.percent}%
      </progress>
      <p className="export-rows">
        共 {created.rows} {created.unit}{created.batches > 1 ? `，${created.batches} 个文件（每批 ${BATCH_SIZE} 条）` : ''}
        {created.jzb_down > 0 ? `，已扣除 ${created.jzb_down} 桔子币` : ''}
      </p>
      {(slow || created.batches > 1) && fig.pending && (
        <p className="export-hint">
          {STILL_GENERATING_MSG}：
          <AppLink href={DOWNLOAD_CENTRE_HREF} onClick={onClose}>
            个人下载中心
          </AppLink>
          （可关闭本窗口，生成不会中断）
        </p>
      )}
      <ul className="export-files">
        {list.map((r) => (
          <li key={r.record_id}>
            <span className="export-file-name">{r.filename}</span>
            <span className={`export-file-status status-${r.status}`}>{r.status === 'generating' ? `${r.status_text} ${r.progress.percent}%` : r.status_text}</span>
            {r.status === 'done' && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void saveRecordFile(r.record_id, r.filename)}>
                下载
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
