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
const exportsArea: Table = {};

export const POLICY: Readonly<Table> = { ...core, ...closure, ...exportsArea };

export const LEVEL_RANK: Record<AccessLevel, number> = { public: 0, login: 1, vip: 2, svip: 3 };
