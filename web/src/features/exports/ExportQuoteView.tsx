import { BATCH_SIZE, RETENTION_DAYS, rangeTitle } from '../../../../worker/src/exports/constants';
import { ExportBatchPicker, type BatchChoice } from './ExportBatchPicker';
import type { ExportQuote } from './queries';

export const BATCH_HINT = `数据量较大，建议分批下载（每批 ${BATCH_SIZE} 条）；如下载失败，请等待 5 分钟后到个人下载中心下载。`;

/** Rows and coins of the chosen range. */
export function chosenFigures(quote: ExportQuote, choice: BatchChoice) {
  const file = choice === 'all' ? undefined : quote.files.find((f) => f.page === choice);
  return file ? { rows: file.rows, coins: file.coins, files: 1 } : { rows: quote.rows, coins: quote.jzb_down, files: quote.batches };
}

/**
 * What the user is about to pay for, shown before they confirm: rows, files, coins, balance and
 * the price rule, with the batch choice when the export makes more than one file.
 */
export function ExportQuoteView({
  quote,
  subject,
  choice,
  onChoice,
  busy,
}: {
  quote: ExportQuote;
  subject?: string;
  choice: BatchChoice;
  onChoice: (choice: BatchChoice) => void;
  busy?: boolean;
}) {
  const free = quote.free;
  const fig = chosenFigures(quote, choice);
  // One batch of a several-file export: named by its range, as its file and download record will be.
  const file = choice === 'all' ? undefined : quote.files.find((f) => f.page === choice);
  const title = subject ?? quote.title;
  return (
    <div className="export-quote">
      <p className="export-subject">{file ? rangeTitle(title, file.from, file.to) : title}</p>
      {quote.batches > 1 && (
        <>
          <p className="export-hint">{BATCH_HINT}</p>
          <ExportBatchPicker quote={quote} value={choice} onChange={onChoice} disabled={busy} />
        </>
      )}
      <dl className="export-figures">
        <div>
          <dt>导出数据</dt>
          <dd>
            共 {fig.rows} {quote.unit}
          </dd>
        </div>
        <div>
          <dt>文件</dt>
          <dd>{fig.files} 个 xlsx 文件</dd>
        </div>
        <div>
          <dt>扣除桔子币</dt>
          <dd className="export-cost">{free ? '免费' : `${fig.coins} 桔子币`}</dd>
        </div>
        <div>
          <dt>当前余额</dt>
          <dd>{quote.jzb_num} 桔子币</dd>
        </div>
      </dl>
      <p className="export-rule">计费规则：{quote.price_rule}</p>
      <p className="export-after">
        {free ? '' : `导出后余额 ${quote.jzb_num - fig.coins} 桔子币。`}文件生成后保留 {RETENTION_DAYS} 天，可在个人下载中心再次下载。
      </p>
    </div>
  );
}
