/**
 * Which column of a file is which field, by its header text: the product's own export headers
 * (closure/exports.ts, starmarket/exports.ts), akshare's (ak.death_company(): 公司简称, 成立时间,
 * 关闭时间, 存活天数, 融资规模, 行业, 地点) and the API's field names. Headers compare without spaces,
 * case or the difference between full- and half-width brackets.
 */
import { ApiError } from '../lib/errors';
import type { ImportKind } from './tables';

export interface FieldSpec {
  /** The field's name in the rejects file and the summary. */
  label: string;
  headers: string[];
  required?: boolean;
}

export const CLOSURE_FIELDS = {
  com_name: { label: '公司名称', headers: ['公司名称', '公司简称', 'com_name', '公司'], required: true },
  cat_name: { label: '行业', headers: ['行业', 'cat_name', '行业名称'], required: true },
  se_cat_name: { label: '子行业', headers: ['子行业', 'se_cat_name'] },
  com_prov: { label: '地区', headers: ['地区', '地点', '省份', 'com_prov'], required: true },
  born_date: { label: '成立时间', headers: ['成立时间', '成立日期', 'born', 'born_date'], required: true },
  close_date: { label: '关闭时间', headers: ['关闭时间', '关闭日期', 'com_change_close_date', 'close_date'], required: true },
  round_name: { label: '融资轮次', headers: ['融资轮次', 'com_fund_status_name', '融资状态', 'round_name'] },
  total_money: { label: '融资总额', headers: ['融资总额(万元)', '融资规模', '融资总额', 'total_money'] },
  valuation: { label: '估值', headers: ['估值(万元)', '估值', 'valuation'] },
  reasons: { label: '关闭原因', headers: ['关闭原因', 'closure_type', 'reasons'] },
  operating_status: { label: '运营状态', headers: ['运营状态', '经营状态', 'operating_status'] },
  investors: { label: '投资机构', headers: ['投资机构', '投资方', 'com_invst', 'investors'] },
  com_des: { label: '公司简介', headers: ['公司简介', '简介', 'com_des'] },
} satisfies Record<string, FieldSpec>;

export const STAR_FIELDS = {
  com_name: { label: '公司简称', headers: ['公司简称', 'com_name'], required: true },
  com_registered_name: { label: '公司全称', headers: ['公司全称', 'com_registered_name'], required: true },
  cat_name: { label: '行业', headers: ['行业', 'cat_name'], required: true },
  se_cat_name: { label: '子行业', headers: ['子行业', 'se_cat_name'] },
  com_prov: { label: '省份', headers: ['省份', '地区', 'com_prov'], required: true },
  com_city: { label: '城市', headers: ['城市', 'com_city'] },
  state_name: { label: '审核状态', headers: ['审核状态', 'state_sub_name', 'state_name'], required: true },
  acceptance_time: { label: '受理日期', headers: ['受理日期', 'acceptance_time'], required: true },
  acceptance_update_time: { label: '更新日期', headers: ['更新日期', 'acceptance_update_time'] },
  plan_issue_capital: { label: '拟募资金额', headers: ['拟募资金额(万元)', '拟募资金额', 'plan_issue_capital', 'planIssueCapital'] },
  total_money: { label: '融资总额', headers: ['融资总额(万元)', '融资总额', 'total_money'] },
  count_money: { label: '开盘市值', headers: ['开盘市值(万元)', '开盘市值', 'count_money'] },
  money: { label: '募集资金', headers: ['募集资金(万元)', '募集资金', 'money'] },
  organization_name: { label: '保荐机构', headers: ['保荐机构', 'organization_name'] },
  accounting_firm: { label: '会计师事务所', headers: ['会计师事务所', 'accounting_firm'] },
  law_firm: { label: '律师事务所', headers: ['律师事务所', 'law_firm'] },
  com_slogan: { label: '一句话介绍', headers: ['一句话介绍', 'com_slogan'] },
} satisfies Record<string, FieldSpec>;

/** Healthcare financing events: the event list's fields (GET /api/medical type=event) or their Chinese names. */
export const MEDICAL_FIELDS = {
  com_name: { label: '公司名称', headers: ['公司名称', '公司', '公司简称', 'com_name'], required: true },
  date: { label: '融资时间', headers: ['融资时间', '融资日期', '时间', '日期', 'time', 'date'], required: true },
  round: { label: '轮次', headers: ['轮次', '融资轮次', 'round'], required: true },
  guess_money: { label: '金额', headers: ['金额', '融资金额', 'guess_money'] },
  money: { label: '金额(万元)', headers: ['金额(万元)', '融资金额(万元)', 'money'] },
  investors: { label: '投资方', headers: ['投资方', '投资机构', 'invst', 'investors'] },
} satisfies Record<string, FieldSpec>;

/** Columns an export writes that are worked out from others (or the file's order): read, never imported. */
const DERIVED = ['排名', '存活时间(月)', '存活天数', '存活时间', 'survival_months', '_pos', 'measure_rank'];


export const FIELDS_OF: Record<ImportKind, Record<string, FieldSpec>> = {
  closure: CLOSURE_FIELDS,
  starmarket: STAR_FIELDS,
  'medical-event': MEDICAL_FIELDS,
};

export const normalHeader = (h: string) =>
  h
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .replace(/[\s\u3000]+/g, '')
    .toLowerCase();

export interface ColumnMap {
  kind: ImportKind;
  /** field -> index of its column in the file. */
  index: Record<string, number>;
  /** Headers that are no field of the kind (shown in the summary, never imported). */
  ignored: string[];
}

const findIndex = (headers: string[], spec: FieldSpec) => {
  const wanted = spec.headers.map(normalHeader);
  return headers.findIndex((h) => wanted.includes(normalHeader(h)));
};

/**
 * The kind a file is, from its headers: STAR files have 公司全称, closed companies 关闭时间, events
 * 轮次 and a financing date; otherwise the kind with most of its required columns present.
 */
export function detectKind(headers: string[]): ImportKind {
  const has = (spec: FieldSpec) => findIndex(headers, spec) >= 0;
  if (has(STAR_FIELDS.com_registered_name)) return 'starmarket';
  if (has(CLOSURE_FIELDS.close_date)) return 'closure';
  if (has(MEDICAL_FIELDS.round) && has(MEDICAL_FIELDS.date)) return 'medical-event';
  throw new ApiError('BAD_REQUEST', '无法从表头判断文件的类型，请用 --kind 指定（closure、starmarket 或 medical-event）', { field: 'headers' });
}

/** Maps a file's headers to the kind's fields; a required field without a column is BAD_REQUEST. */
export function mapColumns(kind: ImportKind, headers: string[]): ColumnMap {
  const fields = FIELDS_OF[kind];
  const index: Record<string, number> = {};
  const missing: string[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    const i = findIndex(headers, spec);
    if (i >= 0) index[field] = i;
    else if (spec.required) missing.push(spec.label);
  }
  if (missing.length) throw new ApiError('BAD_REQUEST', `文件缺少必需的列：${missing.join('、')}`, { field: 'headers' });
  const used = new Set(Object.values(index));
  const derived = DERIVED.map(normalHeader);
  const ignored = headers.filter((h, i) => !used.has(i) && h.trim() !== '' && !derived.includes(normalHeader(h)));
  return { kind, index, ignored };
}
