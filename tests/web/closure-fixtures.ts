import type { RankedCompany } from '../../web/src/features/closure/queries/rankings';

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
