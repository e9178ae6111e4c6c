/** Worker-shaped answers of the export calls (worker/src/exports/jobs.ts and views.ts), for the SPA tests. */

export const quote = (over: Record<string, unknown> = {}) => ({
  kind: 'closure',
  title: '死亡公司数据',
  rows: 1234,
  batches: 1,
  batch_size: 2000,
  files: [{ page: 1, from: 1, to: 1234, rows: 1234, coins: 13 }],
  jzb_down: 13,
  jzb_num: 20,
  downloadable: true,
  tier: 'vip',
  price_rule: 'VIP会员导出每 100 条数据扣 1 桔子币（每个文件单独计价，不足 100 条按 100 条计）',
  free: false,
  unit: '家公司',
  msg: '本次导出共 1234 家公司（1 个文件），需扣除 13 桔子币，当前余额 20 桔子币。',
  ...over,
});

const STATUS_TEXT: Record<string, string> = { queued: '排队中', generating: '生成中', done: '已完成', failed: '生成失败，已退还 20 桔子币', expired: '文件已过期' };

export interface RecordOver {
  record_id?: number;
  job_id?: number;
  status?: 'queued' | 'generating' | 'done' | 'failed' | 'expired';
  batch_no?: number;
  batches?: number;
  rows?: number;
  rows_done?: number;
  job_done?: number;
  job_failed?: number;
  filename?: string;
  created_at?: number;
  refunded?: boolean;
  status_text?: string;
}

export function record(o: RecordOver = {}) {
  const status = o.status ?? 'queued';
  const rows = o.rows ?? 1234;
  const rowsDone = o.rows_done ?? (status === 'done' ? rows : 0);
  const batches = o.batches ?? 1;
  const jobDone = o.job_done ?? (status === 'done' && batches === 1 ? 1 : 0);
  const created = o.created_at ?? Date.UTC(2026, 0, 15, 2, 0);
  return {
    record_id: o.record_id ?? 11,
    job_id: o.job_id ?? 5,
    kind: 'closure',
    title: '死亡公司数据',
    filename: o.filename ?? '死亡公司数据_20260115.xlsx',
    rows,
    from: 1,
    to: rows,
    batch_no: o.batch_no ?? 1,
    batches,
    status,
    status_text: o.status_text ?? STATUS_TEXT[status],
    progress: {
      percent: status === 'done' ? 100 : Math.floor((100 * rowsDone) / rows),
      rows_done: rowsDone,
      job_done: jobDone,
      job_failed: o.job_failed ?? 0,
      job_batches: batches,
      job_percent: Math.floor((100 * jobDone) / batches),
    },
    coins: 13,
    refunded: o.refunded ?? false,
    attempts: 0,
    size: status === 'done' ? 4096 : 0,
    created_at: created,
    done_at: status === 'done' ? created + 3000 : null,
    expires_at: status === 'done' ? created + 7 * 86_400_000 : null,
    download_url: status === 'done' ? `/api/downloads/${o.record_id ?? 11}/file` : null,
  };
}

export const created = (records: ReturnType<typeof record>[], over: Record<string, unknown> = {}) => ({
  job_id: records[0].job_id,
  record_id: records[0].record_id,
  filename: records[0].filename,
  title: '死亡公司数据',
  rows: records.reduce((s, r) => s + r.rows, 0),
  batches: records.length,
  jzb_down: 13,
  unit: '家公司',
  records,
  ...over,
});

export const listBody = (info: ReturnType<typeof record>[], total = info.length, page = 1, perPage = 20) => ({
  status: 'success',
  data: { info, page: { total, page, per_page: perPage } },
});
