/**
 * Healthcare companies (companies.is_medical = 1) with atlas tags, their financing events
 * (scope 医疗健康; the volume is exact: 8,000 at scale 1) and IPOs. A few companies raised
 * money in the last days before "now", so the daily digest has something to send.
 */
import type { Company, CompanyStore } from './companies.ts';
import type { SeedContext } from './context.ts';
import { dayOfYmd, ymdOfDay } from './dates.ts';
import type { FirmPool } from './firms.ts';
import { medicalTagsFor } from './medical-tags.ts';
import { zipf, type Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { IPO_PLATFORM_WEIGHTS, MEDICAL_SECTOR_ID, ROUND, sectorById } from './taxonomy.ts';
import { formatValuation } from '#shared/amounts';

const LADDER = [ROUND.seed, ROUND.angel, ROUND.preA, ROUND.a, ROUND.aPlus, ROUND.b, ROUND.bPlus, ROUND.c, ROUND.cPlus, ROUND.d, ROUND.e, ROUND.f, ROUND.preIpo, ROUND.ipo];
const MAX_EVENTS = 12;
const CHART_START = dayOfYmd(20100101);

/** k rounds climbing the ladder; past its top a company only takes strategic money. */
function ladder(rng: Rng, k: number): number[] {
  let at = rng.weighted([0, 1, 2, 3], [2, 6, 1, 1]);
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    if (at >= LADDER.length) {
      out.push(ROUND.strategic);
      continue;
    }
    out.push(LADDER[at]);
    at += 1 + (rng.chance(0.4) ? 1 : 0);
  }
  // Some well-funded companies went public (Hong Kong's 18A rule lets biotechs list early).
  const ipo = (k >= 5 && rng.chance(0.25)) || (k >= 3 && rng.chance(0.05));
  if (ipo) out[out.length - 1] = ROUND.ipo;
  else if (out[out.length - 1] === ROUND.ipo) out[out.length - 1] = ROUND.strategic;
  return out;
}

export interface MedicalCompany {
  company: Company;
  ipo?: { day: number; money: number };
}

export function generateMedical(ctx: SeedContext, store: CompanyStore, firms: FirmPool) {
  const rng = ctx.rng('medical');
  const n = ctx.volume(3000, 15);
  const totalEvents = Math.max(n, ctx.volume(8000, 40));
  const sector = sectorById.get(MEDICAL_SECTOR_ID)!;
  const subWeights = [30, 28, 14, 14, 8, 6];
  const list: MedicalCompany[] = [];
  const tagRows: Row[] = [];
  const firstBorn = dayOfYmd(20050101);
  for (let i = 0; i < n; i++) {
    const sub = rng.weighted(sector.children, subWeights);
    // Founding years cluster in 2014-2021, the healthcare boom.
    const spread = (rng.next() + rng.next() + rng.next() - 1.5) * 2200;
    const bornDay = Math.min(ctx.today - 200, Math.max(firstBorn, Math.round(dayOfYmd(20170601) + spread)));
    const company = store.make(rng, { catId: MEDICAL_SECTOR_ID, seCatId: sub.id, bornDay, isMedical: true });
    tagRows.push(...medicalTagsFor(rng, company));
    list.push({ company });
  }

  // Every company has one event; the rest go to a heavy tail of well-funded companies.
  const eventsPer = new Map<number, number>(list.map((m) => [m.company.id, 1]));
  const pick = zipf(rng.sample(list, list.length), 0.6);
  for (let extra = totalEvents - n; extra > 0; ) {
    const m = pick(rng);
    const k = eventsPer.get(m.company.id)!;
    if (k >= MAX_EVENTS) continue;
    eventsPer.set(m.company.id, k + 1);
    extra--;
  }

  // These companies announce a round in the last three days.
  const recent = new Set(rng.sample(list, ctx.volume(12, 3)).map((m) => m.company.id));
  for (const m of list) {
    const c = m.company;
    const rounds = ladder(rng, eventsPer.get(c.id)!);
    const fromDay = Math.max(CHART_START, c.bornDay + 90);
    const toDay = ctx.today - 1;
    const made = store.finance(rng, c, { rounds, fromDay: Math.min(fromDay, toDay - 1), toDay, scope: '医疗健康', firms });
    const last = made[made.length - 1];
    if (recent.has(c.id)) {
      const before = made.length > 1 ? made[made.length - 2].day : 0;
      last.day = Math.max(before, ctx.today - rng.int(1, 3));
      c.lastInvseDate = ymdOfDay(last.day);
    }
    if (last.roundId === ROUND.ipo) {
      last.investors = [{ invstId: 0, invstName: '公开发行', invstType: 'unstruct' }];
      m.ipo = { day: last.day, money: last.money };
    }
  }
  return { medical: list, medicalCompanyTagRows: tagRows };
}

export function medicalIpoRows(ctx: SeedContext, list: MedicalCompany[]): Row[] {
  const rng = ctx.rng('medical:ipo');
  const platforms = IPO_PLATFORM_WEIGHTS.map((_, i) => i);
  return list
    .filter((m) => m.ipo)
    .map((m) => {
      const valuation = m.company.valuation;
      return {
        id: ctx.nextId('medicalIpo'),
        com_id: m.company.id,
        ipo_platform: rng.weighted(platforms, IPO_PLATFORM_WEIGHTS),
        time: ymdOfDay(m.ipo!.day),
        money: m.ipo!.money,
        // The company's valuation as its page shows it; '-' is shown as 未透露 (spec §5).
        valuation: rng.chance(0.2) ? '-' : formatValuation(valuation),
      };
    });
}
