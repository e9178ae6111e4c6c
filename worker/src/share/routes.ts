/**
 * The group service behind the app's share pages (spec §7 "Group service"), mounted at /api/group.
 * No login: a pasted link must open for anyone. Answers are the same for every caller, so the
 * edge may cache them briefly.
 */
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { createArea, defineRoute } from '../lib/route';
import { getCharacter } from './character';
import { POST_COMMENTS_SIZE, SHARE_LIST_SIZE } from './constants';
import { getDynamic } from './dynamic';
import * as S from './schemas';

const character = defineRoute({
  method: 'get',
  path: '/character/{id}',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: `分享页：用户主页（资料、最新${SHARE_LIST_SIZE}条动态与评论）`,
  note: '不存在的用户返回 NOT_FOUND',
  request: { params: S.characterParam },
  data: S.character,
});

const dynamic = defineRoute({
  method: 'get',
  path: '/dynamic/{id}',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: `分享页：一条动态（作者、时间、内容；type 2 带公司卡片；点赞数与最早${POST_COMMENTS_SIZE}条评论）`,
  note: '不存在的动态返回 NOT_FOUND',
  request: { params: S.dynamicParam },
  data: S.dynamic,
});

export const shareRoutes = createArea()
  .openapi(character, async (c) => {
    const found = await getCharacter(c.get('db'), c.req.valid('param').id);
    if (!found) throw new ApiError('NOT_FOUND', '该用户不存在或已注销');
    return ok(c, found);
  })
  .openapi(dynamic, async (c) => {
    const found = await getDynamic(c.get('db'), c.req.valid('param').id);
    if (!found) throw new ApiError('NOT_FOUND', '该动态不存在或已删除');
    return ok(c, found);
  });
