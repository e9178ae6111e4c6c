/**
 * The operator's data import (`npm run import`), mounted at /api/import. Every call needs the
 * X-Operator-Key header (the deployment's PAY_OPERATOR_KEY, as the refund call); without it, or on a
 * deployment without the key, the calls answer NOT_FOUND before anything is read or written:
 *   POST /import/batches              check a file's headers (kind, columns) and start a batch
 *   POST /import/rows                 validate and write up to 200 rows (or compare only: dry_run)
 *   POST /import/batches/{id}/finish  mark the batch done; its totals
 *   POST /import/batches/{id}/undo    take back part of the batch's changes (call until remaining is 0)
 *   GET  /import/batches              the latest batches
 */
import type { Context } from 'hono';
import type { AppEnv, Db } from '../env';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { createArea, defineRoute, jsonBody } from '../lib/route';
import { sameText } from '../order/signing';
import { z } from 'zod';
import { beginBatch, finishBatch, importRows, listBatches, undoBatch } from './batches';
import * as S from './schemas';

const NOTE = '须带请求头 X-Operator-Key（部署的 PAY_OPERATOR_KEY）；没有或不对时为 NOT_FOUND';

const begin = defineRoute({
  method: 'post',
  path: '/import/batches',
  access: 'public',
  summary: '导入：按表头判断类型与列，开始一个批次（dry_run 时不记录批次）',
  note: NOTE,
  request: { body: jsonBody(S.beginBody) },
  data: S.began,
});

const rows = defineRoute({
  method: 'post',
  path: '/import/rows',
  access: 'public',
  summary: '导入：逐行校验并写入一组行（最多 200 行），返回新增、更新、未变与被拒的行；dry_run 只比较不写入',
  note: NOTE,
  request: { body: jsonBody(S.rowsBody) },
  data: S.rowsOutcome,
});

const finish = defineRoute({
  method: 'post',
  path: '/import/batches/{id}/finish',
  access: 'public',
  summary: '导入：结束批次，返回它的合计',
  note: NOTE,
  request: { params: S.batchParam },
  data: S.batchView,
});

const undo = defineRoute({
  method: 'post',
  path: '/import/batches/{id}/undo',
  access: 'public',
  summary: '导入：撤销批次的改动，每次最多 1,000 家新建的死亡公司或 100 个其他改动（remaining 为 0 时批次已撤销）',
  note: NOTE,
  request: { params: S.batchParam },
  data: S.undone,
});

const batches = defineRoute({
  method: 'get',
  path: '/import/batches',
  access: 'public',
  summary: '导入：最近的 20 个批次',
  note: NOTE,
  data: z.array(S.batchView),
});

/**
 * Only the operator: a wrong or missing key (or none configured) answers as if there were no such
 * route. Checked first in each handler, after the request's shape (as the operator's refund call).
 */
function operatorOnly(c: Context<AppEnv>): Db {
  const key = c.env.PAY_OPERATOR_KEY ?? '';
  if (key.length < 16 || !sameText(c.req.header('X-Operator-Key') ?? '', key)) throw new ApiError('NOT_FOUND', '接口不存在');
  return c.get('db');
}

export const importRoutes = createArea()
  .openapi(begin, async (c) => ok(c, await beginBatch(operatorOnly(c), c.req.valid('json'))))
  .openapi(rows, async (c) => ok(c, await importRows(operatorOnly(c), c.req.valid('json'))))
  .openapi(finish, async (c) => ok(c, await finishBatch(operatorOnly(c), c.req.valid('param').id)))
  .openapi(undo, async (c) => ok(c, await undoBatch(operatorOnly(c), c.req.valid('param').id)))
  .openapi(batches, async (c) => ok(c, await listBatches(operatorOnly(c))));
