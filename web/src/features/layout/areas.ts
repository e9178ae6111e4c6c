import { CLOSURE_PAGES } from '../closure/closurePages';

/**
 * The product's areas, in header order. Each area registers its own routes under web/src/routes;
 * `paths` are the first path segments that belong to it (for the active link).
 */
export interface Area {
  key: string;
  label: string;
  /** Longer name for the home page card. */
  title: string;
  href: string;
  paths: readonly string[];
  summary: string;
}

export const AREAS: readonly Area[] = [
  {
    key: 'kcb',
    label: '科创板',
    title: '科创板数据库',
    href: '/kcb',
    paths: ['kcb'],
    summary: '科创板申报与已上市企业、审核进度、融资与市值排行、信息披露检索。',
  },
  {
    key: 'deathCompany',
    label: '死亡公司',
    title: '死亡公司数据库',
    href: '/deathCompany',
    paths: CLOSURE_PAGES.map((p) => p.to.slice(1)),
    summary: '关闭的创业公司与倒闭原因，按赛道、专辑、烧钱排行回看，还可以为它们上一炷香。',
  },
  {
    key: 'health',
    label: '医疗健康',
    title: '医疗健康投资数据库',
    href: '/health',
    paths: ['health', 'health-subscription', 'healthMobile'],
    summary: '医疗健康投融资事件、政策与新闻、产业图谱、券商研报、融资趋势与每日动态邮件。',
  },
  {
    key: 'saas',
    label: '投资管理SaaS',
    title: '智能投资管理系统',
    href: '/saas',
    paths: ['saas'],
    summary: '项目、任务、BP、投后、文件、基金与人脉管理，一站式投资管理工具，可申请免费试用。',
  },
];

/** The area the current path belongs to, if any. */
export function areaOf(pathname: string): Area | undefined {
  const first = pathname.split('/')[1] ?? '';
  return AREAS.find((a) => a.paths.includes(first));
}
