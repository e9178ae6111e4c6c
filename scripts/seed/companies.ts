/**
 * The company database rows and their financing histories. Area generators (closures,
 * STAR market, healthcare) make their companies here so names stay unique and
 * companies.total_money / round_id / last_invse_date always agree with invest_events.
 */
import type { SeedContext } from './context.ts';
import { trimZeros, UNDISCLOSED, USD_CNY, WAN_PER_YI } from '#shared/amounts';
import { ymdParts } from '#shared/dates';
import { dayOfYearStart, yearOfDay, ymdOfDay } from './dates.ts';
import type { Firm, FirmPool } from './firms.ts';
import { pickPlace } from './places.ts';
import type { Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { businessesFor, ROUND, ROUND_MEDIAN_MONEY, sectorById } from './taxonomy.ts';
import { brandName, corporateInvestor, description, personName, slogan } from './words.ts';

export interface Company {
  id: number;
  name: string;
  fullName: string;
  slogan: string;
  des: string;
  prov: string;
  city: string;
  catId: number;
  seCatId: number;
  bornDay: number;
  roundId: number;
  totalMoney: number;
  valuation: number;
  lastInvseDate: number;
  isMedical: boolean;
}

export interface EventInvestor {
  invstId: number;
  invstName: string;
  invstType: 'unstruct' | 'com' | 'invst' | 'person';
}

export interface InvestEvent {
  id: number;
  comId: number;
  roundId: number;
  money: number;
  guessMoney: string;
  day: number;
  scope: string;
  investors: EventInvestor[];
}

export interface CompanyStore {
  companies: Company[];
  events: InvestEvent[];
  /** Makes a company (no financing yet). */
  make(rng: Rng, opts: { catId: number; seCatId: number; bornDay: number; isMedical?: boolean; joint?: boolean }): Company;
  /** Adds a financing history and sets the company's round, totals and valuation from it. */
  finance(rng: Rng, company: Company, opts: FinanceOptions): InvestEvent[];
  companyRows(): Row[];
  eventRows(): Row[];
  eventInvestorRows(): Row[];
}

export interface FinanceOptions {
  rounds: number[];
  /** Events happen between these days. */
  fromDay: number;
  toDay: number;
  scope: string;
  /** The firms that back this company; events draw their firm investors from here. */
  backers?: Firm[];
  firms: FirmPool;
}

/** Rounds money to how amounts are announced: 350万, 4200万, 1.5亿. */
function niceMoney(v: number): number {
  if (v < 1000) return Math.max(50, Math.round(v / 50) * 50);
  if (v < 10000) return Math.round(v / 100) * 100;
  if (v < 100000) return Math.round(v / 1000) * 1000;
  return Math.round(v / 10000) * 10000;
}

/** The amount as the product shows it: exact (5000万人民币, 1.2亿人民币, 2000万美元) or fuzzy (数千万人民币). */
function guessMoney(rng: Rng, money: number, roundId: number): string {
  const r = rng.next();
  if (r < 0.08) return UNDISCLOSED;
  if (r < 0.45) {
    if (money < 1000) return '数百万人民币';
    if (money < 9000) return '数千万人民币';
    if (money < 10000) return '近亿人民币';
    if (money < 100000) return '数亿人民币';
    return '数十亿人民币';
  }
  // Later rounds are often priced in US dollars (1 USD = 7 RMB here).
  if (roundId >= ROUND.b && rng.chance(0.4)) {
    const usd = money / USD_CNY;
    return usd >= WAN_PER_YI ? `${trimZeros((usd / WAN_PER_YI).toFixed(1))}亿美元` : `${Math.round(usd / 100) * 100}万美元`;
  }
  return money >= WAN_PER_YI ? `${trimZeros((money / WAN_PER_YI).toFixed(2))}亿人民币` : `${money}万人民币`;
}

const INVESTOR_COUNT_BY_STAGE = (roundId: number) => (roundId <= ROUND.angel ? [1, 1, 2] : roundId <= ROUND.aPlus ? [1, 2, 2, 3] : [2, 3, 3, 4]);

export function createCompanyStore(ctx: SeedContext): CompanyStore {
  const names = new Set<string>();
  const companies: Company[] = [];
  const events: InvestEvent[] = [];
  const eventsOf = new Map<number, InvestEvent[]>();
  // Descriptions draw from their own stream: rewording them never shifts the data of the areas that make companies.
  const desRng = ctx.rng('companies:descriptions');
  // Financial advisers (FA) of deals from A rounds on, in their own stream so that no other data
  // moves: about 3 in 10 healthcare deals and 1 in 10 others name an FA firm among the participants,
  // the busiest FAs most often. FAs work across sectors, so a firm's deals of all areas outnumber its
  // healthcare ones (the healthcare home ranks FAs by healthcare deals, then by all their deals).
  const faRng = ctx.rng('events:advisers');
  let advisers: Firm[] | undefined;
  function withAdviser(list: EventInvestor[], roundId: number, opts: FinanceOptions): EventInvestor[] {
    if (roundId <= ROUND.angel) return list;
    advisers ??= opts.firms.firms.filter((f) => f.isFa);
    if (!advisers.length || !faRng.chance(opts.scope === '医疗健康' ? 0.3 : 0.1)) return list;
    const fa = advisers[Math.floor(faRng.next() ** 2 * advisers.length)];
    return list.some((i) => i.invstId === fa.id) ? list : [...list, { invstId: fa.id, invstName: fa.name, invstType: 'invst' }];
  }

  function eventInvestors(rng: Rng, company: Company, roundId: number, opts: FinanceOptions): EventInvestor[] {
    const out: EventInvestor[] = [];
    const seen = new Set<string>();
    const n = rng.pick(INVESTOR_COUNT_BY_STAGE(roundId));
    for (let i = 0; i < n; i++) {
      const r = rng.next();
      let inv: EventInvestor;
      const backer = opts.backers?.length ? rng.pick(opts.backers) : undefined;
      if (r < 0.72 && (backer || !opts.backers)) {
        const firm = backer ?? opts.firms.investorFor(rng, company.catId);
        inv = { invstId: firm.id, invstName: firm.name, invstType: 'invst' };
      } else if (r < 0.84 && roundId <= ROUND.aPlus) {
        inv = { invstId: 0, invstName: personName(rng), invstType: 'person' };
      } else if (r < 0.93) {
        inv = { invstId: 0, invstName: corporateInvestor(rng), invstType: 'com' };
      } else {
        inv = { invstId: 0, invstName: rng.pick(['未透露', '个人投资者', '某上市公司', '某产业资本']), invstType: 'unstruct' };
      }
      if (seen.has(inv.invstName)) continue;
      seen.add(inv.invstName);
      out.push(inv);
    }
    return out;
  }

  return {
    companies,
    events,
    make(rng, opts) {
      const sector = sectorById.get(opts.catId)!;
      const subSector = sector.children.find((c) => c.id === opts.seCatId)!;
      let name = '';
      for (let attempt = 0; !name || names.has(name); attempt++) name = brandName(rng, attempt);
      names.add(name);
      const place = pickPlace(rng);
      // Never founded before the sub-sector existed (an AI-chip designer is not from 2004); a later
      // day inside the first years of the sub-sector, spread by id, keeps the other streams unshifted.
      const id = ctx.nextId('company');
      const firstDay = dayOfYearStart(subSector.since);
      const bornDay = opts.bornDay >= firstDay ? opts.bornDay : firstDay + ((id * 7919) % 730);
      const bornYear = yearOfDay(bornDay);
      const business = rng.pick(businessesFor(subSector, bornYear));
      const fullName = `${place.city}${name}${rng.pick(sector.nameWord)}${opts.joint ? '股份有限公司' : '有限公司'}`;
      const company: Company = {
        id,
        name,
        fullName,
        slogan: slogan(rng, business),
        des: description(desRng, { name, fullName, business, products: subSector.products, bornYear, city: place.city }),
        prov: place.prov,
        city: place.city,
        catId: opts.catId,
        seCatId: opts.seCatId,
        bornDay,
        roundId: ROUND.unfunded,
        totalMoney: 0,
        valuation: 0,
        lastInvseDate: 0,
        isMedical: opts.isMedical ?? false,
      };
      companies.push(company);
      return company;
    },
    finance(rng, company, opts) {
      // No round before the company was founded (make() may have moved a founding day later).
      const fromDay = Math.min(Math.max(opts.fromDay, company.bornDay + 30), Math.max(opts.fromDay, opts.toDay));
      const span = Math.max(1, opts.toDay - fromDay);
      // Sorted random days, one per round, so later rounds come later.
      const days = opts.rounds.map(() => fromDay + Math.floor(rng.next() * span)).sort((a, b) => a - b);
      const made: InvestEvent[] = opts.rounds.map((roundId, i) => {
        const money = niceMoney(rng.logNormal(ROUND_MEDIAN_MONEY[roundId], 0.55));
        return {
          id: ctx.nextId('event'),
          comId: company.id,
          roundId,
          money,
          guessMoney: guessMoney(rng, money, roundId),
          day: days[i],
          scope: opts.scope,
          investors: withAdviser(eventInvestors(rng, company, roundId, opts), roundId, opts),
        };
      });
      events.push(...made);
      const all = [...(eventsOf.get(company.id) ?? []), ...made];
      eventsOf.set(company.id, all);
      if (made.length) {
        const last = made[made.length - 1];
        company.roundId = last.roundId;
        company.totalMoney = all.reduce((s, e) => s + e.money, 0);
        company.lastInvseDate = ymdOfDay(last.day);
        // Post-money valuation: the last round bought 8%-30% of the company.
        company.valuation = niceMoney(last.money / (0.08 + rng.next() * 0.22));
      }
      return made;
    },
    companyRows: () =>
      companies.map((c) => {
        const born = ymdOfDay(c.bornDay);
        return {
          id: c.id,
          name: c.name,
          full_name: c.fullName,
          logo: '',
          slogan: c.slogan,
          des: c.des,
          url: `https://www.example.com/company/${c.id}`,
          prov: c.prov,
          city: c.city,
          cat_id: c.catId,
          se_cat_id: c.seCatId,
          born_year: ymdParts(born).y,
          born_month: ymdParts(born).m,
          round_id: c.roundId,
          total_money: c.totalMoney,
          valuation: c.valuation,
          last_invse_date: c.lastInvseDate,
          is_medical: c.isMedical ? 1 : 0,
        };
      }),
    eventRows: () =>
      events.map((e) => ({
        id: e.id,
        com_id: e.comId,
        round_id: e.roundId,
        money: e.money,
        guess_money: e.guessMoney,
        date: ymdOfDay(e.day),
        scope: e.scope,
      })),
    eventInvestorRows: () =>
      events.flatMap((e) =>
        e.investors.map((i) => ({ event_id: e.id, invst_id: i.invstId, invst_name: i.invstName, invst_type: i.invstType })),
      ),
  };
}

/**
 * The ladder of rounds a company climbed to reach `finalRound`: always the first and the
 * last, each rung between with some probability (many companies skip Pre-A or A+).
 */
export function roundPath(rng: Rng, finalRound: number): number[] {
  if (finalRound === ROUND.unfunded || finalRound === ROUND.unknown) return [];
  if (finalRound === ROUND.strategic || finalRound === ROUND.acquired || finalRound === ROUND.neeq) {
    return [...roundPath(rng, rng.pick([ROUND.angel, ROUND.a, ROUND.b])), finalRound];
  }
  const path: number[] = [];
  const first = finalRound <= ROUND.angel ? finalRound : rng.chance(0.3) ? ROUND.seed : ROUND.angel;
  path.push(first);
  for (let r = first + 1; r < finalRound; r++) {
    if (r === ROUND.preIpo || r === ROUND.f) {
      if (rng.chance(0.2)) path.push(r);
    } else if (r === ROUND.preA || r === ROUND.aPlus || r === ROUND.preB || r === ROUND.bPlus || r === ROUND.cPlus) {
      if (rng.chance(0.35)) path.push(r);
    } else if (r !== ROUND.ipo && r !== ROUND.postIpo) {
      if (rng.chance(0.85)) path.push(r);
    }
  }
  if (finalRound !== first) path.push(finalRound);
  return path;
}
