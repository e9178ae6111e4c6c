/**
 * STAR-market export kinds (/export/starmarket_company_down): the applicant and listed tabs of
 * /kcb/project and the two exportable rankings of /kcb/rank (financing and opening market value,
 * top 10 by default). Registered with the export pipeline in exports/kinds.ts.
 */
import { eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import { sectors, starmarketCompanies as m, starmarketStates } from '../db';
import { STARMARKET_DOWN_KINDS } from '../exports/constants';
import { slice } from '../exports/schemas';
import type { ExportColumn, ExportKind, ExportQuery } from '../exports/types';
import { MAX_ID, optInt, optText } from '../lib/params';
import { starConditions, starSortKey } from './select';

const COLUMNS: ExportColumn[] = [
  { key: 'com_name', header: '公司简称', width: 16, type: 'text' },
  { key: 'com_registered_name', header: '公司全称', width: 30, type: 'text' },
  { key: 'cat_name', header: '行业', width: 12, type: 'text' },
  { key: 'se_cat_name', header: '子行业', width: 14, type: 'text' },
  { key: 'com_prov', header: '省份', width: 10, type: 'text' },
  { key: 'com_city', header: '城市', width: 10, type: 'text' },
  { key: 'state_name', header: '审核状态', width: 14, type: 'text' },
  { key: 'acceptance_time', header: '受理日期', width: 12, type: 'date' },
  { key: 'acceptance_update_time', header: '更新日期', width: 12, type: 'date' },
  { key: 'plan_issue_capital', header: '拟募资金额(万元)', width: 16, type: 'number' },
  { key: 'total_money', header: '融资总额(万元)', width: 16, type: 'number' },
  { key: 'count_money', header: '开盘市值(万元)', width: 16, type: 'number' },
  { key: 'money', header: '募集资金(万元)', width: 16, type: 'number' },
  { key: 'organization_name', header: '保荐机构', width: 24, type: 'text' },
  { key: 'accounting_firm', header: '会计师事务所', width: 24, type: 'text' },
  { key: 'law_firm', header: '律师事务所', width: 24, type: 'text' },
  { key: 'com_slogan', header: '一句话介绍', width: 40, type: 'text' },
];

const s1 = alias(sectors, 's1');
const s2 = alias(sectors, 's2');

const SELECT = sql`${m.comName} AS com_name, ${m.comRegisteredName} AS com_registered_name, ${s1.name} AS cat_name,
  ${s2.name} AS se_cat_name, ${m.comProv} AS com_prov, ${m.comCity} AS com_city, ${starmarketStates.name} AS state_name,
  ${m.acceptanceTime} AS acceptance_time, ${m.acceptanceUpdateTime} AS acceptance_update_time,
  ${m.planIssueCapital} AS plan_issue_capital, ${m.totalMoney} AS total_money, ${m.countMoney} AS count_money, ${m.money} AS money,
  ${m.organizationName} AS organization_name, ${m.accountingFirm} AS accounting_firm, ${m.lawFirm} AS law_firm, ${m.comSlogan} AS com_slogan`;

const JOINS = sql`LEFT JOIN ${sectors} AS s1 ON ${s1.id} = ${m.catId} LEFT JOIN ${sectors} AS s2 ON ${s2.id} = ${m.seCatId}
  LEFT JOIN ${starmarketStates} ON ${starmarketStates.id} = ${m.stateId}`;

const listFilters = {
  keyword: optText('关键词', 50),
  cat_id: optInt('行业', 1, MAX_ID),
  com_prov: optText('省份', 20),
  ...slice,
};

const applicantParams = z.object({ ...listFilters, state: optInt('审核状态', 1, MAX_ID) });
const listedParams = z.object(listFilters);

const byAcceptance = (where: SQL[]): ExportQuery => ({
  from: sql`${m}`,
  joins: JOINS,
  where,
  key: starSortKey(),
  dir: 'DESC',
  select: SELECT,
});

/** type 1: applicant companies (not yet listed), optionally one review state; newest application first. */
export const starmarketApplicants: ExportKind<z.infer<typeof applicantParams>> = {
  name: STARMARKET_DOWN_KINDS[1],
  level: 'login',
  params: applicantParams,
  columns: COLUMNS,
  title: async () => '科创板申报企业',
  query: (p) => byAcceptance(starConditions(p, 0)),
};

/** type 4: listed companies. */
export const starmarketListed: ExportKind<z.infer<typeof listedParams>> = {
  name: STARMARKET_DOWN_KINDS[4],
  level: 'login',
  params: listedParams,
  columns: COLUMNS,
  title: async () => '科创板上市企业',
  query: (p) => byAcceptance(starConditions(p, 1)),
};

/** The rank page downloads its top 10 ("arguments 10"); up to 100 may be asked for. */
const rankParams = z.object({ number: optInt('导出条数', 1, 100), ...slice });
type RankParams = z.infer<typeof rankParams>;

const RANKED_COLUMNS: ExportColumn[] = [{ key: '_pos', header: '排名', width: 8, type: 'number' }, ...COLUMNS];

const ranking = (measure: typeof m.totalMoney | typeof m.countMoney, where: SQL[], p: RankParams): ExportQuery => ({
  ...byAcceptance([...where, gt(measure, 0)]),
  key: [sql`${measure}`, sql`${m.mComId}`],
  limit: p.number ?? 10,
});

/** type 2: financing total ranking over all STAR-market companies. */
export const starmarketAmountTop: ExportKind<RankParams> = {
  name: STARMARKET_DOWN_KINDS[2],
  level: 'login',
  params: rankParams,
  columns: RANKED_COLUMNS,
  title: async (_d1, p) => `科创板融资TOP${p.number ?? 10}`,
  query: (p) => ranking(m.totalMoney, [], p),
};

/** type 3: opening market value ranking of listed companies. */
export const starmarketValuationTop: ExportKind<RankParams> = {
  name: STARMARKET_DOWN_KINDS[3],
  level: 'login',
  params: rankParams,
  columns: RANKED_COLUMNS,
  title: async (_d1, p) => `科创板开盘市值TOP${p.number ?? 10}`,
  query: (p) => ranking(m.countMoney, [eq(m.isListed, 1)], p),
};

/** The area's kinds, registered with the pipeline in exports/kinds.ts. */
export const starmarketExportKinds = [starmarketApplicants, starmarketListed, starmarketAmountTop, starmarketValuationTop];
