import type { ExportQuote } from './queries';

/** 'all' or the page (1-based, per_page = batch size) of one 2000-row file. */
export type BatchChoice = 'all' | number;

/**
 * More than one file's worth of rows: the whole export, or one batch labelled by its range
 * (1-2000, 2001-4000, ...), as the spec's download dialog offers. Radios, so arrow keys move the choice.
 */
export function ExportBatchPicker({
  quote,
  value,
  onChange,
  disabled,
}: {
  quote: ExportQuote;
  value: BatchChoice;
  onChange: (choice: BatchChoice) => void;
  disabled?: boolean;
}) {
  const free = quote.free;
  return (
    <fieldset className="export-batches" disabled={disabled}>
      <legend>选择导出范围</legend>
      <label className={value === 'all' ? 'is-checked' : undefined}>
        <input type="radio" name="export-batch" checked={value === 'all'} onChange={() => onChange('all')} />
        全部 {quote.rows} 条（{quote.batches} 个文件）{free ? '' : ` · ${quote.jzb_down} 桔子币`}
      </label>
      {quote.files.map((f) => (
        <label key={f.page} className={value === f.page ? 'is-checked' : undefined}>
          <input type="radio" name="export-batch" checked={value === f.page} onChange={() => onChange(f.page)} />
          {f.from}-{f.to}
          {free ? '' : ` · ${f.coins} 桔子币`}
        </label>
      ))}
    </fieldset>
  );
}
