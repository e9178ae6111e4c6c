/** Beijing time (UTC+8, no DST) helpers. Dates in the schema are yyyymmdd integers. */
const BJ_OFFSET_MS = 8 * 3600 * 1000;

export const nowMs = () => Date.now();

export function beijingDate(ms: number = Date.now()): { y: number; m: number; d: number } {
  const t = new Date(ms + BJ_OFFSET_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function ymd(ms: number = Date.now()): number {
  const { y, m, d } = beijingDate(ms);
  return y * 10000 + m * 100 + d;
}

/** 20190315 -> '2019-03-15'; 0 -> '' */
export function formatYmd(v: number): string {
  if (!v) return '';
  const s = String(v);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** epoch ms -> 'YYYY-MM-DD HH:mm' in Beijing time */
export function formatDateTime(ms: number): string {
  const t = new Date(ms + BJ_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}`;
}
