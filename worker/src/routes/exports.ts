/**
 * Exports and the personal download centre. The spec's closed-company and STAR-market download
 * calls and the generic /exports calls all go through exports/jobs.ts (one code path).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { userForToken } from '../auth/session';
import type { AppEnv } from '../env';
import {
  BATCH_SIZE,
  CLOSURE_DOWN_TYPES,
  contentDisposition,
  createExport,
  EXPORT_KINDS,
  getDownload,
  listDownloads,
  openFile,
  parseExport,
  priceRuleText,
  quoteExport,
  ROWS_PER_COIN,
  STARMARKET_DOWN_TYPES,
  XLSX_TYPE,
} from '../exports';
import { optInt, optText } from '../lib/params';
import { list, ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { idempotencyKey } from '../lib/idempotency';
import { pageParam, perPageParam } from '../lib/pagination';
import { zv } from '../lib/validate';

const MAX_ID = 2_147_483_647;
const anyId = (label: string) => optInt(label, 0, MAX_ID);

/**
 * closure_down / closure_down_check: down_type picks the export (cardinal_type is the spec's other
 * name for it); the rest are that export's params, validated again by the kind. `number` is the
 * total the page showed: informational only, the server counts the rows itself.
 */
const closureDownInput = z.object({
  down_type: optInt('down_type', 0, 6),
  cardinal_type: optInt('cardinal_type', 0, 6),
  number: optInt('number', -MAX_ID, MAX_ID),
  com_prov: optText('省份', 20),
  cat_id: anyId('行业'),
  fund_status: anyId('融资轮次'),
  keyword: optText('关键词', 50),
  sort: optInt('排序方式', 1, 3),
  type_id: anyId('type_id'),
  item_id: anyId('item_id'),
  horse_unicorn: optInt('horse_unicorn', 1, 2),
  page: optInt('页码', 1, 100_000),
  per_page: optInt('每页条数', 1, BATCH_SIZE),
});
type ClosureDownInput = z.infer<typeof closureDownInput>;

function closureDown(q: ClosureDownInput) {
  const { down_type, cardinal_type, number: _shown, ...params } = q;
  return parseExport(CLOSURE_DOWN_TYPES[down_type ?? cardinal_type ?? 0], params);
}

/** type 1 applicants, 2 financing ranking, 3 opening market-value ranking, 4 listed companies. */
const starmarketDownInput = z.object({
  type: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 1 : Number(v)),
    z.literal([1, 2, 3, 4], { message: 'type 只能是 1（申报企业）、2（融资榜）、3（开盘市值榜）、4（上市企业）' }),
  ),
  state: anyId('审核状态'),
  keyword: optText('关键词', 50),
  cat_id: anyId('行业'),
  com_prov: optText('省份', 20),
  number: optInt('导出条数', 1, 100),
  page: optInt('页码', 1, 100_000),
  per_page: optInt('每页条数', 1, BATCH_SIZE),
});

const genericInput = z.object({
  kind: z.string({ message: '缺少导出类型 kind' }).max(50, '导出类型 kind 过长'),
  params: z.record(z.string(), z.unknown()).optional(),
});

const recordParam = z.object({ record_id: z.coerce.number({ message: '下载记录编号必须是数字' }).int().min(1).max(MAX_ID) });

const ATTACHMENT_HEADERS = {
  'Cache-Control': 'private, no-store',
  // The file may be fetched with ?token=: never pass the URL on.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export const exportRoutes = new Hono<AppEnv>()
  .get('/closure/closure_down_check', zv('query', closureDownInput), async (c) => {
    return ok(c, await quoteExport(c.env.DB, currentUser(c), closureDown(c.req.valid('query'))));
  })
  .get('/closure/closure_down', zv('query', closureDownInput), async (c) => {
    return ok(c, await createExport(c.env, currentUser(c), closureDown(c.req.valid('query')), idempotencyKey(c)));
  })
  .post('/closure/closure_down', zv('json', closureDownInput), async (c) => {
    return ok(c, await createExport(c.env, currentUser(c), closureDown(c.req.valid('json')), idempotencyKey(c)));
  })
  .post('/export/starmarket_company_down', zv('json', starmarketDownInput), async (c) => {
    const { type, ...params } = c.req.valid('json');
    return ok(c, await createExport(c.env, currentUser(c), parseExport(STARMARKET_DOWN_TYPES[type], params), idempotencyKey(c)));
  })
  .get('/exports/kinds', (c) =>
    ok(c, {
      batch_size: BATCH_SIZE,
      price: {
        user: { rows_per_coin: ROWS_PER_COIN.user, rule: priceRuleText('user') },
        vip: { rows_per_coin: ROWS_PER_COIN.vip, rule: priceRuleText('vip') },
        svip: { rows_per_coin: null, rule: priceRuleText('svip') },
      },
      closure_down_types: CLOSURE_DOWN_TYPES,
      starmarket_down_types: STARMARKET_DOWN_TYPES,
      kinds: Object.values(EXPORT_KINDS).map((k) => ({
        kind: k.name,
        level: k.level,
        columns: k.columns.map(({ header, type }) => ({ header, type })),
      })),
    }),
  )
  .post('/exports/check', zv('json', genericInput), async (c) => {
    const { kind, params } = c.req.valid('json');
    return ok(c, await quoteExport(c.env.DB, currentUser(c), parseExport(kind, params)));
  })
  .post('/exports', zv('json', genericInput), async (c) => {
    const { kind, params } = c.req.valid('json');
    return ok(c, await createExport(c.env, currentUser(c), parseExport(kind, params), idempotencyKey(c)));
  })
  .get('/downloads', zv('query', z.object({ page: pageParam, per_page: perPageParam(20, 50), job_id: optInt('job_id', 1, MAX_ID) })), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await listDownloads(c.env.DB, currentUser(c).id, q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  .get('/downloads/:record_id', zv('param', recordParam), async (c) => {
    return ok(c, await getDownload(c.env.DB, currentUser(c).id, c.req.valid('param').record_id));
  })
  .get(
    '/downloads/:record_id/file',
    zv('param', recordParam),
    zv('query', z.object({ token: z.string().max(200).optional() })),
    async (c) => {
      // Public in the policy table so that a plain link with ?token= works; the owner check is here.
      // The Authorization header wins over ?token; without a valid session the record "does not exist".
      const { token } = c.req.valid('query');
      const user = c.get('user') ?? (token ? await userForToken(c.get('db'), token) : null);
      if (!user) throw new ApiError('NOT_FOUND', '下载记录不存在');
      const { record, object } = await openFile(c.env, user.id, c.req.valid('param').record_id);
      return new Response(object.body, {
        headers: {
          ...ATTACHMENT_HEADERS,
          'Content-Type': XLSX_TYPE,
          'Content-Length': String(object.size),
          'Content-Disposition': contentDisposition(record.filename, record.id),
        },
      });
    },
  );
