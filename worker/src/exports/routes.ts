/**
 * Exports and the personal download centre. The spec's closed-company and STAR-market download
 * calls and the generic /exports calls all go through exports/jobs.ts (one code path).
 */
import { currentUser } from '../auth/access';
import { drizzleDb } from '../db';
import { CLOSURE_DOWN_KINDS } from '../closure/constants';
import { ok, paged } from '../lib/envelope';
import { idempotencyKey } from '../lib/idempotency';
import { createArea, defineRawRoute, defineRoute, defineTwin, jsonBody, listOf } from '../lib/route';
import { BATCH_SIZE, STARMARKET_DOWN_KINDS } from './constants';
import { contentDisposition, getDownload, listDownloads, openFile, XLSX_TYPE } from './downloads';
import { createExport, parseExport, quoteExport } from './jobs';
import { openSignedFile, signDownload } from './links';
import { EXPORT_KINDS } from './kinds';
import { priceRuleText, ROWS_PER_COIN } from './price';
import * as S from './schemas';
import type { z } from 'zod';

/** The generic export input, documenting the registered kinds. */
const kindInput = S.genericInput.extend({ kind: S.genericInput.shape.kind.meta({ enum: Object.keys(EXPORT_KINDS) }) });

const PAID_NOTE = '付费操作，请带 Idempotency-Key：相同键的重复请求只扣一次费并返回首次结果；余额不足（非超级VIP）返回 INSUFFICIENT_COINS';

function closureDown(q: z.output<typeof S.closureDownInput>) {
  const { down_type, cardinal_type, number, ...params } = q;
  const type = (down_type ?? cardinal_type ?? 0) as keyof typeof CLOSURE_DOWN_KINDS;
  return parseExport(CLOSURE_DOWN_KINDS[type], { ...params, limit: number !== undefined && number > 0 ? number : undefined });
}

const closureDownCheck = defineRoute({
  method: 'get',
  path: '/closure/closure_down_check',
  access: 'login',
  summary: '死亡公司导出检查：条数、需扣桔子币 jzb_down、余额 jzb_num、downloadable、msg',
  note: 'down_type（或 cardinal_type）0-6 选导出类型，其余为该类型的筛选参数；number 为要下载的条数（不超过符合条件的条数，缺省为全部）；0 条与余额不足都作为数据回答（downloadable: false 与 msg「数据为空，不能下载」或余额提示），生成接口仍拒绝；down_type 1 需 VIP',
  request: { query: S.closureDownInput },
  data: S.quote,
});

const closureDownload = defineTwin({
  path: '/closure/closure_down',
  access: 'login',
  summary: '死亡公司导出：扣桔子币，按每 2000 条一个文件排队生成，返回 record_id、filename',
  note: `${PAID_NOTE}；带 page + per_page 只导出该页（一个文件）`,
  input: S.closureDownInput,
  data: S.created,
});

const starmarketDownload = defineRoute({
  method: 'post',
  path: '/export/starmarket_company_down',
  access: 'login',
  summary: '科创板导出：type 1 申报企业 / 2 融资榜 / 3 开盘市值榜 / 4 上市企业',
  note: `榜单 number 为前 N 名（默认 10，最多 100）；${PAID_NOTE}`,
  request: { body: jsonBody(S.starmarketDownInput) },
  data: S.created,
});

const kinds = defineRoute({ method: 'get', path: '/exports/kinds', access: 'public', cache: { maxAge: 3600, shared: 'everyone' }, summary: '可导出的类型、列名与价格规则', data: S.kindsInfo });

const check = defineRoute({
  method: 'post',
  path: '/exports/check',
  access: 'login',
  summary: '通用导出检查：{ kind, params }',
  note: '返回同 closure_down_check',
  request: { body: jsonBody(kindInput) },
  data: S.quote,
});

const generate = defineRoute({
  method: 'post',
  path: '/exports',
  access: 'login',
  summary: '通用导出生成：{ kind, params }',
  note: `返回同 closure_down；${PAID_NOTE}`,
  request: { body: jsonBody(kindInput) },
  data: S.created,
});

const downloads = defineRoute({
  method: 'get',
  path: '/downloads',
  access: 'login',
  summary: '个人下载中心：我的下载记录（新的在前），含状态与进度',
  note: 'job_id 可只看一次导出的各个文件',
  request: { query: S.downloadsQuery },
  data: listOf(S.downloadRecord),
});

const download = defineRoute({
  method: 'get',
  path: '/downloads/{record_id}',
  access: 'login',
  summary: '一条下载记录的状态与进度',
  note: '他人的记录返回 NOT_FOUND',
  request: { params: S.recordParam },
  data: S.downloadRecord,
});

const link = defineRoute({
  method: 'post',
  path: '/downloads/{record_id}/link',
  access: 'login',
  summary: '生成一条记录的短期签名下载链接（5分钟内有效，只能下载这一条记录，退出登录即失效）',
  note: '他人的记录 NOT_FOUND；生成中 CONFLICT；过期或失败 NOT_FOUND',
  request: { params: S.recordParam },
  data: S.signedLink,
});

const file = defineRawRoute({
  method: 'get',
  path: '/downloads/{record_id}/file',
  // Public so that a signed link works without the header; the owner check is in the handler.
  access: 'public',
  summary: '下载 xlsx 文件（仅限本人）',
  note: '身份来自 Authorization 头，或来自 POST /api/downloads/{record_id}/link 生成的签名链接（sid、exp、sig）；URL 中不接受会话令牌。无有效身份、链接过期或非本人均返回 NOT_FOUND；生成中 CONFLICT；过期 NOT_FOUND「文件已过期」',
  request: { params: S.recordParam, query: S.fileQuery },
  mediaType: XLSX_TYPE,
});

const ATTACHMENT_HEADERS = {
  'Cache-Control': 'private, no-store',
  // The file may be fetched with a signed link: never pass the URL on.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export const exportRoutes = createArea()
  .openapi(closureDownCheck, async (c) => ok(c, await quoteExport(drizzleDb(c.env.DB), currentUser(c), closureDown(c.req.valid('query')))))
  .openapi(closureDownload.get, async (c) => ok(c, await createExport(c.env, currentUser(c), closureDown(c.req.valid('query')), idempotencyKey(c))))
  .openapi(closureDownload.post, async (c) => ok(c, await createExport(c.env, currentUser(c), closureDown(c.req.valid('json')), idempotencyKey(c))))
  .openapi(starmarketDownload, async (c) => {
    const { type, ...params } = c.req.valid('json');
    return ok(c, await createExport(c.env, currentUser(c), parseExport(STARMARKET_DOWN_KINDS[type], params), idempotencyKey(c)));
  })
  .openapi(kinds, (c) =>
    ok(c, {
      batch_size: BATCH_SIZE,
      price: {
        user: { rows_per_coin: ROWS_PER_COIN.user, rule: priceRuleText('user') },
        vip: { rows_per_coin: ROWS_PER_COIN.vip, rule: priceRuleText('vip') },
        svip: { rows_per_coin: null, rule: priceRuleText('svip') },
      },
      closure_down_types: CLOSURE_DOWN_KINDS,
      starmarket_down_types: STARMARKET_DOWN_KINDS,
      kinds: Object.values(EXPORT_KINDS).map((k) => ({
        kind: k.name,
        level: k.level,
        columns: k.columns.map(({ header, type }) => ({ header, type })),
      })),
    }),
  )
  .openapi(check, async (c) => {
    const { kind, params } = c.req.valid('json');
    return ok(c, await quoteExport(drizzleDb(c.env.DB), currentUser(c), parseExport(kind, params)));
  })
  .openapi(generate, async (c) => {
    const { kind, params } = c.req.valid('json');
    return ok(c, await createExport(c.env, currentUser(c), parseExport(kind, params), idempotencyKey(c)));
  })
  .openapi(downloads, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await listDownloads(drizzleDb(c.env.DB), currentUser(c).id, q));
  })
  .openapi(download, async (c) => ok(c, await getDownload(drizzleDb(c.env.DB), currentUser(c).id, c.req.valid('param').record_id)))
  .openapi(link, async (c) => ok(c, await signDownload(c.env, currentUser(c), c.req.valid('param').record_id)))
  .openapi(file, async (c) => {
    // The Authorization header wins over a signed link; without either the record "does not exist".
    const recordId = c.req.valid('param').record_id;
    const user = c.get('user');
    const { record, object } = user ? await openFile(c.env, user.id, recordId) : await openSignedFile(c.env, recordId, c.req.valid('query'));
    return new Response(object.body, {
      headers: {
        ...ATTACHMENT_HEADERS,
        'Content-Type': XLSX_TYPE,
        'Content-Length': String(object.size),
        'Content-Disposition': contentDisposition(record.filename, record.id),
      },
    });
  });
