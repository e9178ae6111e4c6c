import type { ExportQuote } from './queries';

/** What the user is about to pay for, shown before they confirm: rows, files, coins, balance, the price rule. */
export function ExportQuoteView({ quote, subject }: { quote: ExportQuote; subject?: string }) {
  const free = quote.tier === 'svip';
  return (
    <div className="export-quote">
      <p className="export-subject">{subject ?? quote.title}</p>
      <dl className="export-figures">
        <div>
          <dt>导出数据</dt>
          <dd>共 {quote.rows} 家公司</dd>
        </div>
        {quote.batches > 1 && (
          <div>
            <dt>文件</dt>
            <dd>
              分 {quote.batches} 个文件，每个最多 {quote.batch_size} 条
            </dd>
          </div>
        )}
        <div>
          <dt>扣除桔子币</dt>
          <dd className="export-cost">{free ? '免费' : `${quote.jzb_down} 桔子币`}</dd>
        </div>
        <div>
          <dt>当前余额</dt>
          <dd>{quote.jzb_num} 桔子币</dd>
        </div>
      </dl>
      <p className="export-rule">计费规则：{quote.price_rule}</p>
      {!free && <p className="export-after">导出后余额 {quote.jzb_num - quote.jzb_down} 桔子币。文件生成后保存 7 天，可在个人下载中心再次下载。</p>}
      {free && <p className="export-after">文件生成后保存 7 天，可在个人下载中心再次下载。</p>}
    </div>
  );
}
