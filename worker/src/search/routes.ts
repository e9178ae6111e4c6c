/**
 * The global search of the header (GET /api/search?q=): companies, investment firms and people by
 * Chinese name, full pinyin or initials ('美团', 'meituan', 'mt'). Public: it shows names and links,
 * which every page already shows a visitor.
 */
import { ok } from '../lib/envelope';
import { createArea, defineRoute } from '../lib/route';
import { SEARCH_PER_KIND } from './constants';
import * as S from './schemas';

const searchRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'public',
  cache: { maxAge: 60, shared: 'everyone', stored: 'second' },
  summary: `全站搜索：q（中文名、全拼或首字母），返回 company、investfirm、person 各最多${SEARCH_PER_KIND}条`,
  note: '名称开头匹配的排在前面；只有标点的关键词返回空结果',
  request: { query: S.searchQuery },
  data: S.searchResult,
});

export const searchRoutes = createArea().openapi(searchRoute, async (c) => {
  // The pinyin dictionaries are evaluated by the first search, not when the worker starts.
  const { search } = await import('./query');
  return ok(c, await search(c.get('db'), c.req.valid('query').q));
});
