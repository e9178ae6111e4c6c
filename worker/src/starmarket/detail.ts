/**
 * /starmarket/detail: one STAR-market company for /kcb/{id}: the company card and project-info
 * fields (com_info), the listing stages in order (star_market_state), the financing records
 * newest first (com_invse; a non-VIP sees NON_VIP_INVSE of them with the true count_invse_num)
 * and the company's news newest first (com_news). The disclosures come from /starmarket/info_disclosure.
 */
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  companies,
  investEventInvestors as iei,
  investEvents as ev,
  news,
  rounds,
  sectors,
  starmarketCompanies as m,
  starmarketStages,
  starmarketStates,
} from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { formatYmd } from '#shared/dates';
import { NON_VIP_INVSE } from './constants';

const s1 = alias(sectors, 'cat');
const s2 = alias(sectors, 'se_cat');

/** News of one company (news_com_idx); a company has a handful, this bounds a bad row set. */
const NEWS_LIMIT = 50;
/** A VIP sees every financing record (a company has at most a few dozen). */
const ALL_INVSE = 500;

export async function starDetail(db: Db, mComId: number, opts: { vip: boolean }) {
  const info = await db
    // Only the company database's own fields: D1 names result columns by name, so columns that
    // share a name across the joined tables (cat_id, total_money…) would overwrite each other.
    .select({
      m,
      c: { logo: sql<string>`${companies.logo}`.as('c_logo'), url: companies.url, des: companies.des, bornYear: companies.bornYear, bornMonth: companies.bornMonth },
      catName: sql<string>`${s1.name}`.as('cat_name'),
      seCatName: sql<string>`${s2.name}`.as('se_cat_name'),
      stateName: sql<string>`${starmarketStates.name}`.as('state_name'),
    })
    .from(m)
    .leftJoin(companies, eq(companies.id, m.comId))
    .leftJoin(s1, eq(s1.id, m.catId))
    .leftJoin(s2, eq(s2.id, m.seCatId))
    .leftJoin(starmarketStates, eq(starmarketStates.id, m.stateId))
    .where(eq(m.mComId, mComId))
    .get();
  if (!info) throw new ApiError('NOT_FOUND', '该科创板公司不存在');
  const comId = info.m.comId;
  const [stages, events, countRows, newsRows] = await db.batch([
    db.select().from(starmarketStages).where(eq(starmarketStages.mComId, mComId)).orderBy(asc(starmarketStages.seq)),
    db
      .select({ id: ev.id, date: ev.date, money: ev.money, guess: ev.guessMoney, round: rounds.name })
      .from(ev)
      .leftJoin(rounds, eq(rounds.id, ev.roundId))
      .where(eq(ev.comId, comId))
      .orderBy(desc(ev.date), desc(ev.id))
      .limit(opts.vip ? ALL_INVSE : NON_VIP_INVSE),
    db.select({ n: sql<number>`count(*)` }).from(ev).where(eq(ev.comId, comId)),
    db
      .select({ url: news.url, title: news.title, date: news.date })
      .from(news)
      .where(eq(news.comId, comId))
      .orderBy(desc(news.date), desc(news.id))
      .limit(NEWS_LIMIT),
  ]);
  const investors = events.length
    ? await db
        .select({ eventId: iei.eventId, id: iei.invstId, name: iei.invstName, seq: sql<number>`rowid` })
        .from(iei)
        .where(inArray(iei.eventId, events.map((e) => e.id)))
    : [];
  // Sorted by rowid: the order the event names its investors (lead first), whatever index the query uses.
  investors.sort((a, b) => a.seq - b.seq);
  const c = info.c;
  return {
    com_info: {
      m_com_id: info.m.mComId,
      com_id: comId,
      com_registered_name: info.m.comRegisteredName,
      com_name: info.m.comName,
      // Stored in 万元; the project-info table shows 亿元.
      planIssueCapital: Math.round(info.m.planIssueCapital / 100) / 100,
      state_id: info.m.stateId,
      state_sub_name: info.stateName ?? '',
      organization_name: info.m.organizationName,
      representative: info.m.representative,
      accounting_firm: info.m.accountingFirm,
      accountant: info.m.accountant,
      law_firm: info.m.lawFirm,
      lawyer: info.m.lawyer,
      evaluator_firm: info.m.evaluatorFirm,
      evaluator: info.m.evaluator,
      acceptance_time: formatYmd(info.m.acceptanceTime),
      acceptance_update_time: formatYmd(info.m.acceptanceUpdateTime),
      com_logo: info.m.comLogo || c?.logo || '',
      com_url: c?.url ?? '',
      com_slogan: info.m.comSlogan,
      com_born_year: c?.bornYear ?? 0,
      com_born_month: c?.bornMonth ?? 0,
      com_prov: info.m.comProv,
      com_city: info.m.comCity,
      cat_name: info.catName ?? '',
      se_cat_name: info.seCatName ?? '',
      com_des: c?.des ?? '',
    },
    com_invse: events.map((e) => ({
      date: formatYmd(e.date),
      round: e.round ?? '',
      money: e.money,
      money_text: e.guess,
      investors: investors.filter((i) => i.eventId === e.id).map((i) => ({ id: i.id > 0 ? i.id : null, name: i.name })),
      investevents_id: e.id,
    })),
    count_invse_num: countRows[0]?.n ?? 0,
    com_news: newsRows.map((n) => ({ url: n.url, title: n.title, time: formatYmd(n.date) })),
    star_market_state: stages.map((s) => ({ id: s.seq, state_sub_name: s.stateSubName, time: formatYmd(s.time), state: s.state })),
  };
}
