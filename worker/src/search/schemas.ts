/** Request and response schemas of the global search (GET /api/search). */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './constants';

export const searchQuery = z.object({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ message: '搜索关键词必须是文字' }).trim().min(1, '请输入搜索关键词').max(SEARCH_MAX_LENGTH, `搜索关键词最多${SEARCH_MAX_LENGTH}个字`),
  ),
});

export const companyHit = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  prov: z.string(),
  cat_name: z.string(),
  slogan: z.string(),
  closed: z.string().describe('已关闭公司的关闭日期（yyyy-mm-dd），未关闭为空'),
});

export const firmHit = z.object({ id: z.number().int(), name: z.string(), logo: z.string(), des: z.string(), is_fa: z.boolean() });

export const personHit = z.object({ id: z.number().int(), name: z.string(), title: z.string().describe('第一个身份：公司 · 职位 / 投资人') });

export const searchResult = z.object({ company: z.array(companyHit), investfirm: z.array(firmHit), person: z.array(personHit) });
