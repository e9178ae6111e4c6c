/**
 * The access policy: every API route and the least role that may call it.
 * One middleware (auth/access.ts) enforces it; tests/worker/access-matrix.test.ts walks it
 * for every role, and fails for any route of the app that is missing here.
 *
 * Keys are `METHOD path` exactly as the route is registered (Hono pattern, with /api).
 * Finer rules inside an area (a visitor sees page 1 only, a non-VIP stops at page 3)
 * live in the area's handlers; they are noted in `note`.
 */
export type AccessLevel = 'public' | 'login' | 'vip' | 'svip';

export interface PolicyEntry {
  level: AccessLevel;
  summary: string;
  note?: string;
}

type Table = Record<string, PolicyEntry>;

const core: Table = {
  'GET /api/health': { level: 'public', summary: '服务健康检查' },
  'GET /api/openapi.json': { level: 'public', summary: 'OpenAPI 3.1 文档' },
  'GET /api/docs': { level: 'public', summary: 'API 参考页面' },
  'POST /api/auth/register': { level: 'public', summary: '注册（手机号或邮箱 + 密码）' },
  'POST /api/auth/login': { level: 'public', summary: '登录，返回 token' },
  'POST /api/auth/logout': { level: 'login', summary: '退出登录（吊销当前 token）' },
  'GET /api/user/info': { level: 'login', summary: '当前用户信息：username、isVip、svip、juzibtc' },
  'GET /api/user/coins': { level: 'login', summary: '桔子币余额 juzibtc' },
  'GET /api/user/ledger': { level: 'login', summary: '桔子币流水' },
  'GET /api/user/vip_check': { level: 'login', summary: '会员检查，返回 isVip' },
};

// Each area adds its section below (one block per area, kept in route order).
const closure: Table = {};
const exportsArea: Table = {
  'GET /api/closure/closure_down_check': {
    level: 'login',
    summary: '死亡公司导出检查：条数、需扣桔子币 jzb_down、余额 jzb_num、downloadable、msg',
    note: 'down_type（或 cardinal_type）0-6 选导出类型，其余为该类型的筛选参数；number 仅供参考，条数以服务端统计为准；0 条返回 BAD_REQUEST「数据为空，不能下载」；down_type 1 需 VIP',
  },
  'GET /api/closure/closure_down': { level: 'login', summary: '死亡公司导出（生成下载记录）', note: '同 POST；付费操作，请用 POST 并带 Idempotency-Key' },
  'POST /api/closure/closure_down': {
    level: 'login',
    summary: '死亡公司导出：扣桔子币，按每 2000 条一个文件排队生成，返回 record_id、filename',
    note: 'Idempotency-Key 相同的重复请求只扣一次费并返回首次结果；余额不足（非超级VIP）返回 INSUFFICIENT_COINS；带 page + per_page 只导出该页（一个文件）',
  },
  'POST /api/export/starmarket_company_down': {
    level: 'login',
    summary: '科创板导出：type 1 申报企业 / 2 融资榜 / 3 开盘市值榜 / 4 上市企业',
    note: '榜单 number 为前 N 名（默认 10，最多 100）；扣费与幂等同 closure_down',
  },
  'GET /api/exports/kinds': { level: 'public', summary: '可导出的类型、列名与价格规则' },
  'POST /api/exports/check': { level: 'login', summary: '通用导出检查：{ kind, params }', note: '返回同 closure_down_check' },
  'POST /api/exports': { level: 'login', summary: '通用导出生成：{ kind, params }', note: '返回同 closure_down；需 Idempotency-Key' },
  'GET /api/downloads': { level: 'login', summary: '个人下载中心：我的下载记录（新的在前），含状态与进度', note: 'job_id 可只看一次导出的各个文件' },
  'GET /api/downloads/:record_id': { level: 'login', summary: '一条下载记录的状态与进度', note: '他人的记录返回 NOT_FOUND' },
  'GET /api/downloads/:record_id/file': {
    level: 'public',
    summary: '下载 xlsx 文件（仅限本人）',
    note: '身份来自 Authorization 头或 ?token=（同一会话令牌，便于浏览器直接下载）；无有效会话或非本人均返回 NOT_FOUND；生成中 CONFLICT；过期 NOT_FOUND「文件已过期」',
  },
};

export const POLICY: Readonly<Table> = { ...core, ...closure, ...exportsArea };

export const LEVEL_RANK: Record<AccessLevel, number> = { public: 0, login: 1, vip: 2, svip: 3 };
