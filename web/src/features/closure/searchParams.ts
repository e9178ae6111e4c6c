import { z } from 'zod';

/**
 * Search-param pieces of the closed-company routes: a bad value in a hand-edited URL falls back
 * to the default instead of breaking the page.
 */
export const optIdParam = z.coerce.number().int().positive().optional().catch(undefined);

export const pageSearchParam = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);

export const optTextParam = (max: number) => z.string().trim().max(max).optional().catch(undefined);

/** Today's date as 'YYYY-MM-DD' in the viewer's calendar. */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
