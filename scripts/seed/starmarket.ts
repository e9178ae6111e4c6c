/**
 * STAR-market (科创板) applicants and listed companies: the review timeline (stages), filings
 * (disclosures), financing before the application, and news. A company's state is the last
 * stage it reached by "now"; stopped processes end in a 中止 (7) or 终止 (8) stage.
 */
import type { Company, CompanyStore } from './companies.ts';
import { roundPath } from './companies.ts';
import type { SeedContext } from './context.ts';
import { dayOfYmd, yearOfDay, ymdOfDay } from './dates.ts';
import { distinctInvestors, type FirmPool } from './firms.ts';
import { medicalTagsFor } from './medical-tags.ts';
import type { Rng } from './prng.ts';
import type { Row } from './sql.ts';
import { DISCLOSURE_TYPES, ROUND, STAR_STATE, STAR_STATES } from './taxonomy.ts';
import { personName, proFirm } from './words.ts';

export interface StarCompany {
  mComId: number;
  company: Company;
  stateId: number;
  stages: { seq: number; name: string; day: number; state: number }[];
  acceptanceDay: number;
  updateDay: number;
  /** Planned raise (拟募资金额) in 万元: the row's figure, which the company's news quotes. */
  planWan: number;
}

/** Sub-sectors that apply to the STAR market (hard tech), with weights. */
const STAR_SUBSECTORS: [number, number][] = [
  [905, 16], [903, 5], [901, 4], [904, 2], [2001, 10], [2002, 12], [2003, 9], [2004, 4], [2005, 5],
  [401, 11], [402, 10], [1901, 4], [1904, 3], [1903, 2], [201, 4], [202, 2], [207, 2], [208, 3], [803, 2], [804, 2],
];
/** Final states: half listed, a fifth terminated, the rest in review. */
const FINAL_STATES = [6, 8, 7, 5, 4, 3, 2, 1];
const FINAL_STATE_WEIGHTS = [50, 20, 4, 4, 4, 4, 10, 4];
/** Days between consecutive stages (min, max). */
const GAPS: Record<number, [number, number]> = { 2: [10, 30], 3: [60, 200], 4: [3, 20], 5: [10, 60], 6: [15, 45] };

const STAR_OPEN = dayOfYmd(20190318);

function timeline(rng: Rng, acceptance: number, target: number, today: number) {
  const days: number[] = [acceptance];
  for (let s = 2; s <= 6; s++) days.push(days[days.length - 1] + rng.int(...GAPS[s]));
  const stopped = target === STAR_STATE.suspended || target === STAR_STATE.terminated;
  // A stopped review stopped after 1-3 normal stages; others reached `target`, unless that lies after today.
  const reachedNormal = stopped ? rng.int(1, 3) : target;
  let reached = 0;
  for (let s = 1; s <= reachedNormal; s++) if (days[s - 1] <= today) reached = s;
  const stages: StarCompany['stages'] = [];
  if (stopped) {
    for (let s = 1; s <= reached; s++) stages.push({ seq: s, name: STAR_STATES[s - 1].name, day: days[s - 1], state: s });
    const stopDay = Math.min(today, days[reached - 1] + rng.int(20, 120));
    stages.push({ seq: reached + 1, name: STAR_STATES[target - 1].name, day: stopDay, state: target });
    return { stages, stateId: target, updateDay: stopDay };
  }
  for (let s = 1; s <= 6; s++) stages.push({ seq: s, name: STAR_STATES[s - 1].name, day: s <= reached ? days[s - 1] : 0, state: s });
  return { stages, stateId: reached, updateDay: days[reached - 1] };
}

export function generateStarMarket(ctx: SeedContext, store: CompanyStore, firms: FirmPool) {
  const rng = ctx.rng('starmarket');
  // Planned raises in their own stream: the company's row and its news both quote them.
  const plans = ctx.rng('starmarket:plans');
  const n = ctx.volume(800, 10);
  const subIds = STAR_SUBSECTORS.map(([id]) => id);
  const subWeights = STAR_SUBSECTORS.map(([, w]) => w);
  const out: StarCompany[] = [];
  const medicalTagRows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const seCatId = rng.weighted(subIds, subWeights);
    const catId = Math.floor(seCatId / 100);
    const target = rng.weighted(FINAL_STATES, FINAL_STATE_WEIGHTS);
    const latest = ctx.today - (target === STAR_STATE.issued ? 420 : target === STAR_STATE.accepted ? 5 : 60);
    const earliest = target === STAR_STATE.issued || target === STAR_STATE.terminated ? STAR_OPEN : Math.max(STAR_OPEN, ctx.today - 500);
    const acceptance = rng.int(earliest, Math.max(earliest, latest));
    const bornDay = acceptance - rng.int(5 * 365, 20 * 365);
    const isMedical = catId === 4;
    const company = store.make(rng, { catId, seCatId, bornDay, isMedical, joint: true });
    if (isMedical) medicalTagRows.push(...medicalTagsFor(rng, company));
    const { stages, stateId, updateDay } = timeline(rng, acceptance, target, ctx.today);

    // Financing up to the application; a listed company's last event is its IPO.
    const finalRound = rng.weighted([ROUND.b, ROUND.c, ROUND.d, ROUND.e, ROUND.preIpo, ROUND.strategic], [15, 30, 20, 8, 20, 7]);
    const rounds = roundPath(rng, finalRound);
    const backers = distinctInvestors(firms, rng, catId, rng.int(3, 8));
    const scope = isMedical ? '医疗健康' : '';
    store.finance(rng, company, { rounds, fromDay: bornDay + 180, toDay: acceptance - 30, scope, backers, firms });
    if (stateId === STAR_STATE.issued) {
      const issuedDay = stages[5].day;
      const ipo = store.finance(rng, company, { rounds: [ROUND.ipo], fromDay: issuedDay, toDay: issuedDay, scope, firms, backers: [] });
      ipo[0].investors = [{ invstId: 0, invstName: '公开发行', invstType: 'unstruct' }];
    }
    const planWan = Math.round(plans.logNormal(80000, 0.6) / 100) * 100;
    out.push({ mComId: ctx.nextId('starCompany'), company, stateId, stages, acceptanceDay: acceptance, updateDay, planWan });
  }
  return { starCompanies: out, medicalTagRows };
}

export function starMarketRows(ctx: SeedContext, list: StarCompany[]) {
  const rng = ctx.rng('starmarket:rows');
  const companies: Row[] = [];
  const stages: Row[] = [];
  const disclosures: Row[] = [];
  for (const s of list) {
    const c = s.company;
    const listed = s.stateId === STAR_STATE.issued;
    const plan = s.planWan;
    const raised = listed ? Math.round((plan * (0.7 + rng.next() * 0.9)) / 100) * 100 : 0;
    companies.push({
      m_com_id: s.mComId,
      com_id: c.id,
      com_name: c.name,
      com_registered_name: c.fullName,
      com_logo: '',
      com_slogan: c.slogan,
      com_prov: c.prov,
      com_city: c.city,
      cat_id: c.catId,
      se_cat_id: c.seCatId,
      state_id: s.stateId,
      is_listed: listed ? 1 : 0,
      acceptance_time: ymdOfDay(s.acceptanceDay),
      acceptance_update_time: ymdOfDay(s.updateDay),
      plan_issue_capital: plan,
      count_money: listed ? Math.round(rng.logNormal(900000, 0.8) / 1000) * 1000 : 0,
      money: raised,
      total_money: c.totalMoney,
      organization_name: proFirm(rng, 'sponsor'),
      representative: `${personName(rng)}、${personName(rng)}`,
      accounting_firm: proFirm(rng, 'accounting'),
      accountant: `${personName(rng)}、${personName(rng)}`,
      law_firm: proFirm(rng, 'law'),
      lawyer: `${personName(rng)}、${personName(rng)}`,
      evaluator_firm: proFirm(rng, 'evaluator'),
      evaluator: `${personName(rng)}、${personName(rng)}`,
    });
    for (const st of s.stages) stages.push({ m_com_id: s.mComId, seq: st.seq, state_sub_name: st.name, time: st.day ? ymdOfDay(st.day) : 0, state: st.state });
    disclosures.push(...filings(ctx, rng, s));
  }
  return {
    starmarket_states: STAR_STATES.map((st) => ({ id: st.id, name: st.name, sort: st.id })),
    disclosure_types: DISCLOSURE_TYPES.map((t) => ({ id: t.id, name: t.name })),
    starmarket_companies: companies,
    starmarket_stages: stages,
    disclosures,
  };
}

/** The filings a review produces at each stage it reached. */
function filings(ctx: SeedContext, rng: Rng, s: StarCompany): Row[] {
  const name = s.company.fullName;
  const title = `${name}首次公开发行股票并在科创板上市`;
  const out: Row[] = [];
  const add = (typeId: number, fileName: string, planned: number) => {
    const day = Math.min(planned, ctx.today);
    const id = ctx.nextId('disclosure');
    out.push({ id, m_com_id: s.mComId, type_id: typeId, file_name: fileName, url: `https://static.example.com/kcb/disclosure/${id}.pdf`, disclosure_time: ymdOfDay(day) });
  };
  const dayOf = (state: number) => s.stages.find((st) => st.state === state && st.day)?.day;
  const accepted = dayOf(1)!;
  add(1, `${title}招股说明书（申报稿）`, accepted);
  add(4, `关于${name}首次公开发行股票并在科创板上市之发行保荐书`, accepted);
  add(5, `关于${name}首次公开发行股票并在科创板上市之上市保荐书`, accepted);
  add(6, `关于${title}的法律意见书`, accepted);
  add(7, `${name}审计报告`, accepted);
  const inquired = dayOf(2);
  if (inquired) {
    const rounds = rng.int(1, 3);
    const labels = ['', '第二轮', '第三轮'];
    for (let r = 0; r < rounds; r++) {
      add(2, `关于${name}首次公开发行股票并在科创板上市申请文件的${labels[r]}审核问询函`, inquired + r * 40);
      add(3, `关于${name}首次公开发行股票并在科创板上市申请文件的${labels[r]}审核问询函的回复`, inquired + r * 40 + rng.int(15, 35));
    }
  }
  const committee = dayOf(3);
  if (committee) {
    add(1, `${title}招股说明书（上会稿）`, committee - 7);
    add(8, `科创板上市委${yearOfDay(committee)}年第${rng.int(1, 90)}次审议会议结果公告`, committee);
  }
  const submitted = dayOf(4);
  if (submitted) add(1, `${title}招股说明书（注册稿）`, submitted);
  const registered = dayOf(5);
  if (registered) add(9, `关于同意${name}首次公开发行股票注册的批复`, registered);
  const stop = s.stages.find((st) => st.state === STAR_STATE.suspended || st.state === STAR_STATE.terminated);
  if (stop) add(stop.state === STAR_STATE.suspended ? 10 : 11, `关于${stop.state === STAR_STATE.suspended ? '中止' : '终止'}对${name}首次公开发行股票并在科创板上市审核的决定`, stop.day);
  if (rng.chance(0.3)) add(12, `${name}关于更新财务资料的说明`, s.updateDay);
  return out;
}
