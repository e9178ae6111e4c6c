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
const closure: Table = {
  'GET /api/closure': {
    level: 'public',
    summary: '死亡公司列表（每页10条）：com_prov、fund_status、cat_id、keyword、sort 1-3、page',
    note: '游客只能看第1页且不能筛选、排序或搜索（否则 LOGIN_REQUIRED）；非VIP最多看前3页（否则 VIP_REQUIRED）',
  },
  'GET /api/closure/year_number': { level: 'public', summary: '每年关闭公司数 { 年份: 数量 }' },
  'GET /api/closure/filters': { level: 'public', summary: '筛选项：省份、行业（含子行业）、融资轮次、排序方式、新闻地区与年份' },
  'GET /api/closure/com_comment': {
    level: 'public',
    summary: '公司评论（一级评论分页，含全部回复）：com_id、page、per_page（默认5）、type 1 最新 / 2 最早',
    note: '游客只能看第1页、默认每页条数与排序（否则 LOGIN_REQUIRED）',
  },
  'GET /api/add_comment': { level: 'login', summary: '评论公司：com_id、commont_detail、is_closure=1', note: '同 POST（JSON）；内容去首尾空格后不能为空，最多500字' },
  'POST /api/add_comment': { level: 'login', summary: '评论公司（JSON：com_id、commont_detail、is_closure）', note: '内容去首尾空格后不能为空，最多500字' },
  'GET /api/add_revert_comment': {
    level: 'login',
    summary: '回复公司评论：com_id、commont_id、replay_user_id、commont_replay_info',
    note: '同 POST（JSON）；只能回复该公司的一级评论；被回复者须是该评论或其回复的作者',
  },
  'POST /api/add_revert_comment': {
    level: 'login',
    summary: '回复公司评论（JSON：com_id、commont_id、replay_user_id、commont_replay_info）',
    note: '只能回复该公司的一级评论；被回复者须是该评论或其回复的作者',
  },
  'GET /api/closure/closure_type': { level: 'public', summary: '两级关闭原因导航：[{ id, p_id, name, child: [...] }]' },
  'GET /api/closure/closure_type_Delegate': { level: 'login', summary: '关闭原因的代表项目（融资额最高的10家）：type_id', note: '一级原因包含其全部二级原因' },
  'GET /api/closure/closure_type_comment': { level: 'login', summary: '关闭原因的讨论：type_id（二级原因）、page、per_page（默认5）、type' },
  'GET /api/closure/add_closure_comment': { level: 'login', summary: '评论关闭原因：type_id、content', note: '同 POST（JSON）；type_id 须为二级原因' },
  'POST /api/closure/add_closure_comment': { level: 'login', summary: '评论关闭原因（JSON：type_id、content）', note: 'type_id 须为二级原因' },
  'GET /api/closure/add_closure_revert_comment': {
    level: 'login',
    summary: '回复关闭原因的评论：type_id、comment_id、replay_user_id、comment_replay_info',
    note: '同 POST（JSON）；只能回复该原因的一级评论',
  },
  'POST /api/closure/add_closure_revert_comment': {
    level: 'login',
    summary: '回复关闭原因的评论（JSON：type_id、comment_id、replay_user_id、comment_replay_info）',
    note: '只能回复该原因的一级评论',
  },
  'GET /api/closure/closure_type_list': { level: 'vip', summary: '关闭原因下的全部公司（会员）：type_id、page、per_page', note: '一级原因包含其全部二级原因' },
  'GET /api/closure/amount_top': { level: 'login', summary: '烧钱榜·融资总额TOP100：cat_id、com_prov、sort、page、per_page', note: 'sort 仅为筛选栏保留，榜单始终按融资总额排序' },
  'GET /api/closure/valuation_top': {
    level: 'login',
    summary: '烧钱榜·估值TOP100：同 amount_top；horse_unicorn 1 千里马 / 2 独角兽',
  },
  'GET /api/closure/invst_top': { level: 'login', summary: '烧钱榜·机构TOP100：投资关闭公司最多的机构，含代表案例 com 与数量 count' },
  'GET /api/closure/death_track': { level: 'public', summary: '死亡赛道列表：[{ tag_id, tag_name }]' },
  'GET /api/closure/death_album': { level: 'public', summary: '死亡专辑列表：[{ album_id, album_name, des }]' },
  'GET /api/closure/death_track_list': { level: 'login', summary: '赛道下的死亡公司：item_id、page、per_page（默认10）' },
  'GET /api/closure/death_album_list': { level: 'login', summary: '专辑下的死亡公司：item_id、page、per_page（默认10）' },
  'POST /api/closure/death_track_statistics': { level: 'login', summary: '赛道的关闭原因分布（饼图，含二级原因）：?item_id=' },
  'POST /api/closure/death_track_com_statistics': { level: 'login', summary: '赛道或专辑的运营状态分布（饼图）：?item_id=&type=1 赛道（默认）/ 2 专辑' },
  'GET /api/closure/news_list': {
    level: 'login',
    summary: '死亡公司新闻（每页20条）：com_prov（含“海外”）、cat_id（行业名称）、year（今年…2012 或“2012以前”）、keyword（公司名）、page',
  },
  'GET /api/closure/add_incense': {
    level: 'login',
    summary: '上香：item_id、type 1 公司 / 2 关闭原因、juzi_btc 炷数（1桔子币1炷）',
    note: '同 POST（JSON）；付费操作，请带 Idempotency-Key；余额不足 INSUFFICIENT_COINS（含 balance）',
  },
  'POST /api/closure/add_incense': {
    level: 'login',
    summary: '上香（JSON：item_id、type、juzi_btc），返回 balance 与上香记录',
    note: 'Idempotency-Key 相同的重复请求只扣一次费并返回首次结果；余额不足 INSUFFICIENT_COINS（含 balance）',
  },
  'GET /api/closure/incense_top': {
    level: 'public',
    summary: '上香排行：type 1 公司 / 2 关闭原因，per_page（默认10）',
    note: '游客只能看公司榜（type 1，默认条数），否则 LOGIN_REQUIRED',
  },
  'GET /api/closure/incense_list': { level: 'login', summary: '上香记录（新的在前，每页10条）：type、item_id、page、per_page' },
};
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

const follow: Table = {
  'GET /api/follow': { level: 'login', summary: '我的关注（新的在前）：type 1 公司（默认）、page、per_page（默认10）；含 item_id、name、logo、created_at' },
  'POST /api/follow': { level: 'login', summary: '关注（JSON：type 1 公司、item_id）', note: '重复关注只保留一条；公司不存在返回 NOT_FOUND「该公司不存在」' },
  'POST /api/follow/cancel': { level: 'login', summary: '取消关注（JSON：type、item_id）', note: '未关注时同样成功' },
  'GET /api/follow/status': { level: 'login', summary: '关注状态：type、ids（逗号分隔，最多50个），返回其中已关注的 { followed: [id] }', note: '只含当前用户自己的关注' },
};

export const POLICY: Readonly<Table> = { ...core, ...closure, ...exportsArea, ...follow };

export const LEVEL_RANK: Record<AccessLevel, number> = { public: 0, login: 1, vip: 2, svip: 3 };
