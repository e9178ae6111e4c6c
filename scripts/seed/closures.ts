/**
 * Closed companies (死亡公司): the company row, its financing, and the closure's
 * reasons, tracks, albums, tags, team and investors. Close dates run from 2012-01-01 to today and
 * each company was born before it closed (survival_months is a generated column of the two dates).
 */
import type { Company, CompanyStore } from './companies.ts';
import { roundPath } from './companies.ts';
import type { SeedContext } from './context.ts';
import { dayOfYmd, dayOfYearStart, monthsBetween, yearOfDay, ymdOfDay } from './dates.ts';
import { distinctInvestors, type FirmPool } from './firms.ts';
import type { Rng } from './prng.ts';
import type { Row } from './sql.ts';
import {
  ALBUMS,
  CLOSURE_REASONS,
  OPERATING_STATUS_WEIGHTS,
  OPERATING_STATUSES,
  ROUND,
  SECTORS,
  TRACKS,
  sectorById,
  tracksOfSubSector,
  type Sector,
  type SubSector,
  type Track,
} from './taxonomy.ts';
import { POSITIONS_FOUNDER, POSITIONS_TEAM, personName } from './words.ts';
import { HORSE_UNICORN } from '../../worker/src/closure/constants.ts';
import { HORSE_MIN, UNICORN_MIN } from '../../worker/src/medical/constants.ts';

export interface Closure {
  company: Company;
  bornYmd: number;
  closeYmd: number;
  survivalMonths: number;
  operatingStatus: string;
  fundStatusId: number;
  horseUnicorn: 0 | 1 | 2;
  reasons: { id: number; pId: number }[];
  tracks: Track[];
  albums: number[];
  tags: string[];
  team: { id: number; name: string; position: string }[];
  investors: { id: number; name: string }[];
}

/** Share of closures per sector (电子商务 and 金融 lead, as in published death-company reports). */
const SECTOR_WEIGHTS: Record<number, number> = {
  1: 14, 2: 9, 3: 10, 4: 5, 5: 9, 6: 10, 7: 10, 8: 6, 9: 6, 10: 6, 11: 4, 12: 5, 13: 4, 14: 3, 15: 2, 16: 2, 17: 3, 18: 3, 19: 2, 20: 1,
};
/** Closures per year peaked in 2016-2019. */
const YEAR_WEIGHTS: Record<number, number> = {
  2012: 2, 2013: 3, 2014: 7, 2015: 11, 2016: 12, 2017: 12, 2018: 12, 2019: 12, 2020: 9, 2021: 8, 2022: 6, 2023: 3.5, 2024: 2.5, 2025: 1.5,
};
/** Fund status at closing: many closed companies never raised money. */
const FUND_STATUS = [ROUND.unfunded, ROUND.unknown, ROUND.seed, ROUND.angel, ROUND.preA, ROUND.a, ROUND.aPlus, ROUND.b, ROUND.bPlus, ROUND.c, ROUND.cPlus, ROUND.d, ROUND.e, ROUND.strategic, ROUND.neeq];
const FUND_STATUS_WEIGHTS = [24, 5, 6, 27, 6, 14, 4, 6, 2, 2.5, 1, 1, 0.4, 1, 1];

const GENERIC_TAGS = ['移动互联网', 'B2C', 'B2B', 'O2O', '平台', '社区', 'App', '小程序', 'SaaS', '大数据', '人工智能', '共享经济', '订阅制', '会员制', '线下门店', '下沉市场', '女性', '母婴', '90后', '二次元', '跨境', '硬件', '内容', '社交'];

const reasonWeightsFor = (c: Closure, year: number) => (child: { id: number; name: string }) => {
  let w = { 缺乏商业模式: 10, 行业竞争: 12, 市场伪需求: 6, 市场时机不对: 4, 用户留存低: 3, 融资能力不足: 12, 烧钱过快: 5, 现金流断裂: 6, 投资方撤资: 2, 盈利能力差: 5, 团队问题: 5, 创始人问题: 2, 管理不善: 4, 战略失误: 4, 股东矛盾: 2, 政策监管: 3, 牌照问题: 1, 违法违规: 1, 行业整顿: 1, 产品不成熟: 4, 技术瓶颈: 2, 用户体验差: 2, 产品定位不清: 2, 被收购后关停: 0.2, 业务转型: 2, 疫情影响: 0.2, 其他原因: 1 }[child.name] ?? 1;
  const trackNames = c.tracks.map((t) => t.name);
  const regulated = trackNames.includes('P2P网贷') || (c.company.catId === 5 && year >= 2021) || trackNames.includes('区块链');
  if (regulated && ['政策监管', '牌照问题', '行业整顿', '违法违规'].includes(child.name)) w *= 12;
  if (c.company.totalMoney >= 50000 && child.name === '烧钱过快') w *= 6;
  if (year >= 2020 && year <= 2022 && child.name === '疫情影响') w = 8;
  return w;
};

function albumsOf(c: Closure, closeDay: number): number[] {
  const year = yearOfDay(closeDay);
  const tracks = c.tracks.map((t) => t.name);
  const reasons = c.reasons.map((r) => r.id);
  const childName = (id: number) => CLOSURE_REASONS.flatMap((p) => p.children).find((x) => x.id === id)!.name;
  const names = reasons.map(childName);
  const rules: [number, boolean][] = [
    [1, c.company.totalMoney >= 100000],
    [2, c.horseUnicorn === HORSE_UNICORN.unicorn],
    [3, c.horseUnicorn === HORSE_UNICORN.horse],
    [4, tracks.some((t) => t.startsWith('共享'))],
    [5, tracks.includes('P2P网贷') && year >= 2018],
    [6, year === 2018 || year === 2019],
    [7, year >= 2020 && year <= 2022 && names.includes('疫情影响')],
    [8, c.company.catId === 5 && ymdOfDay(closeDay) >= 20210724],
    [9, tracks.includes('新能源造车')],
    [10, tracks.includes('社区团购')],
    [11, names.includes('行业竞争') && c.company.totalMoney >= 10000],
    [12, names.includes('团队问题') || names.includes('创始人问题')],
    [13, c.reasons.some((r) => r.pId === 4)],
    [14, c.survivalMonths < 12],
    [15, c.survivalMonths >= 120],
  ];
  return rules.filter(([, hit]) => hit).map(([id]) => id);
}

/** Survival is at least four months: the earliest founding day is this far before the close. */
const MIN_SURVIVAL_DAYS = 120;

/** A track's weight in a close year: mostly the years the track's companies closed in. */
const trackActivity = (t: Track, year: number) => (TRACK_WEIGHTS[t.name] ?? 1) * (year >= t.from && year <= t.to ? 1 : 0.05);
/** P2P lending was the biggest wave of closures (2018-2019 爆雷潮); the broad 互联网金融 track is the lesser label. */
const TRACK_WEIGHTS: Record<string, number> = { P2P网贷: 3, 互联网金融: 0.5 };

/** First day a company of this sub-sector and track could have been founded. */
const yearStartDays = new Map<number, number>();
const foundingBound = (sub: SubSector, t: Track) => {
  const year = Math.max(sub.since, t.since);
  let day = yearStartDays.get(year);
  if (day === undefined) yearStartDays.set(year, (day = dayOfYearStart(year)));
  return day;
};

/**
 * Sub-sector and track of a company closing on `closeDay`: only sub-sectors with a track, only tracks of
 * the company's sub-sector, and only those that existed long enough before the close (no 共享单车 closed in 2013).
 */
function pickSubSectorAndTrack(rng: Rng, sector: Sector, closeDay: number): { sub: SubSector; track: Track } | undefined {
  const year = yearOfDay(closeDay);
  const latestBorn = closeDay - MIN_SURVIVAL_DAYS;
  const subs: SubSector[] = [];
  const subWeights: number[] = [];
  const tracksOf: Track[][] = [];
  for (const sub of sector.children) {
    const tracks = TRACKS_OF_SUB.get(sub.id)!.filter((t) => foundingBound(sub, t) <= latestBorn);
    if (!tracks.length) continue;
    subs.push(sub);
    tracksOf.push(tracks);
    subWeights.push(Math.max(...tracks.map((t) => trackActivity(t, year))));
  }
  if (!subs.length) return undefined;
  const i = rng.weighted(subs.map((_, k) => k), subWeights);
  const tracks = tracksOf[i];
  return { sub: subs[i], track: rng.weighted(tracks, tracks.map((t) => trackActivity(t, year))) };
}

const TRACKS_OF_SUB = new Map(SECTORS.flatMap((s) => s.children.map((c) => [c.id, tracksOfSubSector(c.id)] as const)));

export function generateClosures(ctx: SeedContext, store: CompanyStore, firms: FirmPool): Closure[] {
  const rng = ctx.rng('closures');
  const n = ctx.volume(6000, 20);
  const first = dayOfYmd(20120101);
  const years = Object.keys(YEAR_WEIGHTS).map(Number);
  const thisYear = yearOfDay(ctx.today);
  for (let y = 2026; y <= thisYear; y++) if (!years.includes(y)) years.push(y);
  const yearWeights = years.map((y) => YEAR_WEIGHTS[y] ?? 1);
  const sectorWeights = SECTORS.map((s) => SECTOR_WEIGHTS[s.id]);
  const out: Closure[] = [];
  for (let i = 0; i < n; i++) {
    const year = Math.min(rng.weighted(years, yearWeights), thisYear);
    const yearStart = Math.max(first, dayOfYearStart(year));
    const yearEnd = Math.min(ctx.today, dayOfYearStart(year + 1) - 1);
    const closeDay = rng.int(yearStart, yearEnd);
    // A sector without a track old enough for this close day (rare) gives way to another one.
    let picked: { sub: SubSector; track: Track } | undefined;
    while (!picked) picked = pickSubSectorAndTrack(rng, rng.weighted(SECTORS, sectorWeights), closeDay);
    const { sub, track } = picked;
    const bound = foundingBound(sub, track);
    const survivalDays = Math.round(Math.min(240, Math.max(4, rng.logNormal(38, 0.6))) * 30.44) + rng.int(0, 20);
    // Founded after the sub-sector and track existed: a survival reaching further back is redrawn inside the window.
    let bornDay = closeDay - survivalDays;
    if (bornDay < bound) bornDay = rng.int(bound, closeDay - MIN_SURVIVAL_DAYS);
    const company = store.make(rng, { catId: Math.floor(sub.id / 100), seCatId: sub.id, bornDay });
    // A second track only when the company also fits it (same sub-sector, founded after it existed).
    const others = TRACKS_OF_SUB.get(sub.id)!.filter((t) => t !== track && foundingBound(sub, t) <= bornDay);
    const tracks = others.length && rng.chance(0.25) ? [track, rng.pick(others)] : [track];
    const c = buildClosure(ctx, rng, company, closeDay, tracks, firms, store);
    out.push(c);
  }
  return out;
}

function buildClosure(ctx: SeedContext, rng: Rng, company: Company, closeDay: number, tracks: Track[], firms: FirmPool, store: CompanyStore): Closure {
  const year = yearOfDay(closeDay);
  const operatingStatus = rng.weighted(OPERATING_STATUSES, OPERATING_STATUS_WEIGHTS);
  let fundStatus: number = rng.weighted(FUND_STATUS, FUND_STATUS_WEIGHTS);
  if (operatingStatus === '被收购后关停') fundStatus = ROUND.acquired;
  const path = roundPath(rng, fundStatus);
  const backerCount = path.length === 0 ? 0 : fundStatus <= ROUND.angel ? rng.int(0, 2) : fundStatus <= ROUND.aPlus ? rng.int(1, 3) : rng.int(2, 4);
  const backers = distinctInvestors(firms, rng, company.catId, backerCount);
  store.finance(rng, company, {
    rounds: path,
    fromDay: company.bornDay + 60,
    toDay: Math.max(company.bornDay + 61, closeDay - 60),
    scope: company.catId === 4 ? '医疗健康' : '',
    backers,
    firms,
  });
  if (path.length === 0) company.roundId = fundStatus;

  const valuation = company.valuation;
  const horseUnicorn: 0 | 1 | 2 = valuation >= UNICORN_MIN ? HORSE_UNICORN.unicorn : valuation >= HORSE_MIN && rng.chance(0.4) ? HORSE_UNICORN.horse : 0;
  const bornYmd = ymdOfDay(company.bornDay);
  const closeYmd = ymdOfDay(closeDay);
  const c: Closure = {
    company,
    bornYmd,
    closeYmd,
    survivalMonths: monthsBetween(bornYmd, closeYmd),
    operatingStatus,
    fundStatusId: company.roundId,
    horseUnicorn,
    reasons: [],
    tracks,
    albums: [],
    tags: [],
    team: [],
    investors: backers.map((f) => ({ id: f.id, name: f.name })),
  };

  const children = CLOSURE_REASONS.flatMap((p) => p.children.map((ch) => ({ ...ch, pId: p.id })));
  const weightOf = reasonWeightsFor(c, year);
  const picked = new Map<number, number>();
  if (operatingStatus === '被收购后关停') picked.set(601, 6);
  const want = rng.weighted([1, 2, 3], [45, 40, 15]);
  const weights = children.map(weightOf);
  while (picked.size < want) {
    const ch = rng.weighted(children, weights);
    picked.set(ch.id, ch.pId);
  }
  c.reasons = [...picked].map(([id, pId]) => ({ id, pId }));
  c.albums = albumsOf(c, closeDay);

  const subName = sectorById.get(company.catId)!.children.find((s) => s.id === company.seCatId)!.name;
  c.tags = [...new Set([subName, ...rng.sample(GENERIC_TAGS, rng.int(0, 2))])];

  const teamSize = rng.weighted([1, 2, 3, 4], [30, 35, 25, 10]);
  const positions = [rng.pick(POSITIONS_FOUNDER), ...rng.sample(POSITIONS_TEAM, teamSize - 1)];
  c.team = positions.map((position) => ({ id: ctx.nextId('closureTeam'), name: personName(rng), position }));
  return c;
}

/** Tag ids are stable per tag name across all closures. */
function tagIds(closures: Closure[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (const s of SECTORS) for (const ch of s.children) ids.set(ch.name, ids.size + 1);
  for (const t of GENERIC_TAGS) if (!ids.has(t)) ids.set(t, ids.size + 1);
  for (const c of closures) for (const t of c.tags) if (!ids.has(t)) ids.set(t, ids.size + 1);
  return ids;
}

export function closureRows(closures: Closure[], incenseByCompany: Map<number, number>): Record<string, Row[]> {
  const tagId = tagIds(closures);
  const rows: Record<string, Row[]> = {
    closures: [],
    closure_company_types: [],
    closure_company_tracks: [],
    closure_company_albums: [],
    closure_company_tags: [],
    closure_teams: [],
    closure_investors: [],
  };
  for (const c of closures) {
    const com = c.company;
    rows.closures.push({
      com_id: com.id,
      com_name: com.name,
      logo: '',
      com_des: com.des,
      com_prov: com.prov,
      cat_id: com.catId,
      se_cat_id: com.seCatId,
      fund_status_id: c.fundStatusId,
      born_date: c.bornYmd,
      close_date: c.closeYmd,
      // close_year and survival_months are generated columns: SQLite derives them from the dates.
      operating_status: c.operatingStatus,
      total_money: com.totalMoney,
      valuation: com.valuation,
      horse_unicorn: c.horseUnicorn,
      incense_total: incenseByCompany.get(com.id) ?? 0,
    });
    for (const r of c.reasons) rows.closure_company_types.push({ com_id: com.id, type_id: r.id, p_id: r.pId, close_date: c.closeYmd });
    for (const t of c.tracks) rows.closure_company_tracks.push({ com_id: com.id, tag_id: t.id, close_date: c.closeYmd });
    for (const a of c.albums) rows.closure_company_albums.push({ com_id: com.id, album_id: a, close_date: c.closeYmd });
    for (const t of c.tags) rows.closure_company_tags.push({ com_id: com.id, tag_id: tagId.get(t)!, tag_name: t });
    for (const m of c.team) rows.closure_teams.push({ id: m.id, com_id: com.id, name: m.name, position: m.position });
    for (const inv of c.investors) rows.closure_investors.push({ com_id: com.id, invst_id: inv.id, invst_name: inv.name });
  }
  return rows;
}

export function closureTaxonomyRows(incenseByReason: Map<number, number>): Record<string, Row[]> {
  return {
    closure_types: CLOSURE_REASONS.flatMap((p, i) => [
      { id: p.id, p_id: 0, name: p.name, sort: i + 1, incense_total: incenseByReason.get(p.id) ?? 0 },
      ...p.children.map((ch, j) => ({ id: ch.id, p_id: p.id, name: ch.name, sort: j + 1, incense_total: incenseByReason.get(ch.id) ?? 0 })),
    ]),
    closure_tracks: TRACKS.map((t, i) => ({ tag_id: t.id, tag_name: t.name, sort: i + 1 })),
    closure_albums: ALBUMS.map((a, i) => ({ album_id: a.id, album_name: a.name, des: a.des, sort: i + 1 })),
  };
}
