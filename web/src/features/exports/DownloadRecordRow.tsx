import { useState } from 'react';
import { isPending, type DownloadRecord } from './queries';
import { formatDateTime } from '#shared/dates';
import { batchText, progressText, retentionText, statusLabel } from './recordText';
import { saveRecordFile } from './saveFile';

/** One file of the download centre. Each cell is labelled so that the phone layout (cards) reads well. */
export function DownloadRecordRow({ record: r }: { record: DownloadRecord }) {
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    await saveRecordFile(r.record_id, r.filename);
    setSaving(false);
  };
  const label = statusLabel(r);
  return (
    <tr>
      <td className="dl-name" data-label="文件名">
        <span className="dl-filename">{r.filename}</span>
        {r.title && !r.filename.startsWith(r.title) && <span className="dl-title">{r.title}</span>}
      </td>
      <td data-label="条数">{r.rows}</td>
      <td data-label="批次" className={r.batches > 1 ? undefined : 'dl-blank'}>
        {batchText(r) || '—'}
      </td>
      <td data-label="状态">
        <span className={`dl-status status-${r.status}`} title={r.status_text}>
          {label}
        </span>
        {r.status_text !== label && r.status !== 'done' && <span className="dl-detail">{r.status_text}</span>}
      </td>
      <td data-label="进度">
        {isPending(r.status) && <progress className="dl-bar" max={100} value={r.progress.percent} aria-label={`${r.filename} 生成进度`} />}
        <span className="dl-progress">{progressText(r) || '—'}</span>
      </td>
      <td data-label="创建时间">{formatDateTime(r.created_at)}</td>
      <td data-label="保留期限" className={r.status === 'failed' ? 'dl-keep dl-blank' : 'dl-keep'}>
        {retentionText(r)}
      </td>
      <td data-label="操作" className={r.status === 'done' ? 'dl-action' : 'dl-action dl-blank'}>
        {r.status === 'done' ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void save()} disabled={saving} aria-label={`下载 ${r.filename}`}>
            {saving ? '下载中…' : '下载'}
          </button>
        ) : (
          <span className="dl-na">—</span>
        )}
      </td>
    </tr>
  );
}
