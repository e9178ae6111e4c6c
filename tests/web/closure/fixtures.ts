import type { RankedCompany } from '../../../web/src/features/closure/queries/rankings';
import type { FailedCompany } from '../../../web/src/features/closure/queries/tracks';

/** A ranking row as GET /api/closure/amount_top returns it; tests override what they look at. */
export function rankedCompany(rank: number, over: Partial<RankedCompany> = {}): RankedCompany {
  return {
    rank,
    serial: rank,
    com_id: 500 + rank,
    com_name: `公司${rank}`,
    logo: '',
    com_des: '',
    com_prov: '北京',
    cat_id: 1,
    cat_name: '金融',
    se_cat_name: '区块链',
    born: '2015-03',
    com_change_close_date: '2019-06-01',
    com_fund_status_name: 'B轮',
    survival: { years: 4, months: 3 },
    live_time: 1553,
    operating_status: '已关闭',
    total_money: 0,
    valuation: 0,
    incense_total: 0,
    closure_type: [],
    com_team: [],
    com_tag: [],
    com_invst: [],
    ...over,
  };
}

/** A row of a track's, album's or reason's companies (GET /api/closure/death_track_list); tests override what they look at. */
export function failedCompany(over: Partial<FailedCompany> = {}): FailedCompany {
  return {
    com_id: 101,
    com_name: '力灵网',
    logo: '',
    com_des: '一家共享单车运营商。',
    com_prov: '江苏',
    cat_id: 1,
    cat_name: '汽车交通',
    se_cat_name: '共享单车',
    born: '2018-05',
    com_change_close_date: '2026-01-03',
    com_fund_status_name: 'A轮',
    survival: { years: 7, months: 8 },
    live_time: 2800,
    operating_status: '已关闭',
    total_money: 12000,
    valuation: 30000,
    incense_total: 5,
    closure_type: [
      { id: 21, p_id: 2, name: '现金流断裂' },
      { id: 11, p_id: 1, name: '行业竞争' },
    ],
    com_team: [],
    com_tag: [],
    com_invst: [],
    ...over,
  };
}
