import { z } from 'zod';

export const pageParam = z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为1').max(100000, '页码过大').default(1);

export const perPageParam = (def: number, max = 100) =>
  z.coerce.number({ message: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(max, `每页条数最多为${max}`).default(def);

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;
