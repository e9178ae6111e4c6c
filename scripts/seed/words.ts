/** Vocabulary for plausible Chinese names and texts. Every name made from it is invented. */
import type { Rng } from './prng.ts';

export const SURNAMES = (
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'
).split('');
const COMPOUND_SURNAMES = ['欧阳', '上官', '司马', '诸葛', '东方'];
const GIVEN = (
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚英华玉萍红鹏飞斌宇浩凯健俊帆帅旭宁龙林欣怡婷雪琳晨辉鑫晶博文一子梓涵思睿泽嘉佳志建国海波峰亮昊然轩天晓东晗璐瑶颖阳卓诚远航铭哲毅岩松悦彤'
).split('');

export function personName(rng: Rng): string {
  const surname = rng.chance(0.01) ? rng.pick(COMPOUND_SURNAMES) : rng.pick(SURNAMES);
  return surname + rng.pick(GIVEN) + (rng.chance(0.7) ? rng.pick(GIVEN) : '');
}

/** Characters brands are made of: 快米, 鲸盒, 趣拼, 云链 ... */
const BRAND_CHARS = (
  '云智链快易米蜂果趣优享乐达拓橙星鲸盒马兔豆象熊猫狐鹿蚁酷聚点微小大天新未来思维创众合融汇通联数信安康健宝贝美味鲜客家邦帮到跑拼淘购车行途游学课练医药慧芯灵动力光影音视声阅知问答圈友约伴爱萌喵咖茶食厨饭农牧仓运极速捷卓越恒瑞泰嘉华盛鼎丰禾木森川海湾岛峰麦穗橘柚桃梨莓蓝青紫白墨'
).split('');
const BRAND_TAILS = ['网', '宝', '帮', '说', '家', '圈', '派', '汇', '盒', '邦', '吧', '街', '库', '乐', '通', '云', '到家', '生活', '科技'];

/** A 2-4 character brand; the caller keeps names unique. */
export function brandName(rng: Rng, attempt: number): string {
  const two = rng.pick(BRAND_CHARS) + rng.pick(BRAND_CHARS);
  if (attempt < 2 && rng.chance(0.7)) return two;
  if (attempt < 4) return two + rng.pick(BRAND_TAILS);
  return two + rng.pick(BRAND_CHARS) + rng.pick(BRAND_CHARS);
}

const AUDIENCES = ['年轻白领', '中小企业', '大学生', '宝妈', '城市家庭', '95后', '中老年人', '小微商户', '创业者', '三四线城市用户', '企业HR', '医生'];
/** Audience-facing forms only fit consumer products (平台, 服务, 应用 ...), not makers (研发商, 品牌). */
const CONSUMER = /(平台|服务|应用|工具|社区|客户端)$/;
const SLOGAN_TEMPLATES: ((what: string, rng: Rng) => string)[] = [
  (w) => w,
  (w) => `新一代${w}`,
  (w) => `国内领先的${w}`,
];
const CONSUMER_SLOGAN_TEMPLATES: ((what: string, rng: Rng) => string)[] = [
  (w) => w,
  (w) => `新一代${w}`,
  (w) => `专注${w.replace(CONSUMER, '')}`,
  (w, r) => `${r.pick(AUDIENCES)}身边的${w}`,
  (w) => `让${w.replace(CONSUMER, '')}更简单`,
  (w, r) => `为${r.pick(AUDIENCES)}打造的${w}`,
];

export function slogan(rng: Rng, business: string): string {
  return rng.pick(CONSUMER.test(business) ? CONSUMER_SLOGAN_TEMPLATES : SLOGAN_TEMPLATES)(business, rng);
}

const TEAM_ORIGINS = ['阿里巴巴', '腾讯', '百度', '字节跳动', '美团', '京东', '网易', '华为', '小米', '微软', '谷歌', '麦肯锡', '清华大学', '北京大学', '浙江大学', '复旦大学'];
const CONSUMER_FEATURES = [
  '以线上平台连接用户与服务商',
  '采用会员订阅模式',
  '主打高性价比与极致体验',
  '已覆盖全国数十个城市',
  '上线一年用户数突破百万',
  '通过自研算法提升运营效率',
  '早期靠地推和补贴获取用户',
  '复购率一度在同类产品中领先',
  '在一二线城市积累了第一批种子用户',
];
const MAKER_FEATURES = [
  '拥有多项核心技术专利',
  '产品已进入多家行业头部企业供应链',
  '研发投入占营收比例超过30%',
  '与多家行业头部企业建立合作',
  '研发人员占员工总数一半以上',
];

/** 配送服务 -> 配送服务商, 健康管理应用 -> 健康管理应用开发商: what a company *is*. */
const asCompany = (business: string) =>
  business.endsWith('服务') ? `${business}商` : /(应用|工具|客户端)$/.test(business) ? `${business}开发商` : business;

export interface DescriptionInput {
  name: string;
  fullName: string;
  business: string;
  /** Product nouns of the company's sub-sector. */
  products: readonly string[];
  bornYear: number;
  city: string;
}

type Part = (d: DescriptionInput, rng: Rng, p: readonly string[], consumer: boolean) => string;

/** Opening sentences: who the company is, said in several ways (not every one names the year or the city). */
const OPENINGS: Part[] = [
  (d) => `${d.name}是一家${asCompany(d.business)}。`,
  (d) => `${d.name}成立于${d.bornYear}年，是${d.city}的一家${asCompany(d.business)}。`,
  (d) => `${d.name}隶属于${d.fullName}，定位为${d.business}。`,
  (d, _r, p) => `${d.bornYear}年，${d.name}在${d.city}成立，最早做的是${p[0]}。`,
  (d, _r, p) => `作为一家${asCompany(d.business)}，${d.name}从${p[0]}起步。`,
  (d, _r, p) => `${d.name}专注${p[0]}，总部在${d.city}。`,
  (d, r) => `由${r.pick(TEAM_ORIGINS)}前员工创立的${d.name}，是一家${asCompany(d.business)}。`,
  (d, _r, _p, consumer) => (consumer ? `${d.name}上线于${d.bornYear}年，是一款${d.business.replace(/(服务商|服务)$/, '产品')}。` : `${d.name}是${d.city}的${asCompany(d.business)}，成立于${d.bornYear}年。`),
  (d) => `${d.fullName}（简称“${d.name}”）是一家${asCompany(d.business)}。`,
];
/** What it makes or runs, with the sub-sector's product nouns. */
const PRODUCT_SENTENCES: Part[] = [
  (_d, _r, p) => `主要产品包括${p[1]}、${p[2]}等。`,
  (_d, _r, p) => `旗下有${p[1]}和${p[2]}两条产品线。`,
  (_d, _r, p) => `核心产品为${p[1]}。`,
  (_d, _r, p) => `公司以${p[1]}切入市场，后拓展至${p[2]}。`,
  (_d, _r, p) => `其${p[1]}业务一度是营收的主要来源。`,
];
const FEATURE_SENTENCES: Part[] = [
  (_d, r, _p, consumer) => `公司${r.pick(consumer ? CONSUMER_FEATURES : MAKER_FEATURES)}。`,
  (_d, r, _p, consumer) => `${r.pick(consumer ? CONSUMER_FEATURES : MAKER_FEATURES)}。`,
];
const TEAM_SENTENCES: Part[] = [
  (_d, r) => `创始团队来自${r.sample(TEAM_ORIGINS, 2).join('、')}。`,
  (_d, r) => `创始人曾任职于${r.pick(TEAM_ORIGINS)}。`,
  (_d, r) => `核心成员多有${r.pick(TEAM_ORIGINS)}背景。`,
  (d) => `公司总部位于${d.city}。`,
];

/** A company profile of two to four sentences drawn from several patterns and the sub-sector's products. */
export function description(rng: Rng, d: DescriptionInput): string {
  const consumer = CONSUMER.test(d.business);
  const p = rng.sample(d.products, 3);
  while (p.length < 3) p.push(d.business);
  let out = rng.pick(OPENINGS)(d, rng, p, consumer);
  if (rng.chance(0.8)) out += rng.pick(PRODUCT_SENTENCES)(d, rng, p, consumer);
  if (rng.chance(0.6)) out += rng.pick(FEATURE_SENTENCES)(d, rng, p, consumer);
  if (rng.chance(0.4)) out += rng.pick(TEAM_SENTENCES)(d, rng, p, consumer);
  return out;
}

export const POSITIONS_FOUNDER = ['创始人兼CEO', '创始人', '联合创始人兼CEO'];
export const POSITIONS_TEAM = ['联合创始人兼CTO', '联合创始人兼COO', 'CFO', '联合创始人', '产品副总裁', '技术总监', '市场总监', '运营副总裁'];

/** Investment firms: 红杉/经纬/IDG-like names, all invented. */
const FIRM_HEADS = '华鼎远创启明源德弘晨曦盛景恒信君联凯瀚峰鸿泰元禾金沙蓝湖青松星辰北辰东方九合天使云启昆仑磐石明势险峰梧桐钟鼎高榕嘉御'.match(/../g)!;
const FIRM_TAILS = ['资本', '创投', '投资', '基金', '创业投资', '资本中国', '创新基金', '产业基金', '成长基金', '股权投资'];
const FA_TAILS = ['资本', '财务顾问', '投资银行', '融资顾问'];

export function firmName(rng: Rng, isFa: boolean, attempt: number): string {
  const head = rng.pick(FIRM_HEADS) + (attempt > 2 ? rng.pick(FIRM_HEADS).slice(0, 1) : '');
  return head + rng.pick(isFa ? FA_TAILS : FIRM_TAILS);
}

export function firmDescription(rng: Rng, name: string, isFa: boolean, sectors: string[]): string {
  const year = rng.int(1998, 2020);
  if (isFa) {
    return `${name}成立于${year}年，是一家专注于新经济领域的精品投资银行，为${sectors.join('、')}等行业的创业公司提供私募融资与并购顾问服务，累计协助完成交易超过${rng.int(50, 400)}笔。`;
  }
  const stage = rng.pick(['早期', '成长期', '早期及成长期', '全阶段', '中后期']);
  return `${name}成立于${year}年，是一家专注于${stage}投资的创业投资机构，重点关注${sectors.join('、')}等领域，管理资金规模约${rng.int(5, 600)}亿元人民币。`;
}

/** Corporate investors named on events without a firm profile. */
export function corporateInvestor(rng: Rng): string {
  return rng.pick(BRAND_CHARS) + rng.pick(BRAND_CHARS) + rng.pick(['集团', '科技', '控股', '产业投资', '战略投资部']);
}

/** Sponsors, accountants, law firms, evaluators of STAR-market filings (invented). */
const PRO_HEADS = '中华国东海广兴长招申光安信泰民财金'.split('');
const PRO_SECOND = '泰信安方通发业江商万源达正和诚'.split('');
export const proFirm = (rng: Rng, kind: 'sponsor' | 'accounting' | 'law' | 'evaluator') => {
  const head = rng.pick(PRO_HEADS) + rng.pick(PRO_SECOND);
  if (kind === 'sponsor') return `${head}证券股份有限公司`;
  if (kind === 'accounting') return `${head}会计师事务所（特殊普通合伙）`;
  if (kind === 'law') return `${head}律师事务所`;
  return `${head}资产评估有限公司`;
};
export const brokerName = (rng: Rng) => rng.pick(PRO_HEADS) + rng.pick(PRO_SECOND) + '证券';

/** News media, with their home pages (main_url). Article urls point at example.com. */
export const MEDIA = [
  ['36氪', 'https://36kr.com'], ['虎嗅', 'https://www.huxiu.com'], ['界面新闻', 'https://www.jiemian.com'], ['新浪科技', 'https://tech.sina.com.cn'],
  ['腾讯科技', 'https://new.qq.com/ch/tech'], ['澎湃新闻', 'https://www.thepaper.cn'], ['第一财经', 'https://www.yicai.com'], ['钛媒体', 'https://www.tmtpost.com'],
  ['亿欧', 'https://www.iyiou.com'], ['投资界', 'https://www.pedaily.cn'], ['雷锋网', 'https://www.leiphone.com'], ['财新网', 'https://www.caixin.com'],
] as const;
export const MEDICAL_MEDIA = [['动脉网', 'https://vcbeat.top'], ['健康界', 'https://www.cn-healthcare.com'], ['医药魔方', 'https://www.pharmcube.com'], ...MEDIA.slice(0, 6)] as const;

export const REGIONS_OF_CHINA: Record<string, string> = {
  北京: '华北', 天津: '华北', 河北: '华北', 山西: '华北', 内蒙古: '华北',
  辽宁: '东北', 吉林: '东北', 黑龙江: '东北',
  上海: '华东', 江苏: '华东', 浙江: '华东', 安徽: '华东', 福建: '华东', 江西: '华东', 山东: '华东', 台湾: '华东',
  河南: '华中', 湖北: '华中', 湖南: '华中',
  广东: '华南', 广西: '华南', 海南: '华南', 香港: '华南', 澳门: '华南',
  重庆: '西南', 四川: '西南', 贵州: '西南', 云南: '西南', 西藏: '西南',
  陕西: '西北', 甘肃: '西北', 青海: '西北', 宁夏: '西北', 新疆: '西北',
};

/** Nicknames of seeded users. */
const NICK_HEADS = ['投资人', '创业者', '产品经理', '分析师', '老', '小', '桔子', '硅谷', '深漂', '北漂', '杭漂', '风投'];
export function nickname(rng: Rng, id: number): string {
  const r = rng.next();
  if (r < 0.35) return personName(rng);
  if (r < 0.7) return rng.pick(NICK_HEADS) + rng.pick(SURNAMES) + rng.pick(['', '同学', '先生', '女士', '说']);
  return `桔子用户${String(1000 + ((id * 7919) % 9000))}`;
}

export const USER_POSITIONS = ['投资经理', '投资总监', '合伙人', '分析师', '创始人', '产品经理', '工程师', '研究员', '记者', '市场经理', '学生'];
