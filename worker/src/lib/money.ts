/**
 * How an amount reads, the one definition for the worker, the SPA (web/src/lib/format.ts re-exports
 * it), the e-mail and the seed's texts. Amounts are in 万元; 10000 万 or more reads in 亿 (spec §9).
 * Figures print without trailing zeros, as the spec's examples do: '1亿元', '2.56亿元', '633亿人民币'.
 * No imports, so every side bundles it.
 */

/** '2.50' -> '2.5', '3.00' -> '3', '120' -> '120'. */
export function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** 万元 to text: 10000 or more in 亿元 (2 decimals at most), otherwise 万元; '-' when unknown. */
export function formatWan(wan: number | null | undefined): string {
  if (wan === null || wan === undefined || Number.isNaN(wan)) return '-';
  if (Math.abs(wan) >= 10000) return `${trimZeros((wan / 10000).toFixed(2))}亿元`;
  return `${trimZeros(wan.toFixed(2))}万元`;
}

/** A valuation in 万 (units of 1e4) as 亿人民币; '-', empty or not a number is undisclosed. */
export function formatValuation(v: number | string | null | undefined): string {
  if (v === '-' || v === null || v === undefined || v === '') return '未透露';
  const n = typeof v === 'string' ? Number(v) : v;
  if (Number.isNaN(n)) return '未透露';
  return `${trimZeros((n / 10000).toFixed(2))}亿人民币`;
}

/**
 * An amount stored as words ('633.0亿人民币', '1.50亿美元', '数千万人民币') as it should read: every
 * decimal figure in it without trailing zeros; a bare number is a valuation in 万; '-' or empty is
 * undisclosed. Imported data writes amounts in whatever form its source used.
 */
export function amountText(text: string): string {
  const t = text.trim();
  if (t === '' || t === '-') return '未透露';
  if (/^\d+(\.\d+)?$/.test(t)) return formatValuation(Number(t));
  return t.replace(/\d+\.\d+/g, trimZeros);
}
