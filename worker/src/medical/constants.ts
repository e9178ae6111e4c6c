/**
 * The healthcare area's (医疗健康) numbers and words, defined once. The worker pages and validates
 * with them and the SPA imports this module (it has no imports, so it bundles on both sides).
 */

/** The industry scope of healthcare events, news and policies. */
export const MEDICAL_SCOPE = '医疗健康';
/** Rows per page of every healthcare list (spec §9 "health tables 10"). */
export const MEDICAL_PAGE_SIZE = 10;
/** FA institutions TOP20: one page of 20. */
export const FA_TOP = 20;
/** The hero tab 'top-100 by financing amount'. */
export const MONEY_RANK_SIZE = 100;

/** GET medical / medical/detail: the information parts one call can ask for. */
export const INFO_TYPES = ['basic', 'policy', 'news', 'event'] as const;
export type InfoType = (typeof INFO_TYPES)[number];
/** The information tabs in page order; the default is index 2, event (spec §9). */
export const INFO_TABS = ['policy', 'news', 'event'] as const;
export type InfoTab = (typeof INFO_TABS)[number];
export const DEFAULT_INFO_TAB: InfoTab = 'event';
export const INFO_TAB_LABELS: Record<InfoTab, string> = { policy: '政策', news: '新闻', event: '融资事件' };

/** The typed health data call (GET medical/data). */
export const DATA_TYPES = ['policy', 'news', 'event', 'broker_report', 'fa_rand', 'ipo_rank', 'horse', 'unicorn'] as const;
export type DataType = (typeof DATA_TYPES)[number];
/** The top tabs in page order; the default is unicorn. */
export const TOP_TABS = ['fa_rand', 'ipo_rank', 'horse', 'unicorn'] as const;
export type TopTab = (typeof TOP_TABS)[number];
export const DEFAULT_TOP_TAB: TopTab = 'unicorn';
export const TOP_TAB_LABELS: Record<TopTab, string> = { fa_rand: 'FA机构TOP20', ipo_rank: 'IPO', horse: '千里马', unicorn: '独角兽' };
/** What a visitor may ask the data call for, on page 1: the tabs a page shows first. */
export const VISITOR_DATA_TYPES: readonly DataType[] = [DEFAULT_INFO_TAB, 'broker_report', DEFAULT_TOP_TAB];

/** The medical-health block's lists. */
export const BLOCK_TYPES = ['company', 'invst', 'invse_money_rank'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
/** Tabs of the block: on /health 0 companies, 1 firms, 2 top 100 by funding (default the last); on a tag page 0 firms, 1 companies (default companies). */
export const HOME_BLOCK_TABS = ['company', 'invst', 'invse_money_rank'] as const satisfies readonly BlockType[];
export const TAG_BLOCK_TABS = ['invst', 'company'] as const satisfies readonly BlockType[];
export const DEFAULT_HOME_BLOCK_TAB: BlockType = 'invse_money_rank';
export const DEFAULT_TAG_BLOCK_TAB: BlockType = 'company';
export const BLOCK_TAB_LABELS: Record<BlockType, string> = { company: '全部公司', invst: '投资机构', invse_money_rank: '融资金额TOP100' };

/** The block's company sorts (排序方式): 1 total funding (default), 2 founding time, 3 latest funding time; all newest / largest first. */
export const MEDICAL_ORDERS = [
  { id: 1, name: '融资总额' },
  { id: 2, name: '成立时间' },
  { id: 3, name: '最近融资时间' },
] as const;
export type MedicalOrder = (typeof MEDICAL_ORDERS)[number]['id'];

/** ipo_platform indexes this list (spec §9). */
export const IPO_PLATFORMS = ['无', '上交所', '深交所', '港交所', '纳斯达克', '纽交所', '伦交所', '新三板', '其他'] as const;

/**
 * Valuation bands in 万元 (companies.valuation): a unicorn is worth 10亿美元 or more (about 70亿元),
 * a 千里马 (horse) 1亿美元 up to a unicorn (about 7亿元). The same bands as the closed-company rankings.
 */
export const UNICORN_MIN = 700_000;
export const HORSE_MIN = 70_000;

/** The financing-trend chart's years run from the current year down to this one. */
export const CHART_FIRST_YEAR = 2010;
/** The chart selectors' placeholders: choosing one of these means 'no filter' (spec §5). */
export const CHART_PLACEHOLDERS = { year: '请选择时间', round: '请选择轮次', field: '请选择子领域' } as const;

/** Provinces in GB/T 2260 order: the 'in' map of the provinces call lists them so. */
export const PROVINCES = [
  '北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北',
  '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆', '台湾', '香港', '澳门',
] as const;
