/**
 * Amounts as the product keeps, reads and shows them, one definition for the worker, the e-mail, the
 * SPA, the importer and the seed. Amounts are stored in 万元; 10000 万 or more reads in 亿 (spec §9).
 * Figures print without trailing zeros, as the spec's examples do: '1亿元', '2.56亿元', '633亿人民币'.
 * No imports and no side effects: a bundle keeps only the functions it calls.
 */

/** 1 亿 = 10000 万. */
export const WAN_PER_YI = 10_000;
/** What an unknown amount reads as (spec §5: an IPO valuation of '-'). */
export const UNDISCLOSED = '未透露';
/** USD amounts are converted at this rate: the one the horse / unicorn valuation bands use. */
export const USD_CNY = 7;

/** '2.50' -> '2.5', '3.00' -> '3', '120' -> '120'. */
export function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** 万元 to text: 10000 or more (either sign) in 亿元 (2 decimals at most), otherwise 万元; '-' when unknown. */
export function formatWan(wan: number | null | undefined): string {
  if (wan === null || wan === undefined || Number.isNaN(wan)) return '-';
  if (Math.abs(wan) >= WAN_PER_YI) return `${trimZeros((wan / WAN_PER_YI).toFixed(2))}亿元`;
  return `${trimZeros(wan.toFixed(2))}万元`;
}

/** A valuation in 万 (units of 1e4) as 亿人民币; '-', empty or not a number is undisclosed. */
export function formatValuation(v: number | string | null | undefined): string {
  if (v === '-' || v === null || v === undefined || v === '') return UNDISCLOSED;
  const n = typeof v === 'string' ? Number(v) : v;
  if (Number.isNaN(n)) return UNDISCLOSED;
  return `${trimZeros((n / WAN_PER_YI).toFixed(2))}亿人民币`;
}

/**
 * An amount stored as words ('633.0亿人民币', '1.50亿美元', '数千万人民币') as it should read: every
 * decimal figure in it without trailing zeros; a bare number is a valuation in 万; '-' or empty is
 * undisclosed. Imported data writes amounts in whatever form its source used.
 */
export function amountText(text: string): string {
  const t = text.trim();
  if (t === '' || t === '-') return UNDISCLOSED;
  if (/^\d+(\.\d+)?$/.test(t)) return formatValuation(Number(t));
  return t.replace(/\d+\.\d+/g, trimZeros);
}

/**
 * A financing round's amount: its figure in 万/亿元 when one is known (money > 0), else the words it was
 * announced with ('数千万人民币'), else `none`.
 */
export const roundAmount = (money: number, words: string | null | undefined, none: string = UNDISCLOSED) =>
  money > 0 ? formatWan(money) : words || none;

/** Words that mean "no figure given". */
const NO_FIGURE = /^(未透露|未披露|不详|未知|暂无|无|-|—|--|n\/a|na)$/i;
/** Amounts in words without a figure ('数千万人民币', '亿元及以上'). */
const VAGUE = /^(数|几|上|近|超)?[十百千万亿]+[元]?(人民币|美元)?(以上|及以上|级)?$|^(数|几)[^0-9]*$/;
const PER_WAN: Record<string, number> = { 亿: 10000, 千万: 1000, 百万: 100, 十万: 10, 万: 1, 元: 0.0001 };

/**
 * Text to whole 万元: a bare number is already 万元 (the product's export); otherwise the unit is read —
 * '1.2亿', '5000万', '3.5千万', '800万美元', '12,000万元', '2亿人民币', '$300万' (USD at USD_CNY).
 * `undisclosed` when the text gives no figure ('', '未透露', '数千万'); null when it cannot be read.
 */
export function parseWan(raw: string): { wan: number; undisclosed: boolean } | null {
  const s = raw.trim();
  if (s === '' || NO_FIGURE.test(s)) return { wan: 0, undisclosed: true };
  const t = s.replace(/[,，\s]/g, '').replace(/^(约|近|超过|超|逾)/, '');
  const m = /^(\d+(?:\.\d+)?)(亿|千万|百万|十万|万|元)?(元)?(人民币|美元|RMB|USD|\$)?$/i.exec(t) ?? /^(?:US\$|\$|￥|¥)(\d+(?:\.\d+)?)(亿|千万|百万|十万|万|元)?(元)?()$/i.exec(t);
  if (!m) return VAGUE.test(t) ? { wan: 0, undisclosed: true } : null;
  const unit = m[2] ?? (m[3] ? '元' : '万');
  const usd = /美元|USD|\$/i.test(m[4] ?? '') || /^(US\$|\$)/i.test(s.replace(/\s/g, ''));
  return { wan: Math.round(Number(m[1]) * PER_WAN[unit] * (usd ? USD_CNY : 1)), undisclosed: false };
}
