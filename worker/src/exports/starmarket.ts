/**
 * STAR-market exports (/export/starmarket_company_down): the applicant and listed tabs of /kcb/project
 * and the two exportable rankings of /kcb/rank (financing and opening market value, top 10 by default).
 */
import { z } from 'zod';
import { likeAnywhere, optInt, optText } from '../lib/params';
import { slice } from './schemas';
import type { ExportColumn, ExportKind, ExportQuery } from './types';

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

const SELECT = `m.com_name, m.com_registered_name, s1.name AS cat_name, s2.name AS se_cat_name, m.com_prov, m.com_city,
  st.name AS state_name, m.acceptance_time, m.acceptance_update_time, m.plan_issue_capital, m.total_money,
  m.count_money, m.money, m.organization_name, m.accounting_firm, m.law_firm, m.com_slogan`;

const JOINS = `LEFT JOIN sectors s1 ON s1.id = m.cat_id LEFT JOIN sectors s2 ON s2.id = m.se_cat_id
  LEFT JOIN starmarket_states st ON st.id = m.state_id`;

const listFilters = {
  keyword: optText('关键词', 50),
  cat_id: optInt('行业', 0, 2_147_483_647),
  com_prov: optText('省份', 20),
  ...slice,
};

const applicantParams = z.object({ ...listFilters, state: optInt('审核状态', 0, 2_147_483_647) });
const listedParams = z.object(listFilters);

function filterWhere(p: { keyword?: string; cat_id?: number; com_prov?: string; state?: number }, listed: 0 | 1) {
  const where = ['m.is_listed = ?'];
  const params: unknown[] = [listed];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (p.keyword) add("m.com_name LIKE ? ESCAPE '\\'", likeAnywhere(p.keyword));
  if (p.cat_id) add('m.cat_id = ?', p.cat_id);
  if (p.com_prov) add('m.com_prov = ?', p.com_prov);
  if (p.state) add('m.state_id = ?', p.state);
  return { where, params };
}

const byAcceptance = (where: string[], params: unknown[]): ExportQuery => ({
  from: 'starmarket_companies m',
  joins: JOINS,
  where,
  params,
  key: ['m.acceptance_time', 'm.m_com_id'],
  dir: 'DESC',
  select: SELECT,
});

/** type 1: applicant companies (not yet listed), optionally one review state; newest application first. */
export const starmarketApplicants: ExportKind<z.infer<typeof applicantParams>> = {
  name: 'starmarket_applicants',
  level: 'login',
  params: applicantParams,
  columns: COLUMNS,
  title: async () => '科创板申报企业',
  query: (p) => {
    const { where, params } = filterWhere(p, 0);
    return byAcceptance(where, params);
  },
};

/** type 4: listed companies. */
export const starmarketListed: ExportKind<z.infer<typeof listedParams>> = {
  name: 'starmarket_listed',
  level: 'login',
  params: listedParams,
  columns: COLUMNS,
  title: async () => '科创板上市企业',
  query: (p) => {
    const { where, params } = filterWhere(p, 1);
    return byAcceptance(where, params);
  },
};

/** The rank page downloads its top 10 ("arguments 10"); up to 100 may be asked for. */
const rankParams = z.object({ number: optInt('导出条数', 1, 100), ...slice });
type RankParams = z.infer<typeof rankParams>;

const RANKED_COLUMNS: ExportColumn[] = [{ key: '_pos', header: '排名', width: 8, type: 'number' }, ...COLUMNS];

const ranking = (measure: string, where: string[], p: RankParams): ExportQuery => ({
  ...byAcceptance([...where, `${measure} > 0`], []),
  key: [measure, 'm.m_com_id'],
  limit: p.number ?? 10,
});

/** type 2: financing total ranking over all STAR-market companies. */
export const starmarketAmountTop: ExportKind<RankParams> = {
  name: 'starmarket_amount_top',
  level: 'login',
  params: rankParams,
  columns: RANKED_COLUMNS,
  title: async (_d1, p) => `科创板融资TOP${p.number ?? 10}`,
  query: (p) => ranking('m.total_money', [], p),
};

/** type 3: opening market value ranking of listed companies. */
export const starmarketValuationTop: ExportKind<RankParams> = {
  name: 'starmarket_valuation_top',
  level: 'login',
  params: rankParams,
  columns: RANKED_COLUMNS,
  title: async (_d1, p) => `科创板开盘市值TOP${p.number ?? 10}`,
  query: (p) => ranking('m.count_money', ['m.is_listed = 1'], p),
};
