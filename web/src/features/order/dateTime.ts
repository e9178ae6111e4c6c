const BJ_OFFSET_MS = 8 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** epoch ms -> 'YYYY-MM-DD HH:mm' in Beijing time, whatever the browser's zone (the product is Chinese). */
export function formatDateTime(ms: number | null | undefined): string {
  if (!ms) return '';
  const t = new Date(ms + BJ_OFFSET_MS);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}
