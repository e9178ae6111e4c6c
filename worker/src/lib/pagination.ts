import { z } from 'zod';
import { decimalOnly } from './params';

/** Decimal digits only ('1e3', '0x1', [1] are refused); absent means 1. */
export const pageParam = z.preprocess(decimalOnly, z.number({ message: '页码必须是整数' }).int('页码必须是整数').min(1, '页码最小为1').max(100000, '页码过大')).default(1);

export const perPageParam = (def: number, max = 100) =>
  z.preprocess(decimalOnly, z.number({ message: '每页条数必须是整数' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(max, `每页条数最多为${max}`)).default(def);
