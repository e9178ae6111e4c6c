/**
 * What the SaaS marketing page says (spec §2 "SaaS marketing page"), defined once: the page renders
 * it and scripts/saas-assets.ts prints the product-introduction PDF from it. No imports, so the
 * Node script can load it as it is.
 */

export const PRODUCT = {
  name: '桔子智能投资管理系统',
  short: '智能投资管理系统',
  tagline: '为投资机构与产业园区打造的一站式投资管理 SaaS',
  intro:
    '从项目发现、立项尽调、投决到投后管理，一套系统串起投资全流程：项目、任务、BP、投后、文件、基金、统计与人脉统一管理，数据与桔子创投数据库实时打通。',
  /** The product-introduction PDF, made by `node scripts/saas-assets.ts` into web/public. */
  pdfHref: '/saas/intro.pdf',
  pdfName: '桔子智能投资管理系统产品介绍.pdf',
} as const;

/** An icon of the advantages grid: a few SVG path strings on a 24×24 stroke canvas. */
export interface Advantage {
  title: string;
  des: string;
  /** The advantage's logo (stroke paths, 24×24). */
  logo: readonly string[];
}

export const ADVANTAGES: readonly Advantage[] = [
  { title: '数据打通', des: '与桔子创投数据库实时同步，工商、融资、新闻一键带入项目档案', logo: ['M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z', 'M4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6', 'M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6'] },
  { title: '流程可配', des: '立项、尽调、投决、交割等阶段与审批流按机构习惯自由配置', logo: ['M5 4h4v4H5z', 'M15 16h4v4h-4z', 'M7 8v5a3 3 0 0 0 3 3h5'] },
  { title: '权限精细', des: '按成员分配项目与文件权限，敏感信息只给该看的人看', logo: ['M6 11h12v9H6z', 'M8 11V8a4 4 0 0 1 8 0v3', 'M12 15v2'] },
  { title: '移动办公', des: '手机端随时查看项目进展、处理任务、上传尽调资料', logo: ['M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z', 'M11 18h2'] },
  { title: '团队协作', des: '任务指派、进度提醒与评论讨论，投资团队协同更高效', logo: ['M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6', 'M16 5a3 3 0 0 1 0 6', 'M18 14c1.8.8 3 2.8 3 5'] },
  { title: '智能统计', des: '投资金额、项目阶段、行业分布自动成图，周报月报一键生成', logo: ['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M22 20H2'] },
  { title: '安全可靠', des: '数据加密存储、操作留痕、每日备份，保障机构数据安全', logo: ['M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z', 'M9 12l2 2 4-4'] },
  { title: '快速部署', des: '开通即用，无需自建服务器；支持私有化部署与系统对接', logo: ['M13 2L4 14h7l-1 8 9-12h-7z'] },
  { title: '专属服务', des: '一对一客户成功经理，提供数据迁移、培训与持续支持', logo: ['M4 14v-2a8 8 0 0 1 16 0v2', 'M4 14h3v5H4z', 'M17 14h3v5h-3z', 'M20 19a3 3 0 0 1-3 3h-3'] },
];

export interface Module {
  key: string;
  title: string;
  des: string;
  points: readonly string[];
}

/** The investment-institution edition's modules, in the page's order. */
export const INVEST_MODULES: readonly Module[] = [
  { key: 'project', title: '项目管理', des: '项目从发现到退出的全生命周期档案', points: ['项目库多维筛选与标签', '阶段看板：初筛、立项、尽调、投决、交割', '工商、融资信息自动补全'] },
  { key: 'task', title: '任务管理', des: '让每个项目的下一步都有人负责', points: ['任务指派与截止提醒', '按项目、成员查看进度', '评论与附件集中沉淀'] },
  { key: 'bp', title: 'BP管理', des: '商业计划书统一收取、分发与评估', points: ['邮箱 BP 自动归档', '一键转为项目', '评估打分与意见汇总'] },
  { key: 'post', title: '投后管理', des: '被投企业经营数据与重大事项跟踪', points: ['财务与经营数据定期填报', '重大事项与风险预警', '投后报告自动生成'] },
  { key: 'file', title: '文件管理', des: '尽调资料、协议与会议纪要分类存放', points: ['按项目自动归类', '版本记录与在线预览', '上传、下载、删除按成员授权'] },
  { key: 'fund', title: '基金管理', des: '基金募投管退全流程台账', points: ['LP 出资与缴款记录', '基金投资组合与收益测算', '管理费与分配台账'] },
  { key: 'stats', title: '统计分析', des: '投资业务数据实时汇总成图', points: ['投资金额与项目数趋势', '行业、阶段、地区分布', '自定义报表导出'] },
  { key: 'contact', title: '人脉管理', des: '创业者、投资人与合作伙伴通讯录', points: ['联系人与项目、机构关联', '拜访记录与跟进提醒', '团队共享与权限控制'] },
];

/** The industrial-park edition's modules. */
export const PARK_MODULES: readonly Module[] = [
  { key: 'park-project', title: '数字园区项目管理', des: '招商项目从接洽到落地的全过程管理', points: ['招商线索统一登记', '项目落地进度看板', '园区载体与项目匹配'] },
  { key: 'park-basic', title: '园区项目基础管理', des: '入园企业基础信息与经营数据一册在手', points: ['企业档案与工商信息同步', '租赁、税收、人员数据填报', '重点企业标记与分级'] },
  { key: 'park-dynamic', title: '项目发展动态', des: '入园企业融资、专利、新闻动态自动追踪', points: ['融资与估值变化提醒', '舆情与重大事项推送', '企业成长曲线'] },
  { key: 'park-survey', title: '项目需求调研', des: '在线收集企业需求，精准匹配园区服务', points: ['调研问卷在线下发', '融资、人才、政策需求汇总', '服务对接与满意度回访'] },
];

export const EDITIONS = { invest: '投资机构版', park: '产业园区版' } as const;
export type Edition = keyof typeof EDITIONS;

/** Per-member permissions (spec: view, edit, delete, export for projects; upload, download, delete for files). */
export const PERMISSIONS = {
  title: '按成员分配权限',
  des: '管理员可为每位成员单独设置权限，项目与文件各自授权，离职交接一键转移。',
  items: [
    { what: '项目', rights: ['查看', '编辑', '删除', '导出'] },
    { what: '文件', rights: ['上传', '下载', '删除'] },
  ],
} as const;

/** The notes of the trial page (spec §2 "SaaS trial-application page"). */
export const TRIAL_NOTES = [
  '提交申请后，我们的工作人员将在两个工作日内与您联系，为您开通试用账号。',
  '疫情期间新用户可免费使用3个月，到期后续费享5折以下优惠。',
  '试用账号到期后，测试数据将为您保留3天，请及时导出或续费。',
] as const;
