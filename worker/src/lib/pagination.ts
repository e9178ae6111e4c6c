import { z } from 'zod';
import { decimalOnly } from './params';

/** Decimal digits only ('1e3', '0x1', [1] are refused); absent means 1. */
export const pageParam = z.preprocess(decimalOnly, z.number({ message: '页码必须是整数' }).int('页码必须是整数').min(1, '页码最小为1').max(100000, '页码过大')).default(1);

export const perPageParam = (def: number, max = 100) =>
  z.preprocess(decimalOnly, z.number({ message: '每页条数必须是整数' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(max, `每页条数最多为${max}`)).default(def);

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

/**
 * Where a page sits when the total is known: pages in the far half of a list are read from the
 * other end (the reversed order, a short OFFSET), so the last page costs what the first does.
 * `limit` 0 means the page is past the end. The caller reverses the rows of a reversed read.
 */
export function pageWindow(page: number, perPage: number, total: number): { reverse: boolean; offset: number; limit: number } {
  const offset = offsetOf(page, perPage);
  if (offset >= total) return { reverse: false, offset, limit: 0 };
  const end = Math.min(offset + perPage, total);
  if (offset <= total - end) return { reverse: false, offset, limit: end - offset };
  return { reverse: true, offset: total - end, limit: end - offset };
}
