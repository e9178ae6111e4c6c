/**
 * News (closed-company news list, STAR-market company news, healthcare news), rules and
 * policies, and broker reports. Article urls point at example.com: the items are invented.
 */
import type { Closure } from './closures.ts';
import type { Company, InvestEvent } from './companies.ts';
import type { SeedContext } from './context.ts';
import { dayOfYmd, yearOfDay, ymdOfDay } from './dates.ts';
import type { MedicalCompany } from './medical.ts';
import { PROVINCES, provinceFullName } from './places.ts';
import type { Rng } from './prng.ts';
import type { Row } from './sql.ts';
import type { StarCompany } from './starmarket.ts';
import { businessName, CLOSURE_REASONS, MEDICAL_TAGS, ROUND, ROUNDS, SECTORS, STAR_STATE, sectorById } from './taxonomy.ts';
import { brokerName, MEDIA, MEDICAL_MEDIA, personName } from './words.ts';
import { formatWan as money } from '#shared/amounts';
import { ymdParts } from '#shared/dates';

const roundName = (id: number) => ROUNDS.find((r) => r.id === id)!.name;
const fill = (t: string, vars: Record<string, string | number>) => t.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
const reasonName = (id: number) => CLOSURE_REASONS.flatMap((p) => p.children).find((c) => c.id === id)!.name;

/** Headlines around the close, the first within weeks of it. */
const CLOSING_TITLES = [
  '{name}宣布停止运营，{months}个月烧光{money}',
  '又一{track}玩家倒下：{name}停止服务',
  '{name}创始人发内部信：公司将有序关停',
  '{name}被曝资金链断裂，员工集体讨薪',
  '{name}正式关闭App，用户数据将于30日后清除',
  '曾获{investor}投资的{name}宣告失败',
  '{name}官宣停运，{track}赛道再添一家死亡公司',
  '估值{valuation}的{name}，没能熬过{year}年',
  '{name}发布停运公告，{product}业务即日起下线',
  '{city}{track}公司{name}人去楼空，办公室已退租',
  '{name}回应关停传闻：业务调整，暂停{product}服务',
];
/** A company that never raised money has no burn, investor or valuation to speak of. */
const UNFUNDED_CLOSING_TITLES = CLOSING_TITLES.filter((t) => !/\{(money|investor|valuation)\}/.test(t));
/** Nor does one without a valuation on record give a valuation. */
const UNVALUED_CLOSING_TITLES = CLOSING_TITLES.filter((t) => !t.includes('{valuation}'));
/** Follow-ups weeks or months after the close. */
const AFTERMATH_TITLES = [
  '{name}倒闭背后：{reason}',
  '{name}关停：一个{track}创业者的复盘',
  '{name}死亡复盘：{months}个月，{money}，一地鸡毛',
  '{name}前员工讲述：关门前的最后{months}个月',
  '{name}关停一个月后：{product}还有人在用吗',
  '从明星公司到停运：{name}做错了什么',
];
/** While the company lived: launches, interviews, expansion. */
const LIFE_TITLES = [
  '{name}上线新版本，主打{product}',
  '专访{name}创始人{founder}：我们想做{business}',
  '{name}宣布进入{city2}，加速全国扩张',
  '{name}推出{product}，切入{sub}市场',
  '{sub}创业公司{name}：用{product}打动{audience}',
  '{name}创始人{founder}：{track}还处在早期',
];
/** Financing headlines, one per invest event of the company. */
const ROUND_TITLES = [
  '{name}完成{money}{round}融资，{investor}领投',
  '{name}获{money}{round}融资',
  '首发｜{sub}公司{name}完成{round}融资',
  '{name}宣布完成{round}融资，将用于{product}研发与市场拓展',
];
const OVERSEAS_HEADS = ['Bright', 'Zy', 'Quill', 'Parcel', 'Nim', 'Stack', 'Home', 'Fetch', 'Lumen', 'Tandem', 'Ride', 'Pebble', 'Koala', 'Snap', 'Velo', 'Hatch', 'Orbit', 'Kettle', 'Maple', 'Juno', 'Crate', 'Loop', 'Nest', 'Drift', 'Tiller', 'Sprout', 'Mosaic', 'Wander', 'Cobalt', 'Plume'];
const OVERSEAS_TAILS = ['ly', 'io', 'wise', 'box', 'r', 'ify', 'hub', 'labs', 'go', 'works', 'share', 'cart', 'mint', 'base', 'kit'];
const OVERSEAS_SUFFIXES = [' Labs', ' AI', ' Technologies', ' Health', ' Finance', ' Mobility'];
const OVERSEAS_TRACKS = ['共享出行', '外卖', '社交', '电商', '在线教育', '金融科技', '即时零售', '共享办公', '数字健康', '加密货币'];
const OVERSEAS_TITLES = [
  '海外｜{name}宣布关闭，{track}明星公司倒下',
  '海外｜烧光{money}后，{name}停止运营',
  '海外｜{name}申请破产保护，{track}赛道遇冷',
  '海外｜{track}公司{name}裁员后宣布关停',
  '海外｜{name}创始人撰文复盘：我们为何失败',
  '海外｜{name}被低价出售，主要业务停止运营',
];
const INDUSTRY_TITLES = [
  '{year}年{sector}死亡公司盘点：这些公司没能活下来',
  '{sector}寒冬：{year}年关停潮调查',
  '复盘{sector}行业的失败案例：{reason}是主因',
  '{year}年{sector}创业公司关停名单',
  '{sector}赛道{year}年度复盘：活下来的与倒下的',
];
const AUDIENCES = ['年轻白领', '大学生', '宝妈', '中小企业', '城市家庭', '小微商户', '95后'];
/** Outlets that break financing news; closing news comes from every outlet. */
const VC_MEDIA = MEDIA.filter(([name]) => ['36氪', '投资界', '亿欧', '钛媒体', '雷锋网', '界面新闻'].includes(name));
const FINANCE_MEDIA = MEDIA.filter(([name]) => ['财新网', '第一财经', '界面新闻', '澎湃新闻', '新浪科技'].includes(name));

type Outlets = readonly (readonly [string, string])[];

function media(rng: Rng, list: Outlets) {
  return rng.pick(list);
}

const WEEK = 7;

export function generateNews(
  ctx: SeedContext,
  parts: { closures: Closure[]; star: StarCompany[]; medical: MedicalCompany[]; events: InvestEvent[]; companies: Company[] },
): Row[] {
  const rows: Row[] = [];
  /** Per title, the companies and days it was used on (flat pairs): a company never repeats a headline, and no headline appears twice within a week. */
  const used = new Map<string, number[]>();
  const add: Add = (rng, r) => {
    const day = Math.min(ctx.today, r.day);
    const comId = r.com?.id ?? 0;
    const uses = used.get(r.title);
    if (uses) {
      for (let k = 0; k < uses.length; k += 2) if ((comId !== 0 && uses[k] === comId) || Math.abs(uses[k + 1] - day) < WEEK) return false;
      uses.push(comId, day);
    } else used.set(r.title, [comId, day]);
    const id = ctx.nextId('news');
    const [source, mainUrl] = media(rng, r.outlets ?? (r.medicalMedia ? MEDICAL_MEDIA : MEDIA));
    rows.push({
      id,
      title: r.title,
      url: `https://news.example.com/article/${id}.html`,
      main_url: mainUrl,
      source,
      com_id: r.com?.id ?? 0,
      com_name: r.com?.name ?? '',
      logo: '',
      cat_id: r.catId ?? r.com?.catId ?? 0,
      prov: r.prov ?? r.com?.prov ?? '',
      scope: r.scope ?? '',
      date: ymdOfDay(day),
      is_closure: r.closure ? 1 : 0,
    });
    return true;
  };
  closureNews(ctx, parts.closures, parts.events, add);
  starNews(ctx, parts.star, parts.events, add);
  medicalNews(ctx, parts.medical, parts.events, add);
  return rows;
}

type Add = (
  rng: Rng,
  r: { title: string; day: number; com?: Company; catId?: number; prov?: string; scope?: string; closure?: boolean; medicalMedia?: boolean; outlets?: Outlets },
) => boolean;

function closureNews(ctx: SeedContext, closures: Closure[], events: InvestEvent[], add: Add) {
  const rng = ctx.rng('news:closure');
  const n = ctx.volume(6000, 30);
  const first = dayOfYmd(20080101);
  const overseasN = Math.max(1, Math.round(n * 0.07));
  const industryN = Math.max(1, Math.round(n * 0.05));
  let added = 0;

  // Overseas closures: each invented company has one story (its track, its money), told once or twice.
  const overseasNames = new Set<string>();
  for (let guard = 0; added < overseasN && guard < overseasN * 4; guard++) {
    const name = rng.pick(OVERSEAS_HEADS) + rng.pick(OVERSEAS_TAILS) + (rng.chance(0.6) ? '' : rng.pick(OVERSEAS_SUFFIXES));
    if (overseasNames.has(name)) continue;
    overseasNames.add(name);
    const vars = { name, track: rng.pick(OVERSEAS_TRACKS), money: money(rng.int(5, 300) * 1000) };
    const closeDay = rng.int(first, ctx.today);
    const catId = rng.pick(SECTORS).id;
    const titles = rng.sample(OVERSEAS_TITLES, rng.chance(0.3) ? 2 : 1);
    titles.forEach((t, k) => {
      if (added < overseasN && add(rng, { title: fill(t, vars), day: closeDay + k * rng.int(WEEK, 60), catId, prov: '海外', closure: true })) added++;
    });
  }

  // Industry round-ups: one headline per sector, year and angle.
  const seen = new Set<string>();
  for (let guard = 0; added < overseasN + industryN && guard < industryN * 10; guard++) {
    const day = rng.int(first, ctx.today);
    const sector = rng.pick(SECTORS);
    const title = fill(rng.pick(INDUSTRY_TITLES), { year: yearOfDay(day), sector: sector.name, reason: reasonName(rng.pick(rng.pick(CLOSURE_REASONS).children).id) });
    if (seen.has(title)) continue;
    seen.add(title);
    if (add(rng, { title, day, catId: sector.id, prov: '', closure: true })) added++;
  }

  // Company stories: rounds from the company's own invest events, launches while it lived, the close and its aftermath.
  const eventsOf = groupEvents(events);
  const order = rng.sample(closures, closures.length);
  for (let pass = 0; added < n && pass < 4; pass++) {
    for (const c of order) {
      if (added >= n) break;
      const com = c.company;
      const famous = com.totalMoney >= 100000 ? 2 : com.totalMoney >= 10000 ? 1 : 0;
      if (pass > famous) continue;
      const closeDay = dayOfYmd(c.closeYmd);
      const bornDay = dayOfYmd(c.bornYmd);
      const sub = sectorById.get(com.catId)!.children.find((s) => s.id === com.seCatId)!;
      const vars = {
        name: com.name,
        months: c.survivalMonths,
        // The company's own figures, as its page shows them.
        money: money(com.totalMoney),
        track: c.tracks[0].name,
        investor: c.investors[0]?.name ?? '知名机构',
        reason: reasonName(c.reasons[0].id),
        valuation: money(com.valuation),
        year: ymdParts(c.closeYmd).y,
        business: businessName(sub.business[0]),
        sub: sub.name,
        product: rng.pick(sub.products),
        founder: c.team[0].name,
        city: com.city,
        city2: rng.pick(['上海', '深圳', '杭州', '成都', '武汉', '北京', '广州', '南京'].filter((x) => x !== com.city)),
        audience: rng.pick(AUDIENCES),
      };
      const story: { title: string; day: number; outlets?: Outlets }[] = [];
      if (pass === 0) {
        // Small, unfunded companies often close without a headline; every well-funded one makes the news.
        if (famous || rng.chance(0.55)) story.push({ title: fill(rng.pick(com.totalMoney <= 0 ? UNFUNDED_CLOSING_TITLES : com.valuation > 0 ? CLOSING_TITLES : UNVALUED_CLOSING_TITLES), vars), day: rng.int(closeDay - 20, Math.min(ctx.today, closeDay + 30)) });
        if (rng.chance(0.15)) story.push({ title: fill(rng.pick(LIFE_TITLES), vars), day: rng.int(Math.max(first, bornDay + 30), closeDay - 30) });
      } else {
        // Priced rounds only (a strategic stake or an acquisition is not a 融资 headline), and the news list starts in 2008.
        const own = (eventsOf.get(com.id) ?? []).filter((e) => e.roundId < ROUND.strategic && e.day >= first);
        const e = own.length ? rng.pick(own) : undefined;
        if (e && rng.chance(0.6)) {
          const lead = e.investors.find((x) => x.invstType === 'invst')?.invstName;
          const t = lead ? rng.pick(ROUND_TITLES) : rng.pick(ROUND_TITLES.slice(1));
          const amount = e.guessMoney === '未透露' ? '' : e.guessMoney;
          story.push({ title: fill(t, { ...vars, money: amount, round: roundName(e.roundId), investor: lead ?? '' }), day: e.day + rng.int(0, 3), outlets: VC_MEDIA });
        } else if (closeDay + 30 < ctx.today && com.totalMoney > 0) {
          const outlets = com.catId === 3 ? FINANCE_MEDIA : undefined;
          story.push({ title: fill(rng.pick(AFTERMATH_TITLES), vars), day: rng.int(closeDay + 30, Math.min(ctx.today, closeDay + 150)), outlets });
        } else {
          story.push({ title: fill(rng.pick(LIFE_TITLES), vars), day: rng.int(Math.max(first, bornDay + 30), closeDay - 30) });
        }
      }
      for (const item of story) {
        if (added >= n) break;
        if (add(rng, { ...item, com, closure: true })) added++;
      }
    }
  }
}

function starNews(ctx: SeedContext, star: StarCompany[], events: InvestEvent[], add: Add) {
  const rng = ctx.rng('news:star');
  const eventsOf = groupEvents(events);
  for (const s of star) {
    const com = s.company;
    const scope = com.isMedical ? '医疗健康' : '';
    const day = (state: number) => s.stages.find((st) => st.state === state && st.day)?.day;
    const items: [string, number | undefined][] = [
      [`${com.name}科创板IPO申请获受理，拟募资${money(s.planWan)}`, day(STAR_STATE.accepted)],
      [`${com.name}回复科创板首轮问询：${rng.pick(['核心技术来源', '客户集中度', '研发投入', '毛利率波动'])}受关注`, day(STAR_STATE.inquired)],
      [`${com.name}科创板首发上会获通过`, day(STAR_STATE.committee)],
      [`证监会同意${com.name}科创板IPO注册`, day(STAR_STATE.registered)],
      [`${com.name}登陆科创板，首日涨${rng.int(5, 300)}%`, day(STAR_STATE.issued)],
      [`${com.name}科创板IPO中止审核：财务资料已过有效期`, day(STAR_STATE.suspended)],
      [`${com.name}科创板IPO终止：公司及保荐人主动撤回申请`, day(STAR_STATE.terminated)],
    ];
    for (const e of eventsOf.get(com.id) ?? []) if (e.roundId !== ROUND.ipo) items.push([`${com.name}完成${e.guessMoney === '未透露' ? '' : e.guessMoney}${roundName(e.roundId)}融资`, e.day]);
    for (const [title, d] of items) if (d && rng.chance(0.8)) add(rng, { title, day: d + rng.int(0, 2), com, scope });
  }
}

const MEDICAL_COMPANY_TITLES = [
  '{name}与{hospital}达成战略合作',
  '{name}入选{year}年度医疗健康创新企业榜单',
  '{name}创始人{founder}：{tag}的下一个十年',
];
const MEDICAL_INDUSTRY_TITLES = [
  '{tag}赛道{year}年融资盘点：资本向头部集中',
  '国家药监局{year}年批准{n}款创新医疗器械上市',
  '医保谈判落地：{n}个创新药纳入{year}年国家医保目录',
  '{year}年医疗健康投融资报告：{tag}最受关注',
  '集采常态化下，{tag}企业如何突围',
];

/** What a healthcare company of a sub-sector announces: approvals only for devices and drugs. */
const MEDICAL_PRODUCTS: Record<number, readonly string[]> = {
  401: ['可降解支架', '手术机器人', '连续血糖监测系统', '超声诊断仪', '心电贴'],
  402: ['单抗注射液', '小分子靶向药', '基因检测试剂盒', 'CAR-T疗法', '双抗药物'],
};
const APPROVAL_TITLES = [
  '{name}{product}获国家药监局批准上市',
  '{name}{product}进入创新医疗器械特别审查程序',
  '{name}{product}完成首例患者入组',
  '{name}发布新一代{product}',
];

function medicalNews(ctx: SeedContext, medical: MedicalCompany[], events: InvestEvent[], add: Add) {
  const rng = ctx.rng('news:medical');
  const n = ctx.volume(6000, 30);
  // Each financing is reported once: events are taken in a shuffled order, never twice.
  const medicalEvents = rng.sample(events.filter((e) => e.scope === '医疗健康'), Number.MAX_SAFE_INTEGER);
  let nextEvent = 0;
  const byId = new Map(medical.map((m) => [m.company.id, m.company]));
  const start = dayOfYmd(20150101);
  // Recent news is denser: days back follow an exponential with a two-year mean.
  const recentDay = () => Math.max(start, ctx.today - Math.floor(-Math.log(1 - rng.next()) * 700));
  const tags = MEDICAL_TAGS.flatMap((t) => t.children);
  let added = 0;
  for (let i = 0; added < n && i < n * 3; i++) {
    const r = rng.next();
    // The first few are yesterday's news, for the daily digest.
    const forceDay = added < ctx.volume(10, 3) ? ctx.today - 1 : undefined;
    if (r < 0.3 && nextEvent < medicalEvents.length) {
      const e = medicalEvents[nextEvent++];
      const com = byId.get(e.comId);
      if (com) {
        const lead = e.investors.find((x) => x.invstType === 'invst')?.invstName;
        const title = `${com.name}完成${e.guessMoney === '未透露' ? '' : e.guessMoney}${roundName(e.roundId)}融资${lead ? `，${lead}领投` : ''}`;
        if (add(rng, { title, day: forceDay ?? e.day, com, scope: '医疗健康', medicalMedia: true })) added++;
        continue;
      }
    }
    const year = () => yearOfDay(forceDay ?? recentDay());
    if (r < 0.8) {
      const com = rng.pick(medical).company;
      const tag = rng.pick(tags).name;
      const products = MEDICAL_PRODUCTS[com.seCatId];
      const templates = products ? [...APPROVAL_TITLES, ...MEDICAL_COMPANY_TITLES] : MEDICAL_COMPANY_TITLES;
      const title = fill(rng.pick(templates), {
        name: com.name, product: products ? rng.pick(products) : '', hospital: `${com.city}${rng.pick(['第一人民医院', '中心医院', '市妇幼保健院', '中医院'])}`,
        year: year(), founder: personName(rng), tag,
      });
      if (add(rng, { title, day: forceDay ?? Math.max(recentDay(), com.bornDay + 180), com, scope: '医疗健康', medicalMedia: true })) added++;
    } else {
      const title = fill(rng.pick(MEDICAL_INDUSTRY_TITLES), { tag: rng.pick(tags).name, year: year(), n: rng.int(20, 120) });
      if (add(rng, { title, day: forceDay ?? recentDay(), catId: 4, prov: rng.pick(PROVINCES.slice(0, 12)), scope: '医疗健康', medicalMedia: true })) added++;
    }
  }
}

function groupEvents(events: InvestEvent[]) {
  const m = new Map<number, InvestEvent[]>();
  for (const e of events) {
    const list = m.get(e.comId) ?? [];
    list.push(e);
    m.set(e.comId, list);
  }
  return m;
}

const STAR_RULES: [string, string][] = [
  ['关于在上海证券交易所设立科创板并试点注册制的实施意见', '证监会公告〔2019〕2号'],
  ['科创板首次公开发行股票注册管理办法（试行）', '证监会令第153号'],
  ['科创板上市公司持续监管办法（试行）', '证监会令第154号'],
  ['上海证券交易所科创板股票发行上市审核规则', '上证发〔2019〕18号'],
  ['上海证券交易所科创板股票上市规则', '上证发〔2019〕53号'],
  ['上海证券交易所科创板股票交易特别规定', '上证发〔2019〕23号'],
  ['上海证券交易所科创板股票发行与承销实施办法', '上证发〔2019〕21号'],
  ['上海证券交易所科创板上市委员会管理办法', '上证发〔2019〕19号'],
  ['科创板股票发行与承销业务指引', '上证发〔2019〕46号'],
  ['科创板企业发行上市申报及推荐暂行规定', '上证发〔2019〕30号'],
  ['关于科创板投资者教育与适当性管理相关事项的通知', '上证发〔2019〕40号'],
  ['科创板股票做市交易业务实施细则', '上证发〔2022〕60号'],
];

export function generatePolicies(ctx: SeedContext): Row[] {
  const rng = ctx.rng('policies');
  const rows: Row[] = [];
  const starOpen = dayOfYmd(20190130);
  const starCount = ctx.volume(60, STAR_RULES.length);
  for (let i = 0; i < starCount; i++) {
    const base = STAR_RULES[i % STAR_RULES.length];
    const revision = Math.floor(i / STAR_RULES.length);
    const day = rng.int(starOpen + revision * 300, ctx.today);
    const year = yearOfDay(day);
    const title = revision === 0 ? base[0] : `${base[0]}（${year}年修订）`;
    rows.push({ id: ctx.nextId('policy'), title, reference_number: base[1].replace('2019', String(revision ? year : 2019)), region: '科创板', scope: '', put_time: ymdOfDay(day) });
  }
  // Each issuer writes about its own remit.
  const issuers: [string, string, string[]][] = [
    ['国家卫生健康委', '国卫医发', ['推进互联网医疗服务发展', '推动公立医院高质量发展', '规范互联网诊疗活动', '规范医疗美容服务', '推进健康中国行动']],
    ['国家药监局', '国药监药注', ['加强医疗器械注册管理', '促进创新药高质量发展', '加强罕见病用药保障']],
    ['国家医保局', '医保发', ['开展DRG/DIP支付方式改革', '完善药品集中带量采购', '加强罕见病用药保障']],
    ['国务院办公厅', '国办发', ['深化医药卫生体制改革', '支持社会办医', '推进健康中国行动']],
    ['国家中医药局', '国中医药医政发', ['促进中医药传承创新发展']],
    ['工业和信息化部等九部门', '工信部联规', ['加快医学人工智能应用', '加快生物医药产业发展']],
  ];
  const topics = [...new Set(issuers.flatMap(([, , t]) => t))];
  const first = dayOfYmd(20150101);
  for (let i = ctx.volume(600, 20); i > 0; i--) {
    const day = rng.int(first, ctx.today);
    const year = yearOfDay(day);
    let title: string;
    let ref: string;
    if (rng.chance(0.65)) {
      const [issuer, abbr, own] = rng.pick(issuers);
      const topic = rng.pick(own);
      title = `${issuer}关于${topic}的${rng.pick(['通知', '指导意见', '若干措施', '实施意见'])}`;
      ref = `${abbr}〔${year}〕${rng.int(1, 120)}号`;
    } else {
      const prov = rng.pick(PROVINCES.slice(0, 31));
      const topic = rng.pick(topics);
      title = `${provinceFullName(prov)}人民政府办公厅关于${topic}的${rng.pick(['实施方案', '行动计划', '若干政策措施'])}`;
      ref = `${prov.slice(0, 1)}政办发〔${year}〕${rng.int(1, 90)}号`;
    }
    rows.push({ id: ctx.nextId('policy'), title, reference_number: ref, region: '', scope: '医疗健康', put_time: ymdOfDay(day) });
  }
  return rows;
}

export function generateBrokerReports(ctx: SeedContext, medical: MedicalCompany[]): Row[] {
  const rng = ctx.rng('broker-reports');
  // Brokers cover listed companies.
  const listed = medical.filter((m) => m.ipo);
  const covered = listed.length ? listed : medical;
  const tags = MEDICAL_TAGS.flatMap((t) => t.children).map((t) => t.name);
  const first = dayOfYmd(20160101);
  const rows: Row[] = [];
  for (let i = ctx.volume(1200, 10); i > 0; i--) {
    const day = Math.max(first, ctx.today - Math.floor(-Math.log(1 - rng.next()) * 900));
    const year = yearOfDay(day);
    const title = rng.pick([
      () => `医药生物行业周报：${rng.pick(tags)}板块${rng.pick(['持续回暖', '估值修复', '关注业绩拐点', '创新驱动成长'])}`,
      () => `${rng.pick(covered).company.name}深度报告：${rng.pick(['平台型龙头初具规模', '管线进入收获期', '国产替代正当时', '出海打开第二增长曲线'])}`,
      () => `${rng.pick(tags)}行业${year}年度策略：${rng.pick(['拥抱创新', '把握结构性机会', '政策边际改善', '需求持续释放'])}`,
      () => `${rng.pick(tags)}专题研究：${rng.pick(['市场空间测算', '竞争格局梳理', '技术路线对比', '海外经验借鉴'])}`,
    ])();
    const id = ctx.nextId('brokerReport');
    rows.push({ id, name: brokerName(rng), title, url: `https://static.example.com/reports/${id}.pdf`, time: ymdOfDay(day) });
  }
  return rows;
}
